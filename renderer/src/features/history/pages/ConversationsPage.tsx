import { formatPhone } from '@contracts/phone-format.ts';
import { Button, Classes, H2, H4, Intent, NonIdealState, Tag } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { z } from 'zod';
import { QueryState, SkeletonLines } from '../../../components/QueryState.tsx';
import { toAppError } from '../../../errors/appError.ts';
import { useAuth } from '../../auth/session/AuthProvider.tsx';
import { fetchInboxForExport, useConversationQuery, useInboxQuery, type InboxRow } from '../api/inbox.ts';
import type { InboxFilters } from '../api/keys.ts';
import { useInboxLiveUpdates } from '../api/liveInbox.ts';
import { useOwnerAgentsQuery } from '../api/ownerAgents.ts';
import { fetchTranscript, useTranscriptQuery } from '../api/transcript.ts';
import { ExportButtons } from '../components/ExportButtons.tsx';
import { ExportNotice, useExportRunner } from '../components/ExportNotice.tsx';
import { InboxFilterBar } from '../components/InboxFilterBar.tsx';
import { InboxList } from '../components/InboxList.tsx';
import { Transcript } from '../components/Transcript.tsx';
import {
  conversationsCsv,
  conversationsJson,
  saveExport,
  transcriptCsv,
  transcriptJson,
  type ExportFormat,
} from '../exportFiles.ts';
import { isFiltered, NO_INBOX_FILTERS } from '../inboxFilters.ts';
import './history.css';
import { CHANNEL_LABEL } from '../labels.ts';
import { errorText } from '../../../errors/errorText.ts';

/** /conversations and /conversations/{id}: the live inbox of every channel, with exports. */
export function ConversationsPage() {
  const { t } = useTranslation();
  const { conversationId = null } = useParams();
  const navigate = useNavigate();
  const { user } = useAuth();
  const userId = user?.id ?? '';
  const [filters, setFilters] = useState<InboxFilters>(NO_INBOX_FILTERS);
  const [days, setDays] = useState({ from: '', to: '' });
  const exporter = useExportRunner();
  const inbox = useInboxQuery(userId, filters);
  const agents = useOwnerAgentsQuery(userId);
  useInboxLiveUpdates(userId);
  const rows = inbox.data?.pages.flat() ?? [];
  const error = inbox.error ? toAppError(inbox.error) : null;
  const filtered = isFiltered(filters);

  const exportList = (format: ExportFormat) =>
    exporter.run(async () => {
      const all = await fetchInboxForExport(filters);
      saveExport('conversations', format, format === 'csv' ? conversationsCsv(all.rows) : conversationsJson(all.rows));
      return all;
    });

  return (
    <div className="history-page">
      <header className="history-header">
        <div>
          <H2>{t('history:inbox.title')}</H2>
          <p className={Classes.TEXT_MUTED}>{t('history:inbox.subtitle')}</p>
        </div>
        <Tag intent={Intent.SUCCESS} icon="feed" minimal>
          {t('history:inbox.live')}
        </Tag>
      </header>
      <InboxFilterBar
        filters={filters}
        days={days}
        agents={agents.data ?? []}
        onChange={(next, nextDays) => {
          setFilters(next);
          setDays(nextDays);
        }}
      />
      <div className="inbox-toolbar">
        <ExportButtons label={t('history:export.list')} onExport={exportList} />
      </div>
      <ExportNotice status={exporter.status} texts="history:export" />
      <div className="inbox-layout">
        <section className={conversationId ? 'inbox-list-pane inbox-has-selection' : 'inbox-list-pane'}>
          {inbox.isPending && <SkeletonLines count={5} />}
          {error && (
            <NonIdealState
              icon="error"
              title={t('history:inbox.loadError')}
              description={errorText(t, error)}
              action={
                <Button
                  intent={Intent.PRIMARY}
                  text={t('common:queryState.retry')}
                  onClick={() => void inbox.refetch()}
                />
              }
            />
          )}
          {inbox.isSuccess && rows.length === 0 && (
            <NonIdealState
              icon="chat"
              title={t('history:inbox.empty')}
              description={t(filtered ? 'history:inbox.emptyFiltered' : 'history:inbox.emptyHint')}
            />
          )}
          <InboxList rows={rows} selectedId={conversationId} onSelect={(id) => void navigate(`/conversations/${id}`)} />
          {inbox.hasNextPage && (
            <Button
              className="history-more"
              text={t('history:inbox.loadMore')}
              loading={inbox.isFetchingNextPage}
              onClick={() => void inbox.fetchNextPage()}
            />
          )}
        </section>
        <section
          aria-live="polite"
          className={conversationId ? 'inbox-detail-pane' : 'inbox-detail-pane inbox-detail-idle'}
        >
          {conversationId ? (
            <ConversationPane
              conversationId={conversationId}
              row={rows.find((r) => r.id === conversationId) ?? null}
              onExport={(format, row) =>
                exporter.run(async () => {
                  const messages = await fetchTranscript(conversationId);
                  saveExport(
                    `conversation-${conversationId}`,
                    format,
                    format === 'csv' ? transcriptCsv(messages) : transcriptJson(row, messages),
                  );
                })
              }
            />
          ) : (
            <NonIdealState icon="comment" description={t('history:inbox.select')} />
          )}
        </section>
      </div>
    </div>
  );
}

const conversationIdSchema = z.string().uuid();

function ConversationPane({
  conversationId,
  row,
  onExport,
}: {
  conversationId: string;
  row: InboxRow | null;
  onExport: (format: ExportFormat, row: InboxRow | null) => Promise<void>;
}) {
  const { t } = useTranslation();
  // An id that is not one (a mistyped or cut link) names no conversation: nothing to ask for.
  const wellFormed = conversationIdSchema.safeParse(conversationId).success;
  const transcript = useTranscriptQuery(wellFormed ? conversationId : null);
  const conversation = useConversationQuery(row || !wellFormed ? null : conversationId);
  const channel = row?.channel ?? conversation.data?.channel;
  // Someone else's conversation reads as no row at all (RLS), like one that never existed.
  if (!wellFormed || (conversation.isSuccess && conversation.data === null))
    return (
      <NonIdealState
        icon="search"
        title={t('history:inbox.notFound')}
        description={t('history:inbox.notFoundHint')}
        action={<Link to="/conversations">{t('history:inbox.back')}</Link>}
      />
    );
  return (
    <div className="history-page-pane">
      <div className="inbox-toolbar">
        <Link to="/conversations">{t('history:inbox.back')}</Link>
        {channel && <H4>{t(CHANNEL_LABEL[channel])}</H4>}
        {row?.contact_id && row.contact_name && (
          <Link to={`/contacts/${row.contact_id}`}>
            {t('history:inbox.contact', { name: formatPhone(row.contact_name) })}
          </Link>
        )}
        <ExportButtons label={t('history:export.conversation')} onExport={(format) => onExport(format, row)} />
      </div>
      <QueryState
        query={transcript}
        errorTitle={t('history:inbox.transcriptError')}
        loading={<SkeletonLines count={4} />}
        isEmpty={(m) => m.length === 0}
        empty={<NonIdealState icon="comment" title={t('history:inbox.transcriptEmpty')} />}
      >
        {(messages) => <Transcript messages={messages} />}
      </QueryState>
    </div>
  );
}
