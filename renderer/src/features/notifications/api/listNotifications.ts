import { useQuery } from '@tanstack/react-query';
import { toAppError } from '../../../errors/appError.ts';
import { getSupabase } from '../../../lib/supabase.ts';
import { notificationKeys } from './keys.ts';
import {
  NOTIFICATION_COLUMNS,
  toFeedNotification,
  type FeedNotification,
  type NotificationRow,
} from './notification.ts';

/** How many of the latest notifications the feed shows. */
export const FEED_SIZE = 30;

export interface NotificationFeed {
  items: FeedNotification[];
  unread: number;
}

async function fetchFeed(): Promise<NotificationFeed> {
  const supabase = getSupabase();
  // RLS keeps both to the signed-in owner's rows.
  const [list, unread] = await Promise.all([
    supabase
      .from('notifications')
      .select(NOTIFICATION_COLUMNS)
      .order('created_at', { ascending: false })
      .limit(FEED_SIZE),
    supabase.from('notifications').select('id', { count: 'exact', head: true }).is('read_at', null),
  ]);
  if (list.error) throw toAppError(list.error);
  if (unread.error) throw toAppError(unread.error);
  const items = (list.data as NotificationRow[])
    .map(toFeedNotification)
    .filter((n): n is FeedNotification => n !== null);
  return { items, unread: unread.count ?? 0 };
}

export function useNotificationsQuery(userId: string | undefined) {
  return useQuery({
    queryKey: notificationKeys.feed(userId ?? ''),
    queryFn: fetchFeed,
    enabled: Boolean(userId),
    // Realtime refreshes it (liveNotifications.ts); this only covers a missed event.
    staleTime: 60_000,
  });
}
