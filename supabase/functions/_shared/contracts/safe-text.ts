/**
 * Free text from a request (a visitor's message, an owner's brief) must be storable as-is:
 * Postgres `text` and `jsonb` refuse NUL bytes, and a lone UTF-16 surrogate is not valid Unicode
 * (it turns into U+FFFD or an encoding error on the way to the database or the model). Refusing
 * both here makes them a 400 at validation instead of a failed write after part of a turn was saved.
 */
import { z } from 'zod';

// Without the `u` flag a regex sees UTF-16 code units, so unpaired halves can be matched.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const LONE_SURROGATES = new RegExp(LONE_SURROGATE.source, 'g');

/**
 * `value` without what cannot be stored (NUL bytes, lone surrogates), for best-effort text that is
 * kept rather than refused (a browser's call transcript).
 */
export function storableText(value: string): string {
  return value.replaceAll('\u0000', '').replace(LONE_SURROGATES, '');
}

/** Why `value` cannot be stored, or null when it can. */
export function unsafeTextReason(value: string): 'nul' | 'lone_surrogate' | null {
  if (value.includes('\u0000')) return 'nul';
  if (LONE_SURROGATE.test(value)) return 'lone_surrogate';
  return null;
}

/**
 * Refines any string schema so that NUL bytes and lone surrogates are rejected with a message
 * naming the field: `safeText(z.string().trim().max(100), 'message')`.
 */
export function safeText<T extends z.ZodType<string>>(schema: T, field: string): T {
  return schema.superRefine((value, context) => {
    const reason = unsafeTextReason(value);
    if (reason === null) return;
    context.addIssue({
      code: 'custom',
      message:
        reason === 'nul'
          ? `${field} must not contain NUL characters.`
          : `${field} must be valid Unicode text (it contains a lone surrogate).`,
    });
  }) as unknown as T;
}
