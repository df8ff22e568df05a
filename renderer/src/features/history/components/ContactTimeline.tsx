import { Card, Classes, Icon, Tag, type IconName } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { formatCallDuration, type ConversationChannel } from '@contracts/history.ts';
import { formatDate } from '../../../lib/dates.ts';
import type { TimelineEntry } from '../api/timeline.ts';
import { CHANNEL_LABEL } from '../labels.ts';

const channelIcons: Record<ConversationChannel, IconName> = {
  web_chat: 'chat',
  web_voice: 'headset',
  phone: 'phone',
  whatsapp: 'mobile-phone',
  sandbox: 'lab-test',
};

/** Every conversation of one person, any channel, newest first. */
export function ContactTimeline({ entries }: { entries: TimelineEntry[] }) {
  const { t, i18n } = useTranslation();
  return (
    <ol className="timeline" aria-label={t('history:contact.timeline')}>
      {entries.map((entry) => (
        <li key={entry.conversation_id} data-testid="timeline-entry" data-channel={entry.channel}>
          <Card compact>
            <div className="transcript-meta">
              <strong>
                <Icon icon={channelIcons[entry.channel]} /> {t(CHANNEL_LABEL[entry.channel])}
              </strong>
              <span className={Classes.TEXT_MUTED}>{formatDate(entry.started_at, i18n.language)}</span>
            </div>
            <p className={Classes.TEXT_MUTED}>
              {entry.agent_name ?? ''} · {t('history:contact.messages', { count: entry.message_count })}
              {entry.call_duration !== null &&
                ` · ${t('history:contact.callDuration', { duration: formatCallDuration(entry.call_duration) })}`}
            </p>
            {entry.preview && <p className="transcript-content">{entry.preview}</p>}
            <div className="transcript-extras">
              {entry.satisfaction !== null && (
                <Tag minimal>{t('history:inbox.satisfaction', { percent: Math.round(entry.satisfaction * 100) })}</Tag>
              )}
              <Link to={`/conversations/${entry.conversation_id}`}>{t('history:contact.openConversation')}</Link>
            </div>
          </Card>
        </li>
      ))}
    </ol>
  );
}
