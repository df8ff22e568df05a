import { Button, Callout, Classes, H2, H4, Intent, NonIdealState, Tag } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { INBOX_EXPORT_ROW_CAP } from '@contracts/history.ts';
import { QueryState, SkeletonLines } from '../../../components/QueryState.tsx';
import { toAppError } from '../../../errors/appError.ts';
import { useAuth } from '../../auth/session/AuthProvider.tsx';
import { fetchInboxForExport, useConversationQuery, useInboxQuery, type InboxRow } from '../api/inbox.ts';
import type { InboxFilters } from '../api/keys.ts';
import { useInboxLiveUpdates } from '../api/liveInbox.ts';
import { useOwnerAgentsQuery } from '../api/ownerAgents.ts';
import { fetchTranscript, useTranscriptQuery } from '../api/transcript.ts';
import { ExportButtons } from '../components/ExportButtons.tsx';
import { InboxFilterBar } from '../components/InboxFilterBar.tsx';
import { InboxList } from '../components/InboxList.tsx';
import { Transcript } from '../components/Transcript.tsx';
import {
  conversationsCsv,
  conversationsJson,
  exportFileName,
  saveFile,
  transcriptCsv,
  transcriptJson,
  type ExportFormat,
} from '../exportFiles.ts';
import './history.css';

const noFilters: InboxFilters = { agentId: null, channel: null, rating: null, since: null, until: null };
const mimeOf = { csv: 'text/csv;charset=utf-8', json: 'application/json' } as const;

/** /conversations and /conversations/{id} (issue 18 §7): the live inbox of every channel, with exports. */
export function ConversationsPage() {
  const { t } = useTranslation();
  const { conversationId = null } = useParams();
  const navigate = useNavigate();
  const { user } = useAuth();
  const userId = user?.id ?? '';
  const [filters, setFilters] = useState<InboxFilters>(noFilters);
  const [days, setDays] = useState({ from: '', to: '' });
  const [exportError, setExportError] = useState<string | null>(null);
  const [capped, setCapped] = useState(false);
  const inbox = useInboxQuery(userId, filters);
  const agents = useOwnerAgentsQuery(userId);
  useInboxLiveUpdates(userId);
  const rows = inbox.data?.pages.flat() ?? [];
  const error = inbox.error ? toAppError(inbox.error) : null;
  const filtered = filters !== noFilters;

  const guard = async (work: () => Promise<void>) => {
    setExportError(null);
    try {
      await work();
    } catch (cause) {
      const e = toAppError(cause);
      setExportError(t('history:export.failed', { message: t(e.messageKey, e.params) }));
    }
  };
  const exportList = (format: ExportFormat) =>
    guard(async () => {
      const all = await fetchInboxForExport(filters);
      setCapped(all.length >= INBOX_EXPORT_ROW_CAP);
      saveFile(
        exportFileName('conversations', format),
        format === 'csv' ? conversationsCsv(all) : conversationsJson(all),
        mimeOf[format],
      );
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
      {capped && (
        <Callout intent={Intent.WARNING}>{t('history:export.capped', { count: INBOX_EXPORT_ROW_CAP })}</Callout>
      )}
      {exportError && (
        <Callout intent={Intent.DANGER} role="alert">
          {exportError}
        </Callout>
      )}
      <div className="inbox-layout">
        <section className={conversationId ? 'inbox-list-pane inbox-has-selection' : 'inbox-list-pane'}>
          {inbox.isPending && <SkeletonLines count={5} />}
          {error && (
            <NonIdealState
              icon="error"
              title={t('history:inbox.loadError')}
              description={t(error.messageKey, error.params)}
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
        <section aria-live="polite">
          {conversationId ? (
            <ConversationPane
              conversationId={conversationId}
              row={rows.find((r) => r.id === conversationId) ?? null}
              onExport={(format, row) =>
                guard(async () => {
                  const messages = await fetchTranscript(conversationId);
                  saveFile(
                    exportFileName(`conversation-${conversationId}`, format),
                    format === 'csv' ? transcriptCsv(messages) : transcriptJson(row, messages),
                    mimeOf[format],
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
  const transcript = useTranscriptQuery(conversationId);
  const conversation = useConversationQuery(row ? null : conversationId);
  const channel = row?.channel ?? conversation.data?.channel;
  return (
    <div className="history-page-pane">
      <div className="inbox-toolbar">
        <Link to="/conversations">{t('history:inbox.back')}</Link>
        {channel && <H4>{t(`history:channels.${channel}`)}</H4>}
        {row?.contact_id && row.contact_name && (
          <Link to={`/contacts/${row.contact_id}`}>{t('history:inbox.contact', { name: row.contact_name })}</Link>
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
