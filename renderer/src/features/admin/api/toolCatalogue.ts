import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { catalogueToolSchema, type CatalogueTool } from '@contracts/tool-catalogue.ts';
import { z } from 'zod';
import { toAppError } from '../../../errors/appError.ts';
import { toJson } from '../../../lib/db-types.ts';
import { getSupabase } from '../../../lib/supabase.ts';
import { agentsKeys } from '../../agents/api/keys.ts';
import { adminKeys } from './keys.ts';

/** The whole catalogue, enabled or not (RLS shows an admin every tool), in its saved order. */
export async function fetchToolCatalogue(): Promise<CatalogueTool[]> {
  const { data, error } = await getSupabase()
    .from('tool_catalogue')
    .select('id, name, description, icon, enabled, function_definition, default_config')
    .order('sort_order')
    .order('id');
  if (error) throw toAppError(error, 'tools');
  return z.array(catalogueToolSchema).parse(data ?? []);
}

export function useToolCatalogueQuery() {
  return useQuery({ queryKey: adminKeys.toolCatalogue(), queryFn: fetchToolCatalogue });
}

/** Saves the list as a whole (RPC admin_save_tool_catalogue): missing tools are deleted. */
export async function saveToolCatalogue(tools: CatalogueTool[]): Promise<void> {
  const valid = z.array(catalogueToolSchema).parse(tools);
  const { error } = await getSupabase().rpc('admin_save_tool_catalogue', { tools: toJson(valid) });
  if (error) throw toAppError(error, 'saveTools');
}

export function useSaveToolCatalogueMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveToolCatalogue,
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: adminKeys.toolCatalogue() }),
        // The wizard's tools step offers the enabled tools.
        client.invalidateQueries({ queryKey: agentsKeys.tools() }),
      ]),
  });
}
