import { describe, expect, it } from 'vitest';
import { charLength, charsAtMost, isTooLong, keepWithinLimit, limitLevel } from './field-limits.ts';

describe('characters are counted as Postgres counts them', () => {
  it('an emoji is one character', () => {
    expect(charLength('a😀b')).toBe(3);
    expect(isTooLong('😀😀', 2)).toBe(false);
    expect(isTooLong('😀😀😀', 2)).toBe(true);
    expect(charsAtMost(2).safeParse('😀😀').success).toBe(true);
  });
});

describe('a field refuses input past its limit', () => {
  it('keeps an edit that fits', () => {
    expect(keepWithinLimit('abc', 'abcd', 5)).toBe('abcd');
    expect(keepWithinLimit('abcde', 'abXde', 5)).toBe('abXde');
  });

  it('refuses a keystroke at the limit, wherever the caret is', () => {
    expect(keepWithinLimit('abcde', 'abcdeX', 5)).toBe('abcde');
    expect(keepWithinLimit('abcde', 'abXcde', 5)).toBe('abcde');
  });

  it('keeps the start of a paste that does not fit, and the text around it', () => {
    expect(keepWithinLimit('', 'abcdefgh', 5)).toBe('abcde');
    expect(keepWithinLimit('ab', 'a123456b', 5)).toBe('a123b');
  });

  it('a paste over a selection keeps what fits in its place', () => {
    // "c" of "abcdef" selected, "XYZ" pasted, limit 6: one character of the paste fits.
    expect(keepWithinLimit('abcdef', 'abXYZdef', 6)).toBe('abXdef');
  });

  it('counts an emoji as one character and never cuts one in half', () => {
    expect(keepWithinLimit('', '😀😀😀', 2)).toBe('😀😀');
  });

  it('lets a text that is already too long be shortened, but not lengthened', () => {
    const tooLong = 'x'.repeat(12);
    expect(keepWithinLimit(tooLong, 'x'.repeat(11), 10)).toBe('x'.repeat(11));
    expect(keepWithinLimit(tooLong, `${tooLong}y`, 10)).toBe(tooLong);
  });
});

describe('how close a text is to its limit', () => {
  it.each([
    [0, 100, 'ok'],
    [89, 100, 'ok'],
    [90, 100, 'near'],
    [99, 100, 'near'],
    [100, 100, 'full'],
    [101, 100, 'over'],
    [3_599, 4_000, 'ok'],
    [3_600, 4_000, 'near'],
  ] as const)('%i of %i is %s', (count, max, level) => {
    expect(limitLevel(count, max)).toBe(level);
  });
});
