import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { toAppError } from '../../../errors/appError.ts';
import { getSupabase } from '../../../lib/supabase.ts';
import { adminKeys } from './keys.ts';

const deleted = z.object({ released_numbers: z.array(z.string()) });

/**
 * Deletes the auth user and everything they own (RPC admin_delete_user); their phone numbers go
 * back to the pool. Returns the released numbers.
 */
export async function deleteUser(userId: string): Promise<string[]> {
  const { data, error } = await getSupabase().rpc('admin_delete_user', { user_id: userId });
  if (error) throw toAppError(error, 'deleteUser');
  return deleted.parse(data).released_numbers;
}

export function useDeleteUserMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    onSettled: () => client.invalidateQueries({ queryKey: adminKeys.users() }),
  });
}
