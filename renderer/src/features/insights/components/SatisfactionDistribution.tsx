import { Classes, H4, HTMLTable } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { RATING_VALUES } from '@contracts/insights.ts';

/**
 * How many conversations got each rating (1-5) in the period, from the SQL's distribution: a bar
 * chart, and the same counts as a table (readable without the chart, and what tests read).
 */
export function SatisfactionDistribution({ distribution }: { distribution: Record<string, number> }) {
  const { t } = useTranslation();
  const rows = RATING_VALUES.map((rating) => ({
    rating,
    label: t('insights:dashboard.ratingLabel', { count: rating }),
    count: distribution[String(rating)] ?? 0,
  }));
  const title = t('insights:dashboard.distribution');
  return (
    <>
      <H4>{title}</H4>
      {rows.every((r) => r.count === 0) ? (
        <p className={Classes.TEXT_MUTED}>{t('insights:dashboard.noRatings')}</p>
      ) : (
        <>
          <figure className="insights-chart" aria-hidden="true">
            <ResponsiveContainer width="100%" height={180}>
              <BarChart data={rows} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
                <CartesianGrid strokeDasharray="3 3" vertical={false} />
                <XAxis dataKey="label" tick={{ fontSize: 12 }} />
                <YAxis allowDecimals={false} tick={{ fontSize: 12 }} />
                <Tooltip />
                <Bar dataKey="count" name={t('insights:dashboard.ratings')} fill="#d1980b" isAnimationActive={false} />
              </BarChart>
            </ResponsiveContainer>
          </figure>
          <HTMLTable compact className="insights-table" aria-label={title}>
            <tbody>
              {rows.map((r) => (
                <tr key={r.rating} data-testid={`distribution-${r.rating}`}>
                  <th scope="row">{r.label}</th>
                  <td>{r.count}</td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        </>
      )}
    </>
  );
}
