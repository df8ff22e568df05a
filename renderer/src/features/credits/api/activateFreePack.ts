import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AppError, toAppError } from '../../../errors/appError.ts';
import { getSupabase } from '../../../lib/supabase.ts';
import { authKeys } from '../../auth/api/keys.ts';
import { creditsKeys } from './keys.ts';

/** Free pack: +30 credits once (RPC activate_free_pack); returns the new balance. */
export async function activateFreePack(): Promise<number> {
  const { data, error } = await getSupabase().rpc('activate_free_pack');
  if (error) {
    if (error.code === 'P0001' && /already activated/i.test(error.message)) {
      throw new AppError({
        source: 'database',
        code: 'free_pack_already_activated',
        messageKey: 'errors:credits.freePackAlreadyActivated',
        message: error.message,
      });
    }
    throw toAppError(error, 'freePack');
  }
  return data as number;
}

export function useActivateFreePackMutation(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: activateFreePack,
    // Whatever happened, the profile (balance, flag) and history may have changed: re-read them.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: authKeys.profile(userId) }),
        queryClient.invalidateQueries({ queryKey: creditsKeys.history(userId) }),
        // The sidebar's usage box counts the 30 new minutes at once (Realtime may be off).
        queryClient.invalidateQueries({ queryKey: creditsKeys.usage(userId) }),
      ]),
  });
}
