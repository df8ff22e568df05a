import { Button, ButtonGroup } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { INSIGHTS_PERIODS, type InsightsPeriod } from '@contracts/insights.ts';

/** 24h / 7d / 30d, a group of toggle buttons reachable by keyboard. */
export function PeriodSelect({ value, onChange }: { value: InsightsPeriod; onChange: (p: InsightsPeriod) => void }) {
  const { t } = useTranslation();
  return (
    <ButtonGroup role="group" aria-label={t('insights:periodLabel')}>
      {INSIGHTS_PERIODS.map((period) => (
        <Button
          key={period}
          active={period === value}
          aria-pressed={period === value}
          text={t(`insights:periods.${period}`)}
          onClick={() => onChange(period)}
        />
      ))}
    </ButtonGroup>
  );
}
