import { describe, expect, it } from 'vitest';
import { UNLIMITED, newPack, newPackId, packAnalytics, packInputSchema, parsePackField, priceTone } from './packs.ts';

describe('pack form rules', () => {
  it.each([
    ['price', '19.99', 19.99],
    ['price', '19,5', 19.5],
    ['price', 'abc', 0],
    ['price', '-3', 0],
    ['minutes', '12.7', 12],
    ['minutes', 'x', 0],
    ['users', '', UNLIMITED],
    ['users', '0', 1],
    ['users', 'x', 1],
    ['users', '5', 5],
    ['whatsapp', '', UNLIMITED],
    ['whatsapp', '-5', 0],
    ['agents', '', UNLIMITED],
  ] as const)('%s %j reads as %d', (kind, text, expected) => {
    expect(parsePackField(kind, text)).toBe(expected);
  });

  it('a new pack has the form defaults and a 21-character id, and is valid', () => {
    const pack = newPack();
    expect(pack).toMatchObject({ name: 'New Pack', monthly_price: 0, minutes: 0, users: 1, support: 'Email' });
    expect(pack.id).toMatch(/^[A-Za-z0-9_-]{21}$/);
    expect(newPackId()).not.toBe(newPackId());
    expect(packInputSchema.safeParse(pack).success).toBe(true);
  });

  it('price badges step at 0, 50 and 100', () => {
    expect([0, 49.99, 50, 99.99, 100].map(priceTone)).toEqual(['free', 'low', 'mid', 'mid', 'high']);
  });

  it('analytics count packs, average the monthly price and count free plans', () => {
    expect(packAnalytics([{ monthly_price: 0 }, { monthly_price: 19.9 }, { monthly_price: 49.9 }])).toEqual({
      count: 3,
      averageMonthlyPrice: 23.27,
      freePlans: 1,
    });
    expect(packAnalytics([])).toEqual({ count: 0, averageMonthlyPrice: 0, freePlans: 0 });
  });
});
