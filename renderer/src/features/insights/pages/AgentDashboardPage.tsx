import { Button, H2, Intent, NonIdealState } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import type { InsightsPeriod } from '@contracts/insights.ts';
import { toAppError } from '../../../errors/appError.ts';
import { NotFoundPage } from '../../../app/screens/NotFoundPage.tsx';
import { useAuth } from '../../auth/session/AuthProvider.tsx';
import { useAgentQuery } from '../../agents/api/agentDetail.ts';
import { useAgentStatisticsQuery } from '../api/dashboard.ts';
import { AgentStatisticsView } from '../components/AgentStatisticsView.tsx';
import { NumberBadge } from '../components/NumberBadge.tsx';
import { PeriodSelect } from '../components/PeriodSelect.tsx';
import { RefreshFailed } from '../components/RefreshFailed.tsx';
import { StatCardSkeletons } from '../components/StatCard.tsx';
import './insights.css';
import { errorText } from '../../../errors/errorText.ts';

/** The SQL's refusal of a missing agent id (insights_agent_statistics, errcode 22023). */
const AGENT_ID_REQUIRED = 'Agent ID is required';

/** /agents/{id}/dashboard; its error view says "Failed to fetch agent statistics" with a retry. */
export function AgentDashboardPage() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const { agentId = '' } = useParams();
  const [period, setPeriod] = useState<InsightsPeriod>('7d');
  const agent = useAgentQuery(agentId);
  const stats = useAgentStatisticsQuery(user?.id ?? '', agentId, period);
  if (agent.data === null) return <NotFoundPage inShell />;
  const failure = stats.data === undefined && stats.isError ? toAppError(stats.error) : null;
  const agentIdMissing = agentId === '' || failure?.message === AGENT_ID_REQUIRED;
  const error = agentIdMissing ? t('insights:agent.agentIdRequired') : failure && errorText(t, failure);
  return (
    <div className="insights-page" data-testid="agent-dashboard-page">
      <header className="insights-header">
        <div>
          <H2>{agent.data?.name ?? '\u00a0'}</H2>
          <NumberBadge agentId={agentId} />
        </div>
        <div className="insights-toolbar">
          <PeriodSelect value={period} onChange={setPeriod} />
          <Button
            icon="refresh"
            aria-label={t('insights:refresh')}
            title={t('insights:refresh')}
            loading={stats.isFetching}
            onClick={() => void stats.refetch()}
          />
        </div>
      </header>
      {stats.data !== undefined && stats.isError && (
        <RefreshFailed error={stats.error} onRetry={() => void stats.refetch()} />
      )}
      {stats.data !== undefined && <AgentStatisticsView data={stats.data} />}
      {stats.data === undefined && !error && <StatCardSkeletons count={4} />}
      {error && (
        <NonIdealState
          icon="error"
          title={t('insights:agent.fetchFailed')}
          description={error}
          action={
            <Button
              intent={Intent.PRIMARY}
              icon="refresh"
              text={t('insights:agent.retry')}
              onClick={() => {
                void agent.refetch();
                void stats.refetch();
              }}
            />
          }
        />
      )}
    </div>
  );
}
