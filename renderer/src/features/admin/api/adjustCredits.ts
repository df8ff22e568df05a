import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { toAppError } from '../../../errors/appError.ts';
import { getSupabase } from '../../../lib/supabase.ts';
import { adminKeys } from './keys.ts';

export interface CreditAdjustment {
  userId: string;
  /** Credits added (positive) or removed (negative). */
  amount: number;
  reason: string;
}

/** A ledger entry with its reason (RPC admin_adjust_credits); returns the new balance. */
export async function adjustCredits(adjustment: CreditAdjustment): Promise<number> {
  const { data, error } = await getSupabase().rpc('admin_adjust_credits', {
    user_id: adjustment.userId,
    amount: adjustment.amount,
    reason: adjustment.reason,
  });
  if (error) throw toAppError(error, 'updateUser');
  return z.number().int().parse(data);
}

export function useAdjustCreditsMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: adjustCredits,
    onSettled: (_balance, _error, adjustment) =>
      Promise.all([
        client.invalidateQueries({ queryKey: adminKeys.users() }),
        client.invalidateQueries({ queryKey: adminKeys.userCredits(adjustment.userId) }),
      ]),
  });
}
