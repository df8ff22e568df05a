import { describe, expect, it } from 'vitest';
import { creditAdjustmentError } from './creditAdjustment.ts';

describe('creditAdjustmentError', () => {
  it.each([
    ['', 'r', 30, 'amountInvalid'],
    ['0', 'r', 30, 'amountInvalid'],
    ['1.5', 'r', 30, 'amountInvalid'],
    ['abc', 'r', 30, 'amountInvalid'],
    ['-31', 'r', 30, 'belowZero'],
    ['50', '  ', 30, 'reasonRequired'],
    ['50', 'Gesture', 30, null],
    ['-30', 'Fix', 30, null],
  ] as const)('%s credits, reason %j, balance %i -> %s', (amount, reason, balance, expected) => {
    expect(creditAdjustmentError(amount, reason, balance)).toBe(expected);
  });
});
