import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { safeText, storableText, unsafeTextReason } from './safe-text.ts';

describe('safe text', () => {
  it.each([
    ['plain text', null],
    ['emoji 😀 and accents éà', null],
    ['nul \u0000 byte', 'nul'],
    ['high \ud83d alone', 'lone_surrogate'],
    ['\ud83d', 'lone_surrogate'],
    ['low \ude00 alone', 'lone_surrogate'],
    ['reversed \ude00\ud83d pair', 'lone_surrogate'],
  ])('%j → %s', (value, reason) => {
    expect(unsafeTextReason(value)).toBe(reason);
  });

  it('keeps the wrapped schema (trim, max) and names the field', () => {
    const schema = safeText(z.string().trim().max(5), 'brief');
    expect(schema.parse('  abc ')).toBe('abc');
    expect(schema.safeParse('abcdef').success).toBe(false);
    expect(schema.safeParse('a\u0000').error?.issues[0]?.message).toBe('brief must not contain NUL characters.');
  });

  it('strips what it cannot store, keeping valid pairs (best-effort text such as a call transcript)', () => {
    expect(storableText('Une\u0000 table \ud800')).toBe('Une table ');
    expect(storableText('\udc00ok \ud83d\ude00')).toBe('ok \ud83d\ude00');
    expect(unsafeTextReason(storableText('a\u0000\udfff\ud800b'))).toBeNull();
  });
});
