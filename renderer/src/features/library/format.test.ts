import { describe, expect, it } from 'vitest';
import { formatBytes, megabytesToBytes } from './format.ts';

describe('library formats', () => {
  it('shows sizes in decimal units', () => {
    expect(formatBytes(512, 'en')).toBe('512 B');
    expect(formatBytes(1_500_000, 'en')).toBe('1.5 MB');
    expect(formatBytes(1_500_000, 'fr')).toBe('1,5 MB');
  });
  it('reads a size limit in MB', () => {
    expect(megabytesToBytes('')).toBeNull();
    expect(megabytesToBytes('250')).toBe(250_000_000);
    expect(megabytesToBytes('1,5')).toBe(1_500_000);
    expect(megabytesToBytes('0.5')).toBeUndefined();
    expect(megabytesToBytes('lots')).toBeUndefined();
  });
});
