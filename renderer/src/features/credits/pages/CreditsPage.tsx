import { Callout, Classes, H2, Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { SkeletonLines } from '../../../components/QueryState.tsx';
import { useAuth } from '../../auth/session/AuthProvider.tsx';
import { CreditsSections } from './CreditsSections.tsx';

/** /credits. Returning from Stripe adds ?checkout=success|cancelled. */
export function CreditsPage() {
  const { t } = useTranslation();
  const { profile, profileStatus } = useAuth();
  const [params] = useSearchParams();
  const outcome = params.get('checkout');
  return (
    <div className="credits-page">
      <header className="credits-header">
        <H2>{t('credits:page.title')}</H2>
        <p className={Classes.TEXT_MUTED}>{t('credits:page.subtitle')}</p>
      </header>
      {outcome === 'success' && (
        <Callout intent={Intent.SUCCESS} icon="tick-circle">
          {t('credits:page.checkoutSuccess')}
        </Callout>
      )}
      {outcome === 'cancelled' && (
        <Callout intent={Intent.WARNING} icon="disable">
          {t('credits:page.checkoutCancelled')}
        </Callout>
      )}
      {profile ? (
        <CreditsSections profile={profile} />
      ) : profileStatus === 'error' || profileStatus === 'missing' ? (
        <Callout intent={Intent.DANGER} icon="error" title={t('credits:page.loadError')}>
          {t(profileStatus === 'missing' ? 'errors:profile.notFound' : 'errors:profile.fetchFailed')}
        </Callout>
      ) : (
        <SkeletonLines count={6} />
      )}
    </div>
  );
}
