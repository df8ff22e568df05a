import { Button, Classes, H2, Intent, NonIdealState } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { InsightsPeriod } from '@contracts/insights.ts';
import { QueryState } from '../../../components/QueryState.tsx';
import { useAuth } from '../../auth/session/AuthProvider.tsx';
import { useDashboardQuery } from '../api/dashboard.ts';
import { useOwnerHasAgentsQuery } from '../api/ownerHasAgents.ts';
import { DashboardView, isDashboardEmpty } from '../components/DashboardView.tsx';
import { PeriodSelect } from '../components/PeriodSelect.tsx';
import { RefreshFailed } from '../components/RefreshFailed.tsx';
import { StatCardSkeletons } from '../components/StatCard.tsx';
import './insights.css';

/** /dashboard: the aggregate of every agent of the owner. */
export function DashboardPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [period, setPeriod] = useState<InsightsPeriod>('7d');
  const { user } = useAuth();
  const query = useDashboardQuery(user?.id ?? '', period);
  // Only asked once the dashboard is empty: a new owner is offered to create an agent, not a list of none.
  const hasAgents = useOwnerHasAgentsQuery(user?.id ?? '', query.data !== undefined && isDashboardEmpty(query.data));
  const noAgent = hasAgents.data === false;
  return (
    <div className="insights-page" data-testid="dashboard-page">
      <header className="insights-header">
        <div>
          <H2>{t('insights:dashboard.title')}</H2>
          <p className={Classes.TEXT_MUTED}>{t('insights:dashboard.subtitle')}</p>
        </div>
        <div className="insights-toolbar">
          <PeriodSelect value={period} onChange={setPeriod} />
          <Button
            icon="refresh"
            aria-label={t('insights:refresh')}
            title={t('insights:refresh')}
            loading={query.isFetching}
            onClick={() => void query.refetch()}
          />
        </div>
      </header>
      {query.data !== undefined && query.isError && (
        <RefreshFailed error={query.error} onRetry={() => void query.refetch()} />
      )}
      <QueryState
        query={query}
        errorTitle={t('insights:dashboard.loadError')}
        loading={<StatCardSkeletons count={6} />}
        isEmpty={isDashboardEmpty}
        empty={
          <NonIdealState
            icon="dashboard"
            title={t('insights:dashboard.emptyTitle')}
            description={t('insights:dashboard.emptyBody')}
            action={
              <Button
                intent={Intent.PRIMARY}
                icon={noAgent ? 'plus' : undefined}
                loading={hasAgents.isPending}
                text={t(noAgent ? 'insights:dashboard.emptyCreate' : 'insights:dashboard.emptyAction')}
                onClick={() => void navigate(noAgent ? '/agents/new' : '/agents')}
              />
            }
          />
        }
      >
        {(data) => <DashboardView data={data} />}
      </QueryState>
    </div>
  );
}
