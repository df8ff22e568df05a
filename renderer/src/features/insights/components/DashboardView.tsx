import { Card, Classes, H4, HTMLTable } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { dashboardMinutes, peakHourLabel, satisfactionPercent, type DashboardAggregate } from '@contracts/insights.ts';
import { combineDays, dayLabel, trendText } from '../format.ts';
import { ActivityChart } from './ActivityChart.tsx';
import { SatisfactionDistribution } from './SatisfactionDistribution.tsx';
import { StatCard } from './StatCard.tsx';

/** The main dashboard's content for one period ("Dashboard aggregate"). */
export function DashboardView({ data }: { data: DashboardAggregate }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const na = t('insights:notAvailable');
  const trend = (value: number) => ({ value, text: t('insights:trend', { value: trendText(value, lang) }) });
  const percent = satisfactionPercent(data.satisfaction.average);
  const byType = data.calls.gsmByDay.map((g, i) => ({
    label: dayLabel(g.date, lang),
    gsm: g.count,
    voice: data.calls.voiceByDay[i]?.count ?? 0,
  }));
  return (
    <div className="insights-dashboard">
      <div className="insights-cards">
        <StatCard
          testId="dashboard-conversations"
          icon="chat"
          label={t('insights:dashboard.conversations')}
          value={data.conversations.total}
          trend={trend(data.conversations.trend)}
        />
        <StatCard
          testId="dashboard-calls"
          icon="phone"
          label={t('insights:dashboard.calls')}
          value={data.calls.total}
          detail={t('insights:dashboard.callsByType', { gsm: data.calls.gsm, voice: data.calls.voice })}
          trend={trend(data.calls.trend)}
        />
        <StatCard
          testId="dashboard-messages"
          icon="envelope"
          label={t('insights:dashboard.messages')}
          value={data.messages.total}
          detail={t('insights:dashboard.messagesByType', { web: data.messages.web, whatsapp: data.messages.whatsapp })}
          trend={trend(data.messages.trend)}
        />
        <StatCard
          testId="dashboard-duration"
          icon="time"
          label={t('insights:dashboard.duration')}
          value={t('insights:minutes', { value: dashboardMinutes(data.calls.totalDuration) })}
          detail={t('insights:dashboard.durationAverage', {
            value: dashboardMinutes(data.calls.averageDuration, { lessThanOne: true }),
          })}
          trend={trend(data.calls.durationTrend)}
        />
        <StatCard
          testId="dashboard-satisfaction"
          icon="thumbs-up"
          label={t('insights:dashboard.satisfaction')}
          value={percent === null ? na : `${percent}%`}
          detail={t('insights:dashboard.satisfactionRatings', { count: data.satisfaction.ratings })}
          trend={trend(data.satisfaction.trend)}
        />
        <StatCard
          testId="dashboard-peak"
          icon="pulse"
          label={t('insights:dashboard.peak')}
          value={peakHourLabel(data.peakHour) ?? na}
          detail={`${t('insights:dashboard.uniqueUsers')}: ${data.uniqueUsers}`}
        />
      </div>
      <div className="insights-charts">
        <Card>
          <ActivityChart
            title={t('insights:dashboard.activityChart')}
            points={combineDays(data.calls.byDay, data.messages.byDay, lang)}
          />
        </Card>
        <Card>
          <figure className="insights-chart" aria-label={t('insights:dashboard.callsByTypeChart')}>
            <figcaption className={Classes.TEXT_MUTED}>{t('insights:dashboard.callsByTypeChart')}</figcaption>
            <ResponsiveContainer width="100%" height={260}>
              <BarChart data={byType} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
                <CartesianGrid strokeDasharray="3 3" vertical={false} />
                <XAxis dataKey="label" tick={{ fontSize: 12 }} />
                <YAxis allowDecimals={false} tick={{ fontSize: 12 }} />
                <Tooltip />
                <Legend />
                <Bar
                  dataKey="gsm"
                  stackId="calls"
                  name={t('insights:dashboard.gsmCalls')}
                  fill="#2d72d2"
                  isAnimationActive={false}
                />
                <Bar
                  dataKey="voice"
                  stackId="calls"
                  name={t('insights:dashboard.voiceCalls')}
                  fill="#29a634"
                  isAnimationActive={false}
                />
              </BarChart>
            </ResponsiveContainer>
          </figure>
        </Card>
      </div>
      <div className="insights-charts">
        <Card data-testid="dashboard-distribution">
          <SatisfactionDistribution distribution={data.satisfaction.distribution} />
        </Card>
        <Card data-testid="dashboard-tools">
          <H4>{t('insights:dashboard.toolUsage')}</H4>
          {data.toolUsage.length === 0 ? (
            <p className={Classes.TEXT_MUTED}>{t('insights:dashboard.noTools')}</p>
          ) : (
            <HTMLTable compact className="insights-table">
              <tbody>
                {data.toolUsage.map((tool) => (
                  <tr key={tool.tool}>
                    <td>{tool.name ?? tool.tool}</td>
                    <td>{t('insights:dashboard.toolRuns', { count: tool.count })}</td>
                  </tr>
                ))}
              </tbody>
            </HTMLTable>
          )}
        </Card>
        <Card data-testid="dashboard-questions">
          <H4>{t('insights:dashboard.topQuestions')}</H4>
          {data.topQuestions.length === 0 ? (
            <p className={Classes.TEXT_MUTED}>{t('insights:dashboard.noQuestions')}</p>
          ) : (
            <ol className="insights-questions">
              {data.topQuestions.map((q) => (
                <li key={q.question}>
                  <span>{q.question}</span>{' '}
                  <span className={Classes.TEXT_MUTED}>{t('insights:dashboard.asked', { count: q.count })}</span>
                </li>
              ))}
            </ol>
          )}
        </Card>
      </div>
    </div>
  );
}

/** Nothing happened in the period: no conversation, call or message. */
export function isDashboardEmpty(data: DashboardAggregate): boolean {
  return data.conversations.total === 0 && data.calls.total === 0 && data.messages.total === 0;
}
