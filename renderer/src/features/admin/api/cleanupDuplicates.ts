import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { toAppError } from '../../../errors/appError.ts';
import { getSupabase } from '../../../lib/supabase.ts';
import { adminKeys } from './keys.ts';

/** Per lower-cased email, keeps one account and deletes the rest; returns the count. */
export async function cleanupDuplicateUsers(): Promise<number> {
  const { data, error } = await getSupabase().rpc('admin_cleanup_duplicate_users');
  if (error) throw toAppError(error, 'cleanupDuplicates');
  return z.number().int().parse(data);
}

export function useCleanupDuplicatesMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: cleanupDuplicateUsers,
    // The users list is reloaded after a cleanup, so the removed duplicates disappear.
    onSettled: () => client.invalidateQueries({ queryKey: adminKeys.users() }),
  });
}
