import { describe, expect, it } from 'vitest';
import { formatInternational } from './format.ts';

describe('phone number display', () => {
  it.each([
    ['+14155550100', '+1 415 555 0100'],
    ['+442079460000', '+44 2079 460 000'],
    ['+5939912345678', '+593 9912 345 678'],
    ['+61255500100', '+61 255 500 100'],
    ['not a number', 'not a number'],
  ])('formats %s internationally', (input, expected) => {
    expect(formatInternational(input)).toBe(expected);
  });
});
