import { Classes, H2 } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { SkeletonLines } from '../../../components/QueryState.tsx';
import { queryView, type QueryLike } from '../../../components/queryView.ts';
import { toAppError } from '../../../errors/appError.ts';
import { OffersGrid } from '../../credits/components/OffersGrid.tsx';
import { paidPacks, type Pack } from '../../credits/packs.ts';
import { errorText } from '../../../errors/errorText.ts';

/** #pricing: the packs table in USD, middle pack Most Popular, a text when there is no pack or they fail to load. */
export function PricingSection({
  packs,
  loginState,
}: {
  packs: QueryLike<Pack[]>;
  loginState: { from?: string; lang: string };
}) {
  const { t } = useTranslation();
  const view = queryView(packs, (all) => paidPacks(all).length === 0);
  return (
    <section id="pricing" className="landing-section">
      <H2>{t('landing:pricing.title')}</H2>
      <p className={Classes.TEXT_MUTED}>{t('landing:pricing.subtitle')}</p>
      {view.kind === 'loading' && <SkeletonLines count={4} />}
      {view.kind === 'error' && (
        <p role="alert" className="landing-pricing-error">
          {t('landing:pricing.error', { message: errorText(t, toAppError(view.error)) })}
        </p>
      )}
      {view.kind === 'empty' && <p className={Classes.TEXT_MUTED}>{t('landing:pricing.empty')}</p>}
      {view.kind === 'content' && (
        <OffersGrid
          packs={paidPacks(view.data)}
          action={() => (
            <Link
              to="/login"
              state={{ ...loginState, signUp: true }}
              className={`${Classes.BUTTON} ${Classes.FILL} ${Classes.INTENT_PRIMARY}`}
            >
              {t('landing:pricing.getStarted')}
            </Link>
          )}
        />
      )}
    </section>
  );
}
