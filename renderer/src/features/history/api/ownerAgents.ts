import { useQuery } from '@tanstack/react-query';
import { toAppError } from '../../../errors/appError.ts';
import { getSupabase } from '../../../lib/supabase.ts';
import { historyKeys } from './keys.ts';

/** The owner's agents by name, for the lists' agent filter. */
export function useOwnerAgentsQuery(userId: string) {
  return useQuery({
    queryKey: historyKeys.agents(userId),
    queryFn: async () => {
      const { data, error } = await getSupabase()
        .from('agents')
        .select('id, name')
        .eq('user_id', userId)
        .order('name')
        .limit(1000);
      if (error) throw toAppError(error);
      return data ?? [];
    },
  });
}
