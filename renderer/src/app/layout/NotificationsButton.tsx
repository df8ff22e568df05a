import { Button, PopoverNext, Tag } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { EmptyState } from '../../components/EmptyState.tsx';
import { QueryState } from '../../components/QueryState.tsx';
import { useAuth } from '../../features/auth/session/AuthProvider.tsx';
import { useNotificationsQuery } from '../../features/notifications/api/listNotifications.ts';
import { useMarkNotificationsReadMutation } from '../../features/notifications/api/markRead.ts';
import { NotificationFeed } from '../../features/notifications/components/NotificationFeed.tsx';

/**
 * The sidebar's notifications button: unread count, and the latest notifications in a popover
 * (kept live by useNotificationCenter in the layout). Opening one marks it read and goes to it.
 */
export function NotificationsButton({ compact }: { compact?: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user } = useAuth();
  const [open, setOpen] = useState(false);
  const feed = useNotificationsQuery(user?.id);
  const markRead = useMarkNotificationsReadMutation(user?.id ?? '');
  const unread = feed.data?.unread ?? 0;
  return (
    <PopoverNext
      isOpen={open}
      onInteraction={setOpen}
      placement={compact ? 'right-end' : 'top-start'}
      content={
        <div className="console-notifications">
          <QueryState
            query={feed}
            isEmpty={(data) => data.items.length === 0}
            empty={
              <EmptyState
                icon="notifications"
                title={t('notifications:feed.empty')}
                description={t('notifications:feed.emptyHelp')}
              />
            }
          >
            {(data) => (
              <NotificationFeed
                items={data.items}
                unread={data.unread}
                onMarkAllRead={() => markRead.mutate('all')}
                onOpen={(n) => {
                  if (!n.read) markRead.mutate([n.id]);
                  setOpen(false);
                  void navigate(n.route);
                }}
              />
            )}
          </QueryState>
        </div>
      }
    >
      <span className="console-notifications-anchor">
        <Button
          variant="minimal"
          icon="notifications"
          aria-label={t('shell:sidebar.notifications')}
          title={t('shell:sidebar.notifications')}
        />
        {unread > 0 && (
          <Tag
            round
            intent="danger"
            className="console-notifications-count"
            aria-label={t('notifications:feed.unread', { count: unread })}
          >
            {unread > 99 ? '99+' : unread}
          </Tag>
        )}
      </span>
    </PopoverNext>
  );
}
