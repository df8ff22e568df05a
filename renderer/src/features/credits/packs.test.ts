import { describe, expect, it } from 'vitest';
import { formatUsd, mostPopularIndex, packFeatures, paidPacks, toPack, type Pack } from './packs.ts';

const row = (id: string, price: number, sort: number, extra: Record<string, unknown> = {}) => ({
  id,
  name: id,
  monthly_price: String(price),
  yearly_price: price * 10,
  credits: 100,
  minutes: 100,
  users: 1,
  support: 'Email',
  whatsapp_conversations: 0,
  crm_integrations: 'None',
  sort_order: sort,
  ...extra,
});

describe('packs', () => {
  it('reads numeric prices that PostgREST sends as strings', () => {
    expect(toPack(row('pro', 49.9, 2)).monthlyPrice).toBe(49.9);
  });

  it('keeps only priced packs, in sort order', () => {
    const packs = [row('enterprise', 199.9, 3), row('free', 0, 0), row('essential', 19.9, 1), row('pro', 49.9, 2)].map(
      toPack,
    );
    expect(paidPacks(packs).map((p) => p.id)).toEqual(['essential', 'pro', 'enterprise']);
  });

  it('labels the middle pack most popular', () => {
    expect(mostPopularIndex(0)).toBeNull();
    expect(mostPopularIndex(1)).toBe(0);
    expect(mostPopularIndex(3)).toBe(1);
    expect(mostPopularIndex(4)).toBe(1);
    expect(mostPopularIndex(5)).toBe(2);
  });

  it('formats USD for both languages', () => {
    expect(formatUsd(49.9, 'en')).toBe('$49.90');
    expect(formatUsd(199, 'en')).toBe('$199');
    expect(formatUsd(49.9, 'fr').replace(/\s/g, ' ')).toBe('49,90 $US');
  });

  it('lists unlimited values and hides zero WhatsApp conversations', () => {
    const ent: Pack = toPack(
      row('enterprise', 199.9, 3, {
        users: -1,
        support: '24/7',
        whatsapp_conversations: -1,
        crm_integrations: 'Premium',
        minutes: 2000,
      }),
    );
    expect(packFeatures(ent)).toEqual([
      { key: 'minutes', values: { count: 2000 } },
      { key: 'usersUnlimited' },
      { key: 'support247' },
      { key: 'whatsappUnlimited' },
      { key: 'crmPremium' },
    ]);
    const ess = toPack(row('essential', 19.9, 1));
    expect(packFeatures(ess).map((f) => f.key)).toEqual(['minutes', 'users', 'supportEmail']);
  });
});
