import { minutesUsageRow } from '@contracts/usage.ts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId } from 'react';
import { toAppError } from '../../../errors/appError.ts';
import { getSupabase } from '../../../lib/supabase.ts';
import { authKeys } from '../../auth/api/keys.ts';
import { creditsKeys } from './keys.ts';

/**
 * Voice minutes used of the minutes the user's pack gives this period (1 credit = 1 minute): the
 * subscription's month and its pack's minutes, or, on the free pack, everything granted so far.
 */
export interface MinutesUsage {
  usedMinutes: number;
  totalMinutes: number;
  /** The running subscription's pack name; null on the free pack. */
  subscribedPack: string | null;
}

/** The aggregate comes from SQL (`minutes_usage()`), never from ledger rows in the browser. */
export async function fetchMinutesUsage(): Promise<MinutesUsage> {
  const { data, error } = await getSupabase().rpc('minutes_usage').single();
  if (error) throw toAppError(error, 'balance');
  const row = minutesUsageRow.parse(data);
  return {
    usedMinutes: row.used_minutes,
    totalMinutes: row.included_minutes,
    subscribedPack: row.subscribed ? row.pack_name : null,
  };
}

/**
 * The sidebar's usage, kept fresh by Realtime: any ledger or subscription change of the user
 * (a metered call, the free pack, a purchase the payment webhook applies) re-reads it and the
 * balance at once.
 */
export function useMinutesUsageQuery(userId: string | undefined) {
  const client = useQueryClient();
  const instance = useId();
  useEffect(() => {
    if (!userId) return;
    const refresh = () => {
      void client.invalidateQueries({ queryKey: creditsKeys.all });
      void client.invalidateQueries({ queryKey: authKeys.profile(userId) });
    };
    const filter = `user_id=eq.${userId}`;
    const channel = getSupabase()
      .channel(`minutes-usage:${userId}:${instance}`)
      .on('postgres_changes', { event: '*', schema: 'public', table: 'credit_ledger', filter }, refresh)
      .on('postgres_changes', { event: '*', schema: 'public', table: 'subscriptions', filter }, refresh)
      .subscribe();
    return () => {
      void getSupabase().removeChannel(channel);
    };
  }, [userId, client, instance]);
  return useQuery({
    queryKey: creditsKeys.usage(userId ?? ''),
    queryFn: fetchMinutesUsage,
    enabled: Boolean(userId),
    staleTime: 30_000,
  });
}
