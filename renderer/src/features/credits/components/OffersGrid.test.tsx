// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createI18n } from '../../../i18n/index.ts';
import { toPack } from '../packs.ts';
import { OffersGrid } from './OffersGrid.tsx';
import { BuyButton } from './PackCard.tsx';

afterEach(cleanup);

const pack = (id: string, price: number, sort: number) =>
  toPack({
    id,
    name: id.toUpperCase(),
    monthly_price: price,
    yearly_price: 0,
    credits: 100,
    minutes: 100,
    users: 1,
    support: 'Email',
    whatsapp_conversations: 0,
    crm_integrations: 'None',
    sort_order: sort,
  });

function renderFr(node: React.ReactNode) {
  return render(<I18nextProvider i18n={createI18n('fr')}>{node}</I18nextProvider>);
}

describe('OffersGrid', () => {
  it('labels the middle offer Le plus populaire and shows USD prices', () => {
    const { container } = renderFr(
      <OffersGrid
        packs={[pack('essential', 19.9, 1), pack('pro', 49.9, 2), pack('enterprise', 199.9, 3)]}
        action={() => null}
      />,
    );
    const popular = container.querySelectorAll('.pack-card.is-popular');
    expect(popular).toHaveLength(1);
    expect(popular[0]?.getAttribute('data-pack')).toBe('pro');
    expect(popular[0]?.textContent).toContain('Le plus populaire');
    expect(popular[0]?.textContent?.replace(/\s/g, ' ')).toContain('49,90 $US');
  });

  it('says Aucun pack disponible pour le moment without offers', () => {
    renderFr(<OffersGrid packs={[]} action={() => null} />);
    expect(screen.getByText('Aucun pack disponible pour le moment')).toBeTruthy();
  });
});

describe('BuyButton', () => {
  it('is disabled and explains when payment is not configured', () => {
    const onBuy = vi.fn();
    renderFr(<BuyButton configured={false} busy={false} onBuy={onBuy} />);
    const button = screen.getByRole('button', { name: 'Paiement non configuré' });
    fireEvent.click(button);
    expect(onBuy).not.toHaveBeenCalled();
  });

  it('starts the checkout when payment is configured', () => {
    const onBuy = vi.fn();
    renderFr(<BuyButton configured busy={false} onBuy={onBuy} />);
    fireEvent.click(screen.getByRole('button', { name: 'Acheter' }));
    expect(onBuy).toHaveBeenCalledTimes(1);
  });
});
