import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { toAppError } from '../../../errors/appError.ts';
import { getSupabase } from '../../../lib/supabase.ts';
import { creditsKeys } from './keys.ts';

/** Voice minutes used and the total the user has had (used + remaining balance); 1 credit = 1 minute. */
export interface MinutesUsage {
  usedMinutes: number;
  totalMinutes: number;
}

const balanceRow = z.object({ credits: z.number().int() });
const usageRow = z.object({ credits_used: z.number().int() });

/**
 * Reads the balance from the profile and the minutes used from subscription_usage (kept by the
 * credit ledger trigger, so both move together when a call is metered).
 */
export async function fetchMinutesUsage(userId: string): Promise<MinutesUsage> {
  const supabase = getSupabase();
  const [balance, usage] = await Promise.all([
    supabase.from('profiles').select('credits').eq('id', userId).single(),
    supabase.from('subscription_usage').select('credits_used').eq('user_id', userId).maybeSingle(),
  ]);
  if (balance.error) throw toAppError(balance.error, 'balance');
  if (usage.error) throw toAppError(usage.error, 'balance');
  const remaining = balanceRow.parse(balance.data).credits;
  const used = usage.data ? usageRow.parse(usage.data).credits_used : 0;
  return { usedMinutes: used, totalMinutes: used + remaining };
}

export function useMinutesUsageQuery(userId: string | undefined) {
  return useQuery({
    queryKey: creditsKeys.usage(userId ?? ''),
    queryFn: () => fetchMinutesUsage(userId ?? ''),
    enabled: Boolean(userId),
    staleTime: 30_000,
  });
}
