import {
  notificationDataSchema,
  notificationKindSchema,
  type NotificationData,
  type NotificationKind,
} from '@contracts/notifications.ts';
import { formatPhone } from '@contracts/phone-format.ts';
import type { TFunction } from 'i18next';
import type { Row } from '../../../lib/db-types.ts';

export const NOTIFICATION_COLUMNS = 'id, kind, route, data, created_at, read_at';
export type NotificationRow = Pick<Row<'notifications'>, 'id' | 'kind' | 'route' | 'data' | 'created_at' | 'read_at'>;

/** One feed entry as the console uses it. */
export interface FeedNotification {
  id: string;
  kind: NotificationKind;
  route: string;
  data: NotificationData;
  createdAt: string;
  read: boolean;
}

/** A row, or null for a kind this console does not know (a newer server): it is not shown. */
export function toFeedNotification(row: NotificationRow): FeedNotification | null {
  const kind = notificationKindSchema.safeParse(row.kind);
  if (!kind.success) return null;
  const data = notificationDataSchema.safeParse(row.data ?? {});
  return {
    id: row.id,
    kind: kind.data,
    route: row.route,
    data: data.success ? data.data : {},
    createdAt: row.created_at,
    read: row.read_at !== null,
  };
}

const CHANNELS = ['web_chat', 'web_voice', 'phone', 'whatsapp'] as const;

/** The title and body of a notification in the interface language (feed and native notification alike). */
export function wordNotification(t: TFunction, n: FeedNotification): { title: string; body: string } {
  const agent = n.data.agentName ?? '';
  const channelKey = CHANNELS.find((c) => c === n.data.channel) ?? 'other';
  const channel = t(`notifications:channels.${channelKey}`);
  switch (n.kind) {
    case 'new_conversation':
      return {
        title: t('notifications:kinds.newConversation.title'),
        body: agent
          ? t('notifications:kinds.newConversation.bodyAgent', { agent, channel })
          : t('notifications:kinds.newConversation.body', { channel }),
      };
    case 'failed_call': {
      const status = t(
        `notifications:callStatus.${n.data.status === 'busy' || n.data.status === 'no-answer' ? n.data.status : 'failed'}`,
      );
      return {
        title: t('notifications:kinds.failedCall.title'),
        body: n.data.from
          ? t('notifications:kinds.failedCall.bodyFrom', { status, from: formatPhone(n.data.from), channel })
          : t('notifications:kinds.failedCall.body', { status, channel }),
      };
    }
    case 'low_credit':
      return {
        title: t('notifications:kinds.lowCredit.title'),
        body: t('notifications:kinds.lowCredit.body', { count: n.data.balance ?? 0 }),
      };
  }
}
