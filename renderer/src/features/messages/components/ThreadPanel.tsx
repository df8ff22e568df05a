import type { StoredWhatsAppMedia, WhatsAppMediaItem } from '@contracts/whatsapp-messages.ts';
import { Button, Classes, H3 } from '@blueprintjs/core';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../../components/QueryState.tsx';
import { formatInternational } from '../../phoneNumbers/format.ts';
import { signedUrlOf, useMediaUrlsQuery } from '../api/mediaUrls.ts';
import { useThreadMessagesQuery } from '../api/threadMessages.ts';
import { MessageBubble } from './MessageBubble.tsx';
import { ThreadComposer } from './ThreadComposer.tsx';

export interface ThreadPanelProps {
  userId: string;
  agentId: string | null;
  contact: string;
  /** The WhatsApp profile name when known (from the thread list). */
  profileName: string | null;
  agentName: string | null;
  /** Back to the list (shown on narrow screens, where list and thread take turns). */
  onBack: () => void;
}

/** One conversation with a WhatsApp user: both directions, oldest first, earlier pages on demand. */
export function ThreadPanel({ userId, agentId, contact, profileName, agentName, onBack }: ThreadPanelProps) {
  const { t } = useTranslation();
  const query = useThreadMessagesQuery(userId, agentId, contact);
  const stored = useMemo(
    () => (query.data ?? []).flatMap((m) => m.media.filter((item): item is StoredWhatsAppMedia => 'bucket' in item)),
    [query.data],
  );
  const urls = useMediaUrlsQuery(stored);
  const mediaUrl = (item: WhatsAppMediaItem) => ('url' in item ? item.url : signedUrlOf(urls.data, item));
  const name = profileName ?? formatInternational(contact);
  const lastInboundAt = query.data?.findLast((message) => message.direction === 'inbound')?.sentAt ?? null;

  // Newest message in view when the thread opens or a message arrives (not when loading earlier ones).
  const end = useRef<HTMLDivElement>(null);
  const newestId = query.data?.at(-1)?.id;
  useEffect(() => {
    end.current?.scrollIntoView?.({ block: 'end' });
  }, [newestId]);

  return (
    <section
      className="wa-thread-panel"
      aria-label={t('messages:thread.label', { name })}
      data-testid="wa-thread-panel"
    >
      <header className="wa-thread-panel-header">
        <Button
          className="wa-thread-back"
          variant="minimal"
          icon="arrow-left"
          text={t('messages:thread.back')}
          onClick={onBack}
        />
        <div>
          <H3>{name}</H3>
          <p className={Classes.TEXT_MUTED}>
            {formatInternational(contact)}
            {agentName && ` · ${agentName}`}
          </p>
        </div>
      </header>
      <QueryState query={query} errorTitle={t('messages:thread.errorTitle')}>
        {(messages) => (
          <div className="wa-thread-scroll">
            {query.hasNextPage && (
              <Button
                variant="minimal"
                icon="history"
                loading={query.isFetchingNextPage}
                text={t('messages:thread.loadEarlier')}
                onClick={() => void query.fetchNextPage()}
              />
            )}
            <ol className="wa-messages" aria-live="polite">
              {messages.map((message) => (
                <MessageBubble key={message.id} message={message} mediaUrl={mediaUrl} />
              ))}
            </ol>
            <div ref={end} />
          </div>
        )}
      </QueryState>
      {/* A deleted agent's thread has no sender to write from. */}
      {agentId && query.data && (
        <ThreadComposer userId={userId} agentId={agentId} contact={contact} lastInboundAt={lastInboundAt} />
      )}
    </section>
  );
}
