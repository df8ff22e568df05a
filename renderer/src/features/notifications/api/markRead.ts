import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toAppError } from '../../../errors/appError.ts';
import { getSupabase } from '../../../lib/supabase.ts';
import { notificationKeys } from './keys.ts';
import type { NotificationFeed } from './listNotifications.ts';

/** Marks the given notifications read, or every unread one ('all'); RLS limits it to the owner's. */
export async function markNotificationsRead(ids: string[] | 'all'): Promise<void> {
  const query = getSupabase().from('notifications').update({ read_at: new Date().toISOString() }).is('read_at', null);
  const { error } = ids === 'all' ? await query.not('id', 'is', null) : await query.in('id', ids);
  if (error) throw toAppError(error);
}

export function useMarkNotificationsReadMutation(userId: string) {
  const queryClient = useQueryClient();
  const key = notificationKeys.feed(userId);
  return useMutation({
    mutationFn: markNotificationsRead,
    // The badge and the list change at once; a failed save rolls back.
    onMutate: async (ids) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<NotificationFeed>(key);
      if (previous) {
        const hit = (id: string) => ids === 'all' || ids.includes(id);
        const items = previous.items.map((n) => (hit(n.id) ? { ...n, read: true } : n));
        const newlyRead = previous.items.filter((n) => !n.read && hit(n.id)).length;
        queryClient.setQueryData<NotificationFeed>(key, {
          items,
          unread: ids === 'all' ? 0 : Math.max(0, previous.unread - newlyRead),
        });
      }
      return { previous };
    },
    onError: (_e, _ids, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}
