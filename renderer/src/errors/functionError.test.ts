import { FunctionsFetchError, FunctionsHttpError } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import { functionAppError } from './functionError.ts';

const refusal = (status: number, body: unknown) =>
  new FunctionsHttpError(
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
  );

describe('functionAppError', () => {
  it("keys the message by the function's code, keeping its message and status", async () => {
    const error = await functionAppError(
      refusal(503, { error: { code: 'payment_not_configured', message: 'Not set up.' } }),
      {
        codeKeys: { payment_not_configured: 'errors:credits.paymentNotConfigured' },
        fallbackKey: 'errors:credits.purchaseFailed',
      },
    );
    expect(error).toMatchObject({
      source: 'function',
      code: 'payment_not_configured',
      status: 503,
      message: 'Not set up.',
      messageKey: 'errors:credits.paymentNotConfigured',
      params: { message: 'Not set up.' },
    });
  });

  it('uses the fallback key for other codes, then the context wording', async () => {
    const body = { error: { code: 'pack_not_purchasable', message: 'Free pack.' } };
    expect(
      (await functionAppError(refusal(400, body), { fallbackKey: 'errors:credits.purchaseFailed' })).messageKey,
    ).toBe('errors:credits.purchaseFailed');
    expect((await functionAppError(refusal(400, body), { context: 'purchase' })).messageKey).toBe(
      'errors:credits.purchaseFailed',
    );
    expect((await functionAppError(refusal(400, body))).code).toBe('pack_not_purchasable');
  });

  it('reports a failure without an HTTP answer as a network error, whatever the fallback', async () => {
    const error = await functionAppError(new FunctionsFetchError(new TypeError('Failed to fetch')), {
      fallbackKey: 'calendar:errors.statusFailed',
    });
    expect(error).toMatchObject({ source: 'network', messageKey: 'errors:network.offline' });
  });
});
