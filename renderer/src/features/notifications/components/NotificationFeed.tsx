import { Button, Classes, Icon, Menu, MenuItem, type IconName } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/dates.ts';
import { wordNotification, type FeedNotification } from '../api/notification.ts';

export interface NotificationFeedProps {
  items: FeedNotification[];
  unread: number;
  onOpen: (notification: FeedNotification) => void;
  onMarkAllRead: () => void;
}

const icons: Record<FeedNotification['kind'], IconName> = {
  new_conversation: 'chat',
  failed_call: 'phone',
  low_credit: 'dollar',
};

/** The feed's list (a view: props in, callbacks out); unread entries are bold and labelled. */
export function NotificationFeed({ items, unread, onOpen, onMarkAllRead }: NotificationFeedProps) {
  const { t, i18n } = useTranslation();
  return (
    <div className="console-notification-feed" aria-label={t('notifications:feed.title')}>
      <div className="console-notification-feed-header">
        <span className={Classes.TEXT_MUTED}>{t('notifications:feed.unread', { count: unread })}</span>
        <Button
          size="small"
          variant="minimal"
          icon="tick"
          disabled={unread === 0}
          text={t('notifications:feed.markAllRead')}
          onClick={onMarkAllRead}
        />
      </div>
      <Menu>
        {items.map((n) => {
          const { title, body } = wordNotification(t, n);
          return (
            <MenuItem
              key={n.id}
              icon={<Icon icon={icons[n.kind]} />}
              data-notification={n.kind}
              data-unread={n.read ? undefined : 'true'}
              aria-label={`${n.read ? '' : `${t('notifications:feed.unreadLabel')}: `}${title}. ${body}`}
              text={
                <div>
                  <div className={n.read ? undefined : 'console-notification-unread'}>{title}</div>
                  <div className={`${Classes.TEXT_SMALL} ${Classes.TEXT_OVERFLOW_ELLIPSIS}`}>{body}</div>
                  <div className={`${Classes.TEXT_SMALL} ${Classes.TEXT_MUTED}`}>
                    {formatDate(n.createdAt, i18n.language)}
                  </div>
                </div>
              }
              onClick={() => onOpen(n)}
            />
          );
        })}
      </Menu>
    </div>
  );
}
