import {
  Button,
  ButtonGroup,
  Callout,
  Classes,
  H2,
  HTMLSelect,
  InputGroup,
  Intent,
  NonIdealState,
} from '@blueprintjs/core';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router-dom';
import {
  CALL_HISTORY_STATUSES,
  CALL_LINK_PARAM,
  CALL_PERIODS,
  DEFAULT_CALL_PERIOD,
  HISTORY_SEARCH_DEBOUNCE_MS,
  callHistoryStatusSchema,
  type CallHistoryStatus,
} from '@contracts/history.ts';
import { SkeletonLines } from '../../../components/QueryState.tsx';
import { useDebouncedValue } from '../../../components/useDebouncedValue.ts';
import { NotFoundPage } from '../../../app/screens/NotFoundPage.tsx';
import { useAgentQuery } from '../../agents/api/agentDetail.ts';
import { toAppError } from '../../../errors/appError.ts';
import { useAuth } from '../../auth/session/AuthProvider.tsx';
import { fetchCallsForExport, useCallHistoryQuery, useCallQuery, type CallRow } from '../api/callHistory.ts';
import type { CallRange } from '../api/keys.ts';
import { CallDetailsDialog } from '../components/CallDetailsDialog.tsx';
import { CallTable } from '../components/CallTable.tsx';
import { ExportButtons } from '../components/ExportButtons.tsx';
import { ExportNotice, useExportRunner } from '../components/ExportNotice.tsx';
import { callsCsv, callsJson, saveExport, type ExportFormat } from '../exportFiles.ts';
import './history.css';
import { CALL_PERIOD_LABEL, CALL_STATUS_LABEL } from '../labels.ts';
import { errorText } from '../../../errors/errorText.ts';

/** /calls and /agents/{id}/calls; an agent that is not the user's is a not-found page. */
export function CallHistoryPage() {
  const { agentId } = useParams();
  return agentId ? <AgentCallHistory agentId={agentId} /> : <CallHistory agentId={null} />;
}

function AgentCallHistory({ agentId }: { agentId: string }) {
  const agent = useAgentQuery(agentId);
  if (agent.isPending) return <SkeletonLines count={3} />;
  if (agent.data === null) return <NotFoundPage inShell />;
  return <CallHistory agentId={agentId} />;
}

/**
 * The call history (French UI): every finished phone and browser call, answered or
 * not, search, status, period or date range, 'Charger plus', details with the recording. A link
 * with `?call={id}` (a notification, an alert email) opens that call's details.
 */
