import { describe, expect, it } from 'vitest';
import { allowanceFull } from './agentAllowance.ts';

const free = { packId: 'free', packName: 'Free' };

describe('agent allowance', () => {
  it('is full once the agents used reach the pack maximum, never without a maximum', () => {
    expect(allowanceFull({ ...free, used: 0, max: 1 })).toBe(false);
    expect(allowanceFull({ ...free, used: 1, max: 1 })).toBe(true);
    expect(allowanceFull({ ...free, used: 3, max: 1 })).toBe(true);
    expect(allowanceFull({ ...free, used: 40, max: null })).toBe(false);
  });
});
