import { Card, Classes, H5, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/dates.ts';
import type { Subscription } from '../api/getSubscription.ts';

/** The current subscription with its renewal date in the French date format. */
export function SubscriptionCard({ subscription }: { subscription: Subscription | null }) {
  const { t, i18n } = useTranslation();
  return (
    <Card className="credits-card" data-testid="current-subscription">
      <H5>{t('credits:subscription.title')}</H5>
      {subscription ? (
        <>
          <p className="credits-subscription-name">
            <Tag intent="primary" size="large" minimal>
              {subscription.packName ?? subscription.packId}
            </Tag>
          </p>
          <p className={Classes.TEXT_MUTED}>
            {t(subscription.cancelAtPeriodEnd ? 'credits:subscription.endsOn' : 'credits:subscription.renewsOn', {
              date: formatDate(subscription.currentPeriodEnd, i18n.language, 'date'),
            })}
          </p>
        </>
      ) : (
        <p className={Classes.TEXT_MUTED}>{t('credits:subscription.none')}</p>
      )}
    </Card>
  );
}
