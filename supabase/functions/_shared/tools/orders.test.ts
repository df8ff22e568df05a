import { describe, expect, it } from 'vitest';
import { parseItems } from './orders.ts';

describe('parseItems', () => {
  it('reads objects, "2 x croissant" strings and JSON strings', () => {
    expect(parseItems([{ product: 'bread', quantity: 2 }, { name: 'tea' }])).toEqual([
      { product: 'bread', quantity: 2 },
      { product: 'tea', quantity: 1 },
    ]);
    expect(parseItems('2 x croissant, 1 baguette')).toEqual([
      { product: 'croissant', quantity: 2 },
      { product: 'baguette', quantity: 1 },
    ]);
    expect(parseItems('[{"sku":"CAKE","qty":3}]')).toEqual([{ product: 'CAKE', quantity: 3 }]);
  });

  it('refuses empty lists, bad quantities and other shapes', () => {
    expect(parseItems([])).toBeNull();
    expect(parseItems([{ product: 'bread', quantity: 0 }])).toBeNull();
    expect(parseItems([{ product: 'bread', quantity: 2.5 }])).toBeNull();
    expect(parseItems(42)).toBeNull();
    expect(parseItems([null])).toBeNull();
  });
});
