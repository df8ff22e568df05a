import { describe, expect, it } from 'vitest';
import { countryFlag } from './countryFlag.ts';

describe('countryFlag', () => {
  it('turns a country code into its flag, and anything else into nothing', () => {
    expect(countryFlag('US')).toBe('🇺🇸');
    expect(countryFlag('fr')).toBe('🇫🇷');
    expect(countryFlag(null)).toBe('');
    expect(countryFlag('USA')).toBe('');
  });
});
