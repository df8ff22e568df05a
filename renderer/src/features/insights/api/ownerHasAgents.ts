import { useQuery } from '@tanstack/react-query';
import { toAppError } from '../../../errors/appError.ts';
import { getSupabase } from '../../../lib/supabase.ts';
import { insightsKeys } from './keys.ts';

/** Whether the owner has at least one agent: the empty dashboard then offers them, else creating one. */
export async function fetchOwnerHasAgents(userId: string): Promise<boolean> {
  const { data, error } = await getSupabase().from('agents').select('id').eq('user_id', userId).limit(1);
  if (error) throw toAppError(error, 'generic');
  return (data ?? []).length > 0;
}

export function useOwnerHasAgentsQuery(userId: string, enabled: boolean) {
  return useQuery({
    enabled: enabled && userId !== '',
    queryKey: insightsKeys.hasAgents(userId),
    queryFn: () => fetchOwnerHasAgents(userId),
  });
}
