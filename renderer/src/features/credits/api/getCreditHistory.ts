import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { toAppError } from '../../../errors/appError.ts';
import { getSupabase } from '../../../lib/supabase.ts';
import { creditsKeys } from './keys.ts';

export type CreditEntryType =
  'signup_bonus' | 'free_activation' | 'purchase' | 'admin_grant' | 'admin_debit' | 'usage' | 'refund';

export interface CreditEntry {
  id: number;
  type: CreditEntryType;
  amount: number;
  packId: string | null;
  createdAt: string;
}

// text with a check constraint: the generated type says string, the check says which.
const entryType = z.enum([
  'signup_bonus',
  'free_activation',
  'purchase',
  'admin_grant',
  'admin_debit',
  'usage',
  'refund',
]);

/** The user's credit movements, newest first (query by user ordered by date desc). */
export async function fetchCreditHistory(userId: string, limit = 50): Promise<CreditEntry[]> {
  const { data, error } = await getSupabase()
    .from('credit_ledger')
    .select('id, type, amount, pack_id, created_at')
    .eq('user_id', userId)
    .order('created_at', { ascending: false })
    .order('id', { ascending: false })
    .limit(limit);
  if (error) throw toAppError(error, 'history');
  return (data ?? []).map((r) => ({
    id: r.id,
    type: entryType.parse(r.type),
    amount: r.amount,
    packId: r.pack_id,
    createdAt: r.created_at,
  }));
}

export function useCreditHistoryQuery(userId: string) {
  return useQuery({ queryKey: creditsKeys.history(userId), queryFn: () => fetchCreditHistory(userId) });
}
