import { Card, Classes, H5 } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { MinutesUsage } from '../api/getUsage.ts';
import { MinutesFigures } from './MinutesFigures.tsx';

/**
 * Balance in minutes (1 credit = 1 minute), then the same two figures as the sidebar's usage box
 * (balance, pack minutes this period) in the same words; `usage` is undefined while it loads.
 */
export function BalanceCard({ credits, usage }: { credits: number; usage: MinutesUsage | undefined }) {
  const { t } = useTranslation();
  return (
    <Card className="credits-card" data-testid="credit-balance">
      <H5>{t('credits:balance.title')}</H5>
      <p className="credits-balance-value">{t('credits:balance.minutes', { count: credits })}</p>
      <p className={Classes.TEXT_MUTED}>{t('credits:balance.credits', { count: credits })}</p>
      <MinutesFigures
        balance={credits}
        usedMinutes={usage?.usedMinutes ?? 0}
        totalMinutes={usage?.totalMinutes ?? 0}
        loading={!usage}
      />
    </Card>
  );
}
