import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { toAppError } from '../../../errors/appError.ts';
import { getSupabase } from '../../../lib/supabase.ts';
import { recoverInBatches, type RecoveryResult } from '../users/recoverInBatches.ts';
import { adminKeys } from './keys.ts';

const missingRow = z.object({ id: z.string(), email: z.string().nullable() });

async function fetchMissingProfiles(): Promise<string[]> {
  const { data, error } = await getSupabase().rpc('admin_missing_profiles');
  if (error) throw toAppError(error, 'recoverUsers');
  return z
    .array(missingRow)
    .parse(data ?? [])
    .map((r) => r.id);
}

async function recoverProfile(userId: string): Promise<boolean> {
  const { data, error } = await getSupabase().rpc('admin_recover_profile', { user_id: userId });
  if (error) throw toAppError(error, 'recoverUsers');
  return z.boolean().parse(data);
}

/** 'Recover all': every auth user without a profile, 5 at a time with a 1 s pause. */
export function recoverAllMissingUsers(): Promise<RecoveryResult> {
  return fetchMissingProfiles().then((ids) => recoverInBatches(ids, recoverProfile));
}

export function useRecoverUsersMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: recoverAllMissingUsers,
    onSettled: () => client.invalidateQueries({ queryKey: adminKeys.users() }),
  });
}
