import { Button, Classes, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/dates.ts';
import { formatInternational } from '../../phoneNumbers/format.ts';
import type { WhatsAppThread } from '../api/threads.ts';

export interface ThreadListProps {
  threads: WhatsAppThread[];
  selectedKey: string | null;
  onSelect: (thread: WhatsAppThread) => void;
  /** Shows each thread's agent (the all-agents page). */
  showAgent: boolean;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
}

/** The conversations, newest first: each a button (keyboard reachable), the open one marked. */
export function ThreadList({
  threads,
  selectedKey,
  onSelect,
  showAgent,
  hasMore,
  loadingMore,
  onLoadMore,
}: ThreadListProps) {
  const { t, i18n } = useTranslation();
  return (
    <nav className="wa-thread-list" aria-label={t('messages:threads.label')}>
      <ul>
        {threads.map((thread) => {
          const selected = thread.key === selectedKey;
          const name = thread.profileName ?? formatInternational(thread.contactNumber);
          const preview = thread.lastBody || (thread.lastMediaCount > 0 ? t('messages:threads.attachment') : '') || '—';
          return (
            <li key={thread.key}>
              <button
                type="button"
                className={`wa-thread${selected ? ' is-selected' : ''}`}
                aria-current={selected ? 'true' : undefined}
                data-testid="wa-thread"
                data-contact={thread.contactNumber}
                data-agent={thread.agentId ?? ''}
                onClick={() => onSelect(thread)}
              >
                <span className="wa-thread-head">
                  <strong className="wa-thread-name">{name}</strong>
                  <time className={Classes.TEXT_MUTED} dateTime={thread.lastMessageAt}>
                    {formatDate(thread.lastMessageAt, i18n.language)}
                  </time>
                </span>
                {thread.profileName && (
                  <span className={`${Classes.TEXT_MUTED} ${Classes.TEXT_SMALL}`}>
                    {formatInternational(thread.contactNumber)}
                  </span>
                )}
                {showAgent && (
                  <span className={Classes.TEXT_SMALL} data-testid="wa-thread-agent">
                    {thread.agentName ?? t('messages:threads.deletedAgent')}
                  </span>
                )}
                <span className={`wa-thread-preview ${Classes.TEXT_OVERFLOW_ELLIPSIS}`}>
                  {thread.lastDirection === 'outbound' && t('messages:threads.replyPrefix')}
                  {preview}
                </span>
                <span className="wa-thread-tags">
                  <Tag minimal round>
                    {t('messages:threads.count', { count: thread.messageCount })}
                  </Tag>
                  {thread.failedCount > 0 && (
                    <Tag minimal round intent="danger">
                      {t('messages:threads.failed', { count: thread.failedCount })}
                    </Tag>
                  )}
                </span>
              </button>
            </li>
          );
        })}
      </ul>
      {hasMore && (
        <Button
          variant="minimal"
          fill
          icon="more"
          loading={loadingMore}
          text={t('messages:threads.loadMore')}
          onClick={onLoadMore}
        />
      )}
    </nav>
  );
}
