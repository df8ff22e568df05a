import { useQuery } from '@tanstack/react-query';
import { AppError, toAppError } from '../../../errors/appError.ts';
import { getSupabase } from '../../../lib/supabase.ts';
import { authKeys } from './keys.ts';
import { PROFILE_COLUMNS, toProfile, type Profile } from './profile.ts';

/** Reads the signed-in user's profile row; `null` when the row does not exist (yet). */
export async function fetchProfile(userId: string): Promise<Profile | null> {
  const { data, error } = await getSupabase().from('profiles').select(PROFILE_COLUMNS).eq('id', userId).maybeSingle();
  if (error) throw toAppError(error, 'profile');
  return data === null ? null : toProfile(data);
}

export function useProfileQuery(userId: string | undefined) {
  return useQuery({
    queryKey: authKeys.profile(userId ?? 'anonymous'),
    queryFn: () => fetchProfile(userId as string),
    enabled: userId !== undefined,
    staleTime: 60_000,
    // A missing table or a denied read will not heal by retrying; only network blips do.
    retry: (failures, error) => failures < 2 && error instanceof AppError && error.source === 'network',
  });
}
