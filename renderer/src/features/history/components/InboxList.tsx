import { Card, Classes, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/dates.ts';
import { formatPhone } from '@contracts/phone-format.ts';
import type { InboxRow } from '../api/inbox.ts';
import { CHANNEL_LABEL } from '../labels.ts';

/** Who the conversation is with: the contact's name, else their number (written for the screen). */
export function conversationTitle(row: InboxRow, anonymous: string): string {
  if (row.contact_name) return formatPhone(row.contact_name);
  if (row.visitor_id && /^(whatsapp:)?\+?[0-9]/.test(row.visitor_id)) return formatPhone(row.visitor_id);
  return anonymous;
}

/** The inbox's conversations; each one is a button that opens its transcript. */
export function InboxList({
  rows,
  selectedId,
  onSelect,
}: {
  rows: InboxRow[];
  selectedId: string | null;
  onSelect: (id: string) => void;
}) {
  const { t, i18n } = useTranslation();
  return (
    <ul className="inbox-list">
      {rows.map((row) => (
        <li key={row.id}>
          <button
            type="button"
            className={`inbox-item ${Classes.BUTTON} ${Classes.MINIMAL}`}
            aria-current={row.id === selectedId}
            data-testid="inbox-item"
            onClick={() => onSelect(row.id)}
          >
            <Card compact>
              <div className="transcript-meta">
                <strong>{conversationTitle(row, t('history:inbox.anonymous'))}</strong>
                <span className={Classes.TEXT_MUTED}>{formatDate(row.started_at, i18n.language)}</span>
              </div>
              <div className="transcript-extras">
                <Tag minimal>{t(CHANNEL_LABEL[row.channel])}</Tag>
                {row.agent_name && <Tag minimal>{row.agent_name}</Tag>}
                <Tag minimal>{t('history:inbox.messages', { count: row.message_count })}</Tag>
                <Tag minimal>
                  {row.satisfaction === null
                    ? t('history:inbox.noRating')
                    : t('history:inbox.satisfaction', { percent: Math.round(row.satisfaction * 100) })}
                </Tag>
              </div>
              {row.preview && (
                <p className={`${Classes.TEXT_MUTED} ${Classes.TEXT_OVERFLOW_ELLIPSIS}`}>{row.preview}</p>
              )}
            </Card>
          </button>
        </li>
      ))}
    </ul>
  );
}
