import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { toAppError } from '../../../errors/appError.ts';
import { getSupabase } from '../../../lib/supabase.ts';
import { creditsKeys } from './keys.ts';

export interface Subscription {
  id: string;
  packId: string;
  packName: string | null;
  status: 'active' | 'cancelled';
  currentPeriodEnd: string;
  cancelAtPeriodEnd: boolean;
}

// text with a check constraint: the generated type says string, the check says which.
const status = z.enum(['active', 'cancelled']);

/** The user's active subscription, or null when there is none. */
export async function fetchActiveSubscription(userId: string): Promise<Subscription | null> {
  const { data, error } = await getSupabase()
    .from('subscriptions')
    .select('id, pack_id, status, current_period_end, cancel_at_period_end, packs(name)')
    .eq('user_id', userId)
    .eq('status', 'active')
    .maybeSingle();
  if (error) throw toAppError(error, 'subscription');
  if (!data) return null;
  const r = data;
  return {
    id: r.id,
    packId: r.pack_id,
    packName: r.packs?.name ?? null,
    status: status.parse(r.status),
    currentPeriodEnd: r.current_period_end,
    cancelAtPeriodEnd: r.cancel_at_period_end,
  };
}

export function useActiveSubscriptionQuery(userId: string) {
  return useQuery({ queryKey: creditsKeys.subscription(userId), queryFn: () => fetchActiveSubscription(userId) });
}
