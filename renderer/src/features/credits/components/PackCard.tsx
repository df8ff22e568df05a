import { Button, Card, Classes, H4, Icon, Intent, Tag } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatUsd, packFeatures, type Pack } from '../packs.ts';
import { messageText } from '../../../errors/errorText.ts';

export interface PackCardProps {
  pack: Pack;
  mostPopular: boolean;
  /** The call to action: the landing's 'Get Started' link or the credits page's Buy button. */
  action: ReactNode;
}

/** One offer: name, monthly USD price, features, 'Most Popular' ribbon on the middle one. */
export function PackCard({ pack, mostPopular, action }: PackCardProps) {
  const { t, i18n } = useTranslation();
  return (
    <Card
      className={`pack-card ${mostPopular ? 'is-popular' : ''}`}
      elevation={mostPopular ? 3 : 1}
      data-pack={pack.id}
    >
      {mostPopular && (
        <Tag className="pack-popular" intent={Intent.PRIMARY} round>
          {t('credits:offers.mostPopular')}
        </Tag>
      )}
      <H4>{pack.name}</H4>
      <p className="pack-price">
        <strong>{formatUsd(pack.monthlyPrice, i18n.language)}</strong>
        <span className={Classes.TEXT_MUTED}>{t('credits:offers.perMonth')}</span>
      </p>
      <p className={Classes.TEXT_MUTED}>{t('credits:offers.creditsIncluded', { count: pack.credits })}</p>
      <ul className="pack-features">
        {packFeatures(pack).map((f) => (
          <li key={f.key}>
            <Icon icon="tick" size={12} intent={Intent.SUCCESS} />{' '}
            {messageText(t, `credits:features.${f.key}`, f.values)}
          </li>
        ))}
      </ul>
      <div className="pack-action">{action}</div>
    </Card>
  );
}

/** The credits page's Buy button: disabled with the reason when payments are not configured. */
export function BuyButton({ configured, busy, onBuy }: { configured: boolean; busy: boolean; onBuy: () => void }) {
  const { t } = useTranslation();
  if (!configured) {
    // The reason is explained once above the grid (CreditsSections), not on every card.
    return <Button fill disabled icon="disable" text={t('credits:offers.paymentNotConfigured')} />;
  }
  return (
    <Button
      fill
      intent={Intent.PRIMARY}
      icon="shopping-cart"
      loading={busy}
      text={t('credits:offers.buy')}
      onClick={onBuy}
    />
  );
}
