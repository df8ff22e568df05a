import { Classes } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { mostPopularIndex, type Pack } from '../packs.ts';
import { PackCard } from './PackCard.tsx';

/** The grid of paid offers, or "no pack available" when there is none. */
export function OffersGrid({
  packs,
  action,
  emptyText,
}: {
  packs: Pack[];
  action: (pack: Pack) => ReactNode;
  emptyText?: string;
}) {
  const { t } = useTranslation();
  if (packs.length === 0)
    return <p className={`offers-empty ${Classes.TEXT_MUTED}`}>{emptyText ?? t('credits:offers.empty')}</p>;
  const popular = mostPopularIndex(packs.length);
  return (
    <div className="offers-grid">
      {packs.map((pack, i) => (
        <PackCard key={pack.id} pack={pack} mostPopular={i === popular} action={action(pack)} />
      ))}
    </div>
  );
}
