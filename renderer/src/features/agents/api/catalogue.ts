import { useQuery } from '@tanstack/react-query';
import { defaultConfigSchema, type DefaultConfig } from '@contracts/tool-definition.ts';
import { toAppError } from '../../../errors/appError.ts';
import { getSupabase } from '../../../lib/supabase.ts';
import { agentsKeys } from './keys.ts';

export interface SubSector {
  id: string;
  name: string;
  nameFr: string;
}
export interface Sector {
  id: string;
  name: string;
  nameFr: string;
  subSectors: SubSector[];
}

/** Sectors with their specializations, in the admin's order. */
export async function fetchSectors(): Promise<Sector[]> {
  const supabase = getSupabase();
  const [sectors, subSectors] = await Promise.all([
    supabase.from('sectors').select('id, name, name_fr').order('sort_order').order('id'),
    supabase.from('sub_sectors').select('id, sector_id, name, name_fr').order('sort_order').order('id'),
  ]);
  if (sectors.error) throw toAppError(sectors.error, 'sectors');
  if (subSectors.error) throw toAppError(subSectors.error, 'sectors');
  const subs = subSectors.data ?? [];
  return (sectors.data ?? []).map((s) => ({
    id: s.id,
    name: s.name,
    nameFr: s.name_fr,
    subSectors: subs.filter((x) => x.sector_id === s.id).map((x) => ({ id: x.id, name: x.name, nameFr: x.name_fr })),
  }));
}

export function useSectorsQuery() {
  return useQuery({ queryKey: agentsKeys.sectors(), queryFn: fetchSectors, staleTime: 10 * 60_000 });
}

export interface CatalogueTool {
  id: string;
  name: string;
  description: string;
  icon: string;
  defaultConfig: DefaultConfig;
  /** French texts ('' when not translated): shown through localizedTool. */
  nameFr: string;
  descriptionFr: string;
}

/** The enabled tools of the catalogue (RLS shows owners the enabled ones only). */
export async function fetchTools(): Promise<CatalogueTool[]> {
  const { data, error } = await getSupabase()
    .from('tool_catalogue')
    .select('id, name, description, name_fr, description_fr, icon, default_config')
    .eq('enabled', true)
    .order('sort_order')
    .order('id');
  if (error) throw toAppError(error, 'tools');
  return (data ?? []).map((t) => ({
    id: t.id,
    name: t.name,
    description: t.description,
    nameFr: t.name_fr,
    descriptionFr: t.description_fr,
    icon: t.icon,
    // jsonb: checked by Postgres to be texts, parsed with the same rule here.
    defaultConfig: defaultConfigSchema.catch({}).parse(t.default_config),
  }));
}

export function useToolsQuery() {
  return useQuery({ queryKey: agentsKeys.tools(), queryFn: fetchTools, staleTime: 10 * 60_000 });
}
