import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef } from 'react';
import { getSupabase } from '../../../lib/supabase.ts';
import { notificationKeys } from './keys.ts';
import { toFeedNotification, type FeedNotification, type NotificationRow } from './notification.ts';

/**
 * Live feed: a new or changed notification of the owner (Realtime applies RLS; the filter keeps the
 * stream to this owner's rows) refreshes the feed; each new one is also handed to `onNew` (the
 * desktop app raises a native notification for it).
 */
export function useLiveNotifications(userId: string | undefined, onNew?: (n: FeedNotification) => void) {
  const queryClient = useQueryClient();
  const instance = useId();
  const onNewRef = useRef(onNew);
  useEffect(() => {
    onNewRef.current = onNew;
  }, [onNew]);
  useEffect(() => {
    if (!userId) return;
    const refresh = () => void queryClient.invalidateQueries({ queryKey: notificationKeys.feed(userId) });
    const filter = `user_id=eq.${userId}`;
    const channel = getSupabase()
      .channel(`notifications:${userId}:${instance}`)
      .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'notifications', filter }, (payload) => {
        refresh();
        const n = toFeedNotification(payload.new as NotificationRow);
        if (n) onNewRef.current?.(n);
      })
      .on('postgres_changes', { event: 'UPDATE', schema: 'public', table: 'notifications', filter }, refresh)
      .subscribe();
    return () => {
      void getSupabase().removeChannel(channel);
    };
  }, [queryClient, userId, instance]);
}
