import { Button, Classes, H2, InputGroup, Intent, NonIdealState } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { useDebouncedValue } from '../../../components/useDebouncedValue.ts';
import { toastSuccess } from '../../../components/toaster.ts';
import { toAppError } from '../../../errors/appError.ts';
import { useAuth } from '../../auth/session/AuthProvider.tsx';
import { AGENT_SKELETON_COUNT } from '../agentList.ts';
import { useAgentAllowanceQuery } from '../api/agentAllowance.ts';
import { useDeleteAgentMutation } from '../api/deleteAgent.ts';
import { useAgentsQuery, type AgentSummary } from '../api/listAgents.ts';
import { AgentAllowanceLine } from '../components/AgentAllowanceLine.tsx';
import { AgentCard, AgentCardSkeleton } from '../components/AgentCard.tsx';
import { DeleteAgentDialog } from '../components/DeleteAgentDialog.tsx';
import './agents.css';
import { errorText } from '../../../errors/errorText.ts';

/** /agents. */
export function AgentsPage() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const settledSearch = useDebouncedValue(search.trim(), 300);
  // RequireSignedIn guards the route, so the user is present here.
  const query = useAgentsQuery(user?.id ?? '', settledSearch);
  const deletion = useDeleteAgentMutation();
  const allowance = useAgentAllowanceQuery();
  const [toDelete, setToDelete] = useState<AgentSummary | null>(null);
  const agents = query.data?.pages.flat() ?? [];
  const create = () => void navigate('/agents/new');

  let body;
  if (query.isPending) {
    body = (
      <div className="agent-grid" aria-busy="true">
        {Array.from({ length: AGENT_SKELETON_COUNT }, (_, i) => (
          <AgentCardSkeleton key={i} />
        ))}
      </div>
    );
  } else if (query.isError && agents.length === 0) {
    const error = toAppError(query.error, 'fetchAgents');
    body = (
      <NonIdealState
        icon="error"
        title={t('agents:list.errorTitle')}
        description={errorText(t, error)}
        action={
          <Button
            intent={Intent.PRIMARY}
            icon="refresh"
            text={t('agents:list.retry')}
            onClick={() => void query.refetch()}
          />
        }
      />
    );
  } else if (agents.length === 0) {
    body = settledSearch ? (
      <EmptyState
        icon="search"
        title={t('agents:list.noMatchTitle')}
        description={t('agents:list.noMatchDescription')}
      />
    ) : (
      <EmptyState
        icon="people"
        title={t('agents:list.emptyTitle')}
        description={t('agents:list.emptyDescription')}
        action={<Button intent={Intent.PRIMARY} icon="plus" text={t('agents:list.create')} onClick={create} />}
      />
    );
  } else {
    const loadMoreError = query.isFetchNextPageError ? toAppError(query.error, 'loadMoreAgents') : null;
    body = (
      <>
        <div className="agent-grid">
          {agents.map((agent) => (
            <AgentCard key={agent.id} agent={agent} onDelete={setToDelete} />
          ))}
        </div>
        {loadMoreError && (
          <NonIdealState
            icon="error"
            title={t('agents:list.errorTitle')}
            description={errorText(t, loadMoreError)}
            action={<Button icon="refresh" text={t('agents:list.retry')} onClick={() => void query.fetchNextPage()} />}
          />
        )}
        {query.hasNextPage && !loadMoreError && (
          <div className="agent-load-more">
            <Button
              text={t('agents:list.loadMore')}
              loading={query.isFetchingNextPage}
              onClick={() => void query.fetchNextPage()}
            />
          </div>
        )}
      </>
    );
  }

  return (
    <div className="agents-page">
      <header className="agents-header">
        <div>
          <H2>{t('agents:list.title')}</H2>
          <p className={Classes.TEXT_MUTED}>{t('agents:list.subtitle')}</p>
          {/* An allowance that fails to load hides the line: the insert trigger still refuses with numbers. */}
          {allowance.data && <AgentAllowanceLine allowance={allowance.data} />}
        </div>
        <Link to="/agents/new" className={`${Classes.BUTTON} ${Classes.INTENT_PRIMARY}`} role="button">
          <span className={Classes.BUTTON_TEXT}>{t('agents:list.create')}</span>
        </Link>
      </header>
      <InputGroup
        className="agents-search"
        type="search"
        leftIcon="search"
        placeholder={t('agents:list.search')}
        aria-label={t('agents:list.search')}
        value={search}
        onValueChange={setSearch}
      />
      {body}
      <DeleteAgentDialog
        agent={toDelete}
        onClose={() => setToDelete(null)}
        onConfirm={async (agentId) => {
          await deletion.mutateAsync(agentId);
          toastSuccess(t('agents:delete.deleted'));
        }}
      />
    </div>
  );
}
