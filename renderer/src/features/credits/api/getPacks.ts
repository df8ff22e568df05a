import { useQuery } from '@tanstack/react-query';
import { toAppError } from '../../../errors/appError.ts';
import { getSupabase } from '../../../lib/supabase.ts';
import { packColumns, toPack, type Pack } from '../packs.ts';
import { creditsKeys } from './keys.ts';

/** Active packs (visitors see active ones through RLS), cheapest first. */
export async function fetchPacks(): Promise<Pack[]> {
  const { data, error } = await getSupabase()
    .from('packs')
    .select(packColumns)
    .eq('active', true)
    .order('sort_order')
    .order('monthly_price');
  if (error) throw toAppError(error, 'packs');
  return (data ?? []).map(toPack);
}

export function usePacksQuery() {
  return useQuery({ queryKey: creditsKeys.packs(), queryFn: fetchPacks, staleTime: 5 * 60_000 });
}
