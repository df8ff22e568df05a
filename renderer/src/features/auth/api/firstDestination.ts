import { useQuery } from '@tanstack/react-query';
import { toAppError } from '../../../errors/appError.ts';
import { getSupabase } from '../../../lib/supabase.ts';
import { authKeys } from './keys.ts';

/** Where a user who just verified goes: the creation wizard until they own an agent, else the dashboard. */
export async function fetchFirstDestination(userId: string): Promise<'/agents/new' | '/dashboard'> {
  const { count, error } = await getSupabase()
    .from('agents')
    .select('id', { count: 'exact', head: true })
    .eq('user_id', userId);
  if (error) throw toAppError(error, 'verification');
  return (count ?? 0) === 0 ? '/agents/new' : '/dashboard';
}

export function useFirstDestinationQuery(userId: string | undefined) {
  return useQuery({
    queryKey: [...authKeys.all, 'firstDestination', userId ?? 'anonymous'] as const,
    queryFn: () => fetchFirstDestination(userId as string),
    enabled: userId !== undefined,
    staleTime: 0,
  });
}
