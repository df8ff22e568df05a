import { Card, Classes, H5 } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';

/** Balance in minutes (1 credit = 1 minute, spec 000 §2.5). */
export function BalanceCard({ credits }: { credits: number }) {
  const { t } = useTranslation();
  return (
    <Card className="credits-card" data-testid="credit-balance">
      <H5>{t('credits:balance.title')}</H5>
      <p className="credits-balance-value">{t('credits:balance.minutes', { count: credits })}</p>
      <p className={Classes.TEXT_MUTED}>{t('credits:balance.credits', { count: credits })}</p>
    </Card>
  );
}