function CallHistory({ agentId }: { agentId: string | null }) {
  const { t } = useTranslation();
  const { user } = useAuth();
  const userId = user?.id ?? '';
  const [search, setSearch] = useState('');
  const settled = useDebouncedValue(search.trim(), HISTORY_SEARCH_DEBOUNCE_MS);
  const [range, setRange] = useState<CallRange>({ kind: 'period', period: DEFAULT_CALL_PERIOD });
  const [status, setStatus] = useState<CallHistoryStatus | null>(null);
  const [draft, setDraft] = useState({ from: '', to: '' });
  const [selected, setSelected] = useState<CallRow | null>(null);
  const [params, setParams] = useSearchParams();
  const linkedId = params.get(CALL_LINK_PARAM);
  const linked = useCallQuery(linkedId);
  const query = useCallHistoryQuery(userId, agentId, settled, range, status);
  const rows = query.data?.pages.flatMap((page) => page.rows);
  const error = query.error ? toAppError(query.error) : null;
  const linkedError = linked.error ? toAppError(linked.error) : null;
  const onDetails = useCallback((call: CallRow) => setSelected(call), []);
  const forgetLink = () =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(CALL_LINK_PARAM);
        return next;
      },
      { replace: true },
    );
  const shown = selected ?? linked.data ?? null;
  const closeDetails = () => {
    setSelected(null);
    if (linkedId) forgetLink();
  };
  const exporter = useExportRunner();
  // The whole filtered list, not only the pages on screen.
  const exportList = (format: ExportFormat) =>
    exporter.run(async () => {
      const all = await fetchCallsForExport(agentId, settled, range, status);
      saveExport('calls', format, format === 'csv' ? callsCsv(all.rows) : callsJson(all.rows));
      return all;
    });

  return (
    <div className="history-page" lang="fr">
      <header className="history-header">
        <div>
          <H2>{t('history:calls.title')}</H2>
          <p className={Classes.TEXT_MUTED}>{t('history:calls.subtitle')}</p>
        </div>
        <div className="history-actions">
          <ExportButtons label={t('history:calls.export.list')} onExport={exportList} />
          {/* A period ends now: the refetch moves its window forward. */}
          <Button
            icon="refresh"
            text={t('history:calls.refresh')}
            onClick={() => void query.refetch()}
            loading={query.isRefetching}
          />
        </div>
      </header>
      <div className="history-filters">
        <InputGroup
          type="search"
          leftIcon="search"
          placeholder={t('history:calls.search')}
          aria-label={t('history:calls.search')}
          value={search}
          onValueChange={setSearch}
        />
        <ButtonGroup aria-label={t('history:calls.period.custom')}>
          {CALL_PERIODS.map((p) => (
            <Button
              key={p}
              text={t(CALL_PERIOD_LABEL[p])}
              active={range.kind === 'period' && range.period === p}
              aria-pressed={range.kind === 'period' && range.period === p}
              onClick={() => setRange({ kind: 'period', period: p })}
            />
          ))}
        </ButtonGroup>
        <form
          className="history-range"
          onSubmit={(e) => {
            e.preventDefault();
            if (draft.from && draft.to) setRange({ kind: 'custom', ...draft });
          }}
        >
          <label>
            {t('history:calls.from')}
            <input
              className={Classes.INPUT}
              type="date"
              value={draft.from}
              onChange={(e) => setDraft((d) => ({ ...d, from: e.target.value }))}
            />
          </label>
          <label>
            {t('history:calls.to')}
            <input
              className={Classes.INPUT}
              type="date"
              value={draft.to}
              min={draft.from || undefined}
              onChange={(e) => setDraft((d) => ({ ...d, to: e.target.value }))}
            />
          </label>
          <Button type="submit" text={t('history:calls.applyRange')} disabled={!draft.from || !draft.to} />
        </form>
        <HTMLSelect
          aria-label={t('history:calls.statusFilter')}
          value={status ?? ''}
          onChange={(e) => {
            const picked = callHistoryStatusSchema.safeParse(e.currentTarget.value);
            setStatus(picked.success ? picked.data : null);
          }}
          options={[
            { value: '', label: t('history:calls.allStatuses') },
            ...CALL_HISTORY_STATUSES.map((s) => ({ value: s, label: t(CALL_STATUS_LABEL[s]) })),
          ]}
        />
      </div>
      {linkedId && linked.isSuccess && linked.data === null && (
        <Callout intent={Intent.WARNING} icon="search" title={t('history:calls.callNotFound')}>
          {t('history:calls.callNotFoundHint')}
        </Callout>
      )}
      {linkedId && linkedError && (
        <Callout intent={Intent.DANGER} icon="error">
          {t('history:calls.callLoadError', { message: errorText(t, linkedError) })}
        </Callout>
      )}
      <ExportNotice status={exporter.status} texts="history:calls.export" />
      {error ? (
        <NonIdealState
          icon="error"
          title={t('history:calls.loadError')}
          description={errorText(t, error)}
          action={
            <Button intent={Intent.PRIMARY} text={t('history:calls.retry')} onClick={() => void query.refetch()} />
          }
        />
      ) : query.isSuccess && rows?.length === 0 ? (
        <NonIdealState
          icon="phone"
          title={t('history:calls.empty')}
          description={t(status ? 'history:calls.emptyFiltered' : 'history:calls.emptyHint')}
        />
      ) : (
        <CallTable rows={rows} loading={query.isPending} allAgents={agentId === null} onDetails={onDetails} />
      )}
      {query.hasNextPage && (
        <Button
          className="history-more"
          text={t('history:calls.loadMore')}
          loading={query.isFetchingNextPage}
          onClick={() => void query.fetchNextPage()}
        />
      )}
      {shown && <CallDetailsDialog call={shown} onClose={closeDetails} />}
    </div>
  );
}
