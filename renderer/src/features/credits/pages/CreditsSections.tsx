import { Callout, H3, Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { QueryState, SkeletonLines } from '../../../components/QueryState.tsx';
import type { AppError } from '../../../errors/appError.ts';
import type { Profile } from '../../auth/api/profile.ts';
import { useSingleFlight } from '../../../lib/singleFlight.ts';
import { useActivateFreePackMutation } from '../api/activateFreePack.ts';
import { useBillingStatusQuery } from '../api/getBillingStatus.ts';
import { useCreditHistoryQuery } from '../api/getCreditHistory.ts';
import { usePacksQuery } from '../api/getPacks.ts';
import { useActiveSubscriptionQuery } from '../api/getSubscription.ts';
import { useStartCheckoutMutation } from '../api/startCheckout.ts';
import { useWhatsAppUsageQuery } from '../api/getWhatsAppUsage.ts';
import { useMinutesUsageQuery } from '../api/getUsage.ts';
import { BalanceCard } from '../components/BalanceCard.tsx';
import { CreditHistoryTable } from '../components/CreditHistoryTable.tsx';
import { FreePackCard } from '../components/FreePackCard.tsx';
import { OffersGrid } from '../components/OffersGrid.tsx';
import { BuyButton } from '../components/PackCard.tsx';
import { SubscriptionCard } from '../components/SubscriptionCard.tsx';
import { WhatsAppUsageBlock } from '../components/WhatsAppUsageCard.tsx';
import { paidPacks } from '../packs.ts';
import './credits.css';
import { errorText } from '../../../errors/errorText.ts';

/**
 * Balance, subscription, free pack, offers and history, wired to their queries. Used by /credits
 * and by the profile's Credits tab. Load errors read 'Erreur de chargement' + the message.
 */
export function CreditsSections({
  profile,
  showSubscription = true,
}: {
  profile: Profile;
  showSubscription?: boolean;
}) {
  const { t } = useTranslation();
  const packs = usePacksQuery();
  const subscription = useActiveSubscriptionQuery(profile.id);
  const history = useCreditHistoryQuery(profile.id);
  const billing = useBillingStatusQuery();
  const whatsapp = useWhatsAppUsageQuery(profile.id);
  const usage = useMinutesUsageQuery(profile.id);
  const freePack = useActivateFreePackMutation(profile.id);
  // One activation request per click: a double click must not answer 'already activated'.
  const once = useSingleFlight();
  const checkout = useStartCheckoutMutation();
  const errorTitle = t('credits:page.loadError');
  const messageOf = (e: AppError | null) => (e ? errorText(t, e) : null);

  return (
    <div className="credits-sections">
      <div className="credits-top">
        <BalanceCard credits={profile.credits} usage={usage.data} />
        {showSubscription && (
          <QueryState query={subscription} errorTitle={errorTitle} loading={<SkeletonLines count={2} />}>
            {(s) => <SubscriptionCard subscription={s} />}
          </QueryState>
        )}
        <WhatsAppUsageBlock query={whatsapp} />
        <FreePackCard
          activated={profile.hasFreePackActivated}
          busy={freePack.isPending}
          errorText={messageOf(freePack.error as AppError | null)}
          onActivate={() => once(() => freePack.mutateAsync())}
        />
      </div>
      <H3>{t('credits:offers.title')}</H3>
      {billing.data?.configured === false && (
        <Callout intent={Intent.NONE} icon="info-sign" data-testid="payment-not-configured">
          {t('credits:offers.paymentNotConfiguredHelp')}
        </Callout>
      )}
      {checkout.error && (
        <Callout intent={Intent.DANGER} icon="error" role="alert">
          {messageOf(checkout.error as AppError)}
        </Callout>
      )}
      <QueryState query={packs} errorTitle={errorTitle}>
        {(all) => (
          <OffersGrid
            packs={paidPacks(all)}
            action={(pack) => (
              <BuyButton
                configured={billing.data?.configured === true}
                busy={checkout.isPending && checkout.variables?.packId === pack.id}
                onBuy={() => checkout.mutate({ packId: pack.id })}
              />
            )}
          />
        )}
      </QueryState>
      <H3>{t('credits:history.title')}</H3>
      <QueryState query={history} errorTitle={errorTitle}>
        {(entries) => <CreditHistoryTable entries={entries} />}
      </QueryState>
    </div>
  );
}
