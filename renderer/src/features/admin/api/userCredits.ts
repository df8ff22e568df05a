import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { toAppError } from '../../../errors/appError.ts';
import { getSupabase } from '../../../lib/supabase.ts';
import { adminKeys } from './keys.ts';

const entryRow = z.object({
  id: z.number(),
  type: z.string(),
  amount: z.number(),
  description: z.string().nullable(),
  created_at: z.string(),
});
export type UserCreditEntry = z.infer<typeof entryRow>;

/** A user's credit movements, newest first (RLS lets an admin read every user's ledger). */
export async function fetchUserCredits(userId: string): Promise<UserCreditEntry[]> {
  const { data, error } = await getSupabase()
    .from('credit_ledger')
    .select('id, type, amount, description, created_at')
    .eq('user_id', userId)
    .order('created_at', { ascending: false })
    .order('id', { ascending: false })
    .limit(50);
  if (error) throw toAppError(error, 'history');
  return z.array(entryRow).parse(data ?? []);
}

export function useUserCreditsQuery(userId: string) {
  return useQuery({ queryKey: adminKeys.userCredits(userId), queryFn: () => fetchUserCredits(userId) });
}
