import { Card, Classes, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { isOwnerMessage } from '@contracts/history.ts';
import { formatDate } from '../../../lib/dates.ts';
import type { TranscriptMessage } from '../api/transcript.ts';
import { ROLE_LABEL } from '../labels.ts';

/** Who a line is from: the owner's own replies are theirs, not the agent's. */
function roleOf(m: TranscriptMessage): 'user' | 'assistant' | 'owner' | 'system' {
  if (m.role === 'assistant') return isOwnerMessage(m.metadata) ? 'owner' : 'assistant';
  return m.role === 'user' ? 'user' : 'system';
}

/** A conversation's messages with the tools each answer used and the sources it cited. */
export function Transcript({ messages }: { messages: TranscriptMessage[] }) {
  const { t, i18n } = useTranslation();
  return (
    <ol className="transcript" aria-label={t('history:calls.transcript')}>
      {messages.map((m) => (
        <li key={m.id} className={`transcript-line transcript-${m.role}`}>
          <Card compact>
            <div className="transcript-meta">
              <strong>{t(ROLE_LABEL[roleOf(m)])}</strong>
              <span className={Classes.TEXT_MUTED}>{formatDate(m.timestamp, i18n.language)}</span>
            </div>
            <p className="transcript-content">{m.content}</p>
            {m.tool_calls && m.tool_calls.length > 0 && (
              <div className="transcript-extras" aria-label={t('history:inbox.tools')}>
                <span className={Classes.TEXT_MUTED}>{t('history:inbox.tools')}:</span>
                {m.tool_calls.map((tool, i) => (
                  <Tag key={i} minimal icon="wrench" intent={tool.status === 'failed' ? 'danger' : 'none'}>
                    {tool.name} ·{' '}
                    {t(
                      `history:inbox.toolStatus.${tool.status === 'succeeded' || tool.status === 'failed' ? tool.status : 'unknown'}`,
                    )}
                  </Tag>
                ))}
              </div>
            )}
            {m.citations && m.citations.length > 0 && (
              <div className="transcript-extras" aria-label={t('history:inbox.citations')}>
                <span className={Classes.TEXT_MUTED}>{t('history:inbox.citations')}:</span>
                {m.citations.map((c, i) => (
                  <Tag key={i} minimal icon="document" title={c.snippet}>
                    {c.name}
                  </Tag>
                ))}
              </div>
            )}
          </Card>
        </li>
      ))}
    </ol>
  );
}
