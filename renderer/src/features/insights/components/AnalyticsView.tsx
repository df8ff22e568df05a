import { Card, Classes, H4, HTMLTable } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { INSIGHTS_CHANNELS, type SeriesRow } from '@contracts/insights.ts';
import { ANALYTICS_METRICS, agentTotals, channelTotals, dailySeries, type AnalyticsMetric } from '../analytics.ts';

/** One colour per channel, the same in the chart and the legend. */
const CHANNEL_COLOURS = { web_chat: '#2d72d2', web_voice: '#29a634', phone: '#d1980b', whatsapp: '#7961db' } as const;

export interface AnalyticsViewProps {
  rows: SeriesRow[];
  from: string;
  to: string;
  metric: AnalyticsMetric;
  agents: { id: string; name: string }[];
}

/**
 * The trends of /analytics from the SQL series: the measure per day and channel as stacked bars,
 * the same numbers as a table (read by screen readers and the keyboard), then every measure per
 * channel and per agent over the range.
 */
export function AnalyticsView({ rows, from, to, metric, agents }: AnalyticsViewProps) {
  const { t, i18n } = useTranslation();
  const days = dailySeries(rows, from, to, metric, i18n.language);
  const number = new Intl.NumberFormat(i18n.language === 'en' ? 'en-GB' : 'fr-FR', { maximumFractionDigits: 1 });
  const metricName = t(`insights:metrics.${metric}`);
  const chartTitle = t('insights:analytics.chartTitle', { metric: metricName });
  return (
    <div className="insights-analytics">
      <Card className="insights-chart" data-testid="analytics-chart">
        <H4>{chartTitle}</H4>
        <ResponsiveContainer width="100%" height={280}>
          <BarChart data={days} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="label" tick={{ fontSize: 12 }} minTickGap={8} />
            <YAxis allowDecimals={metric === 'callMinutes'} tick={{ fontSize: 12 }} />
            <Tooltip />
            <Legend />
            {INSIGHTS_CHANNELS.map((channel) => (
              <Bar
                key={channel}
                dataKey={channel}
                stackId="channels"
                name={t(`insights:channels.${channel}`)}
                fill={CHANNEL_COLOURS[channel]}
                isAnimationActive={false}
              />
            ))}
          </BarChart>
        </ResponsiveContainer>
      </Card>

      <div className="insights-breakdowns">
        <BreakdownTable
          kind="channels"
          title={t('insights:analytics.byChannel')}
          rowHeader={t('insights:analytics.channel')}
          format={number.format}
          rows={channelTotals(rows).map(({ channel, totals }) => ({
            key: channel,
            testId: `analytics-channel-${channel}`,
            label: t(`insights:channels.${channel}`),
            totals,
          }))}
        />
        <BreakdownTable
          kind="agents"
          title={t('insights:analytics.byAgent')}
          rowHeader={t('insights:analytics.agent')}
          format={number.format}
          rows={agentTotals(rows, agents).map(({ agentId, name, totals }) => ({
            key: agentId ?? 'none',
            testId: `analytics-agent-${agentId ?? 'none'}`,
            label: name ?? t('insights:analytics.noAgent'),
            totals,
          }))}
        />
      </div>

      <Card>
        <H4 id="analytics-days-title">{t('insights:analytics.tableTitle', { metric: metricName })}</H4>
        <p className={Classes.TEXT_MUTED}>{t('insights:analytics.tableHint')}</p>
        <div className="insights-table-scroll" tabIndex={0} role="region" aria-labelledby="analytics-days-title">
          <HTMLTable compact striped className="insights-table" data-testid="analytics-days">
            <thead>
              <tr>
                <th scope="col">{t('insights:analytics.day')}</th>
                {INSIGHTS_CHANNELS.map((channel) => (
                  <th key={channel} scope="col">
                    {t(`insights:channels.${channel}`)}
                  </th>
                ))}
                <th scope="col">{t('insights:analytics.total')}</th>
              </tr>
            </thead>
            <tbody>
              {[...days].reverse().map((day) => (
                <tr key={day.date} data-testid={`analytics-day-${day.date}`}>
                  <th scope="row">
                    <time dateTime={day.date}>{day.label}</time>
                  </th>
                  {INSIGHTS_CHANNELS.map((channel) => (
                    <td key={channel} data-channel={channel}>
                      {number.format(day[channel])}
                    </td>
                  ))}
                  <td data-channel="total">{number.format(day.total)}</td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        </div>
      </Card>
    </div>
  );
}

interface BreakdownRow {
  key: string;
  testId: string;
  label: string;
  totals: Record<AnalyticsMetric, number>;
}

/** Every measure per channel or per agent over the range: one row each, one column per measure. */
function BreakdownTable(props: {
  kind: 'channels' | 'agents';
  title: string;
  rowHeader: string;
  format: (n: number) => string;
  rows: BreakdownRow[];
}) {
  const { t } = useTranslation();
  const titleId = `analytics-${props.kind}-title`;
  return (
    <Card>
      <H4 id={titleId}>{props.title}</H4>
      <div className="insights-table-scroll" tabIndex={0} role="region" aria-labelledby={titleId}>
        <HTMLTable compact striped className="insights-table" data-testid={`analytics-${props.kind}`}>
          <thead>
            <tr>
              <th scope="col">{props.rowHeader}</th>
              {ANALYTICS_METRICS.map((m) => (
                <th key={m} scope="col">
                  {t(`insights:metrics.${m}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {props.rows.map((row) => (
              <tr key={row.key} data-testid={row.testId}>
                <th scope="row">{row.label}</th>
                {ANALYTICS_METRICS.map((m) => (
                  <td key={m} data-metric={m}>
                    {props.format(row.totals[m])}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      </div>
    </Card>
  );
}
