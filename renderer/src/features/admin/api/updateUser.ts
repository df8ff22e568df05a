import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toAppError } from '../../../errors/appError.ts';
import { getSupabase } from '../../../lib/supabase.ts';
import { adminKeys } from './keys.ts';

export interface UserEdit {
  userId: string;
  name: string;
  isAdmin: boolean;
}

/** Name and role in one audited RPC; an admin cannot remove their own admin role. */
export async function updateUser(edit: UserEdit): Promise<void> {
  const { error } = await getSupabase().rpc('admin_update_user', {
    user_id: edit.userId,
    name: edit.name,
    is_admin: edit.isAdmin,
  });
  if (error) throw toAppError(error, 'updateUser');
}

export function useUpdateUserMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    onSettled: () => client.invalidateQueries({ queryKey: adminKeys.users() }),
  });
}
