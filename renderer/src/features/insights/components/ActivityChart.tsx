import { Classes, NonIdealState } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Bar, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { hasActivity, type DayPoint } from '../format.ts';

/** Calls per day as bars and messages per day as a line, or the no-data message. */
export function ActivityChart({ points, title }: { points: DayPoint[]; title: string }) {
  const { t } = useTranslation();
  if (!hasActivity(points)) {
    return <NonIdealState icon="timeline-bar-chart" title={title} description={t('insights:agent.noData')} />;
  }
  return (
    <figure className="insights-chart" aria-label={title}>
      <figcaption className={Classes.TEXT_MUTED}>{title}</figcaption>
      <ResponsiveContainer width="100%" height={260}>
        <ComposedChart data={points} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="label" tick={{ fontSize: 12 }} />
          <YAxis allowDecimals={false} tick={{ fontSize: 12 }} />
          <Tooltip />
          <Legend />
          <Bar dataKey="calls" name={t('insights:agent.callsSeries')} fill="#2d72d2" isAnimationActive={false} />
          <Line
            dataKey="messages"
            name={t('insights:agent.messagesSeries')}
            stroke="#d1980b"
            strokeWidth={2}
            dot={false}
            isAnimationActive={false}
          />
        </ComposedChart>
      </ResponsiveContainer>
    </figure>
  );
}
