import type { z } from 'zod';
import { functionAppError } from '../../../errors/functionError.ts';
import { getSupabase } from '../../../lib/supabase.ts';
import type { ConsoleKey } from '../../../i18n/keys.ts';

/** The codes the console explains in its own words; others show the function's message. */
const codeKeys = {
  twilio_not_configured: 'numbers:errors.notConfigured',
  number_limit_reached: 'numbers:errors.limit',
  number_unavailable: 'numbers:errors.unavailable',
  address_required: 'numbers:errors.addressRequired',
} as const;

/**
 * One call to the `phone-numbers` function (Twilio credentials stay on the server): `path` after the
 * function name, e.g. `search?country=US`. The answer is parsed with the contract's schema.
 */
export async function callPhoneNumbers<T>(
  method: 'GET' | 'POST' | 'DELETE',
  path: string,
  shape: z.ZodType<T>,
  fallbackKey: ConsoleKey,
  body?: Record<string, unknown>,
): Promise<T> {
  const { data, error } = await getSupabase().functions.invoke(`phone-numbers/${path}`, {
    method,
    ...(body ? { body } : {}),
  });
  if (error) throw await functionAppError(error, { codeKeys, fallbackKey });
  return shape.parse(data);
}
