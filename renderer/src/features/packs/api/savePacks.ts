import { useMutation, useQueryClient } from '@tanstack/react-query';
import { packListSchema, type PackInput } from '@contracts/packs.ts';
import { toAppError } from '../../../errors/appError.ts';
import { getSupabase } from '../../../lib/supabase.ts';
import { creditsKeys } from '../../credits/api/keys.ts';
import { packsAdminKeys } from './keys.ts';

/** Saves the whole list (admin_save_packs checks the caller is admin and the number rules). */
export async function savePacks(packs: PackInput[]): Promise<void> {
  const parsed = packListSchema.parse(packs);
  const { error } = await getSupabase().rpc('admin_save_packs', { packs: parsed });
  if (error) throw toAppError(error, 'packs');
}

export function useSavePacksMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePacks,
    onSuccess: async () => {
      // The landing pricing and the credits page read the same packs.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: packsAdminKeys.all }),
        queryClient.invalidateQueries({ queryKey: creditsKeys.packs() }),
      ]);
    },
  });
}
