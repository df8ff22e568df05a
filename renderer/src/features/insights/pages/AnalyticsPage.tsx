import { Button, ButtonGroup, Classes, H2, HTMLSelect, Intent, NonIdealState } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { INSIGHTS_CHANNELS, type InsightsChannel } from '@contracts/insights.ts';
import { QueryState } from '../../../components/QueryState.tsx';
import { useAuth } from '../../auth/session/AuthProvider.tsx';
import { useOwnerAgentsQuery } from '../../history/api/ownerAgents.ts';
import { ExportButtons } from '../../history/components/ExportButtons.tsx';
import { ExportNotice, useExportRunner } from '../../history/components/ExportNotice.tsx';
import { saveExport, type ExportFormat } from '../../history/exportFiles.ts';
import {
  ANALYTICS_METRICS,
  ANALYTICS_RANGES,
  rangeDates,
  seriesCsv,
  seriesJson,
  todayIn,
  type AnalyticsMetric,
  type AnalyticsRange,
} from '../analytics.ts';
import { ownerTimeZone } from '../api/keys.ts';
import { useSeriesQuery } from '../api/series.ts';
import { AnalyticsView } from '../components/AnalyticsView.tsx';
import { StatCardSkeletons } from '../components/StatCard.tsx';
import './insights.css';

/** /analytics: trends over time per agent and channel, from `insights_series`. */
export function AnalyticsPage() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const [range, setRange] = useState<AnalyticsRange>('30d');
  const [agentId, setAgentId] = useState<string | null>(null);
  const [channel, setChannel] = useState<InsightsChannel | null>(null);
  const [metric, setMetric] = useState<AnalyticsMetric>('conversations');
  const exporter = useExportRunner();
  const { from, to } = rangeDates(range, todayIn(ownerTimeZone()));
  const query = useSeriesQuery({ from, to, agentId, channel });
  const agents = useOwnerAgentsQuery(user?.id ?? '');
  const agentList = agents.data ?? [];

  // The series on screen is the whole filtered list (one row per day, agent and channel).
  const exportSeries = (format: ExportFormat) =>
    exporter.run(async () => {
      const rows = query.data ?? [];
      saveExport(
        'analytics',
        format,
        format === 'csv' ? seriesCsv(rows, agentList) : seriesJson(rows, agentList, { from, to, agentId, channel }),
      );
    });

  return (
    <div className="insights-page" data-testid="analytics-page">
      <header className="insights-header">
        <div>
          <H2>{t('insights:analytics.title')}</H2>
          <p className={Classes.TEXT_MUTED}>{t('insights:analytics.subtitle')}</p>
        </div>
        <div className="insights-toolbar">
          <ButtonGroup role="group" aria-label={t('insights:periodLabel')}>
            {(Object.keys(ANALYTICS_RANGES) as AnalyticsRange[]).map((r) => (
              <Button
                key={r}
                active={r === range}
                aria-pressed={r === range}
                text={t(`insights:analytics.ranges.${r}`)}
                onClick={() => setRange(r)}
              />
            ))}
          </ButtonGroup>
          <HTMLSelect
            aria-label={t('insights:analytics.agent')}
            value={agentId ?? ''}
            onChange={(e) => setAgentId(e.currentTarget.value || null)}
            options={[
              { value: '', label: t('insights:analytics.allAgents') },
              ...agentList.map((a) => ({ value: a.id, label: a.name })),
            ]}
          />
          <HTMLSelect
            aria-label={t('insights:analytics.channel')}
            value={channel ?? ''}
            onChange={(e) => setChannel((e.currentTarget.value || null) as InsightsChannel | null)}
            options={[
              { value: '', label: t('insights:analytics.allChannels') },
              ...INSIGHTS_CHANNELS.map((c) => ({ value: c, label: t(`insights:channels.${c}`) })),
            ]}
          />
          <Button
            icon="refresh"
            aria-label={t('insights:refresh')}
            title={t('insights:refresh')}
            loading={query.isFetching}
            onClick={() => void query.refetch()}
          />
          {query.data && query.data.length > 0 && (
            <ExportButtons label={t('insights:analytics.export')} onExport={exportSeries} />
          )}
        </div>
      </header>
      <ButtonGroup role="group" aria-label={t('insights:analytics.metric')} className="insights-metrics">
        {ANALYTICS_METRICS.map((m) => (
          <Button
            key={m}
            active={m === metric}
            aria-pressed={m === metric}
            text={t(`insights:metrics.${m}`)}
            onClick={() => setMetric(m)}
          />
        ))}
      </ButtonGroup>
      <ExportNotice status={exporter.status} texts="insights:analytics.exports" />
      <QueryState
        query={query}
        errorTitle={t('insights:analytics.loadError')}
        loading={<StatCardSkeletons count={4} />}
        isEmpty={(rows) => rows.length === 0}
        empty={
          <NonIdealState
            icon="timeline-bar-chart"
            title={t('insights:analytics.emptyTitle')}
            description={t('insights:analytics.emptyBody')}
            action={
              range !== '90d' ? (
                <Button
                  intent={Intent.PRIMARY}
                  text={t('insights:analytics.longerRange')}
                  onClick={() => setRange('90d')}
                />
              ) : undefined
            }
          />
        }
      >
        {(rows) => <AnalyticsView rows={rows} from={from} to={to} metric={metric} agents={agentList} />}
      </QueryState>
    </div>
  );
}
