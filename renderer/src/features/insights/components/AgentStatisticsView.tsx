import { Card, H4, HTMLTable } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import {
  dashboardMinutes,
  messagesPerUser,
  minutesAndSeconds,
  peakHourLabel,
  satisfactionPercent,
  type InsightsAggregate,
} from '@contracts/insights.ts';
import { combineDays, trendText } from '../format.ts';
import { ActivityChart } from './ActivityChart.tsx';
import { StatCard } from './StatCard.tsx';

/** Four summary cards, the combined chart and the stats panel. */
export function AgentStatisticsView({ data }: { data: InsightsAggregate }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const na = t('insights:notAvailable');
  const percent = satisfactionPercent(data.satisfaction.average);
  const average = minutesAndSeconds(data.calls.total > 0 ? data.calls.averageDuration : null);
  const perUser = messagesPerUser(data.messages.total, data.messages.uniqueUsers);
  return (
    <>
      <div className="insights-cards">
        <StatCard
          testId="agent-calls"
          icon="phone"
          label={t('insights:agent.totalCalls')}
          value={data.calls.total}
          detail={t('insights:agent.uniqueUsers', { count: data.calls.uniqueUsers })}
        />
        <StatCard
          testId="agent-messages"
          icon="envelope"
          label={t('insights:agent.messaging')}
          value={data.messages.total}
          detail={t('insights:agent.uniqueUsers', { count: data.messages.uniqueUsers })}
        />
        <StatCard
          testId="agent-satisfaction"
          icon="thumbs-up"
          label={t('insights:agent.satisfaction')}
          value={percent === null ? na : `${percent}%`}
          trend={{
            value: data.satisfaction.trend,
            text: t('insights:trend', { value: trendText(data.satisfaction.trend, lang) }),
          }}
        />
        <StatCard
          testId="agent-duration"
          icon="time"
          label={t('insights:agent.duration')}
          value={t('insights:minutes', { value: dashboardMinutes(data.calls.totalDuration) })}
          detail={t('insights:agent.durationAverage', {
            value: t('insights:minutes', {
              value: dashboardMinutes(data.calls.averageDuration, { lessThanOne: true }),
            }),
          })}
        />
      </div>
      <div className="insights-charts">
        <Card>
          {/* This chart's date labels are French whatever the interface language. */}
          <ActivityChart
            title={t('insights:agent.chartTitle')}
            points={combineDays(data.calls.byDay, data.messages.byDay, 'fr')}
          />
        </Card>
        <Card data-testid="agent-stats-panel">
          <H4>{t('insights:agent.statsTitle')}</H4>
          <HTMLTable compact className="insights-table">
            <tbody>
              <tr>
                <th scope="row">{t('insights:agent.averageDuration')}</th>
                <td>{average ? t('insights:agent.averageDurationValue', average) : na}</td>
              </tr>
              <tr>
                <th scope="row">{t('insights:agent.messagesPerUser')}</th>
                <td>{perUser === null ? na : perUser.toLocaleString(lang === 'en' ? 'en-GB' : 'fr-FR')}</td>
              </tr>
              <tr>
                <th scope="row">{t('insights:agent.uniqueUsersAll')}</th>
                <td data-testid="agent-unique-users">{data.uniqueUsers}</td>
              </tr>
              <tr>
                <th scope="row">{t('insights:agent.peak')}</th>
                <td data-testid="agent-peak">{peakHourLabel(data.peakHour) ?? na}</td>
              </tr>
            </tbody>
          </HTMLTable>
        </Card>
      </div>
    </>
  );
}
