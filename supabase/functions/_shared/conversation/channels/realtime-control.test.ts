import { describe, expect, it } from 'vitest';
import { spokenPart } from './realtime-control.ts';

describe('spokenPart', () => {
  it('keeps whole words up to the heard fraction, including the word being spoken', () => {
    const text = 'Our menu has many dishes and wines.';
    expect(spokenPart(text, 1)).toBe(text);
    expect(spokenPart(text, 0)).toBe('');
    expect(spokenPart(text, 0.3)).toBe('Our menu has');
    expect(spokenPart(text, 0.99)).toBe(text);
  });
});
