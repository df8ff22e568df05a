import { FunctionsFetchError, FunctionsHttpError } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import { createI18n } from '../i18n/index.ts';
import { functionAppError } from './functionError.ts';
import { errorText } from './errorText.ts';

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

  it('a refusal that names its limit says the limit and the wait, in English and in French', async () => {
    const limit = { kind: 'assist_requests', scope: 'owner', max: 20, perMinute: 10, retryAfterSeconds: 6 };
    const error = await functionAppError(
      refusal(429, { error: { code: 'rate_limited', message: 'Too many.', details: { limit } } }),
      { fallbackKey: 'agents:wizard.brief.aiFailed' },
    );
    expect(error.messageKey).toBe('errors:limits.assistRequests');
    expect(errorText(createI18n('en').t, error)).toBe(
      'You have reached the AI helper limit: 20 requests at once, then 10 a minute. Try again in 6 s.',
    );
    expect(errorText(createI18n('fr').t, error)).toBe(
      "Vous avez atteint la limite de l'assistant IA : 20 demandes d'affilée, puis 10 par minute. Réessayez dans 6 s.",
    );
  });

  it('a 429 without a named limit still says when to try again, from Retry-After (minutes past 90 s)', async () => {
    const response = new Response(JSON.stringify({ error: { code: 'rate_limited', message: 'Slow down.' } }), {
      status: 429,
      headers: { 'content-type': 'application/json', 'retry-after': '300' },
    });
    const error = await functionAppError(new FunctionsHttpError(response), {
      fallbackKey: 'errors:generic.somethingWentWrong',
    });
    expect(errorText(createI18n('en').t, error)).toBe('Too many requests for now. Try again in 5 min.');
  });

  it('a file refused for its size names the limit in megabytes', async () => {
    const limit = { kind: 'file_size', max: 10 * 1024 * 1024 };
    const error = await functionAppError(
      refusal(413, { error: { code: 'file_too_large', message: 'Too big.', details: { limit, size: 12_000_000 } } }),
    );
    expect(errorText(createI18n('fr').t, error)).toBe('Le fichier dépasse la limite de 10 Mo.');
  });

  it('a code the caller words itself keeps its wording', async () => {
    const limit = { kind: 'file_size', max: 1024 };
    const error = await functionAppError(
      refusal(413, { error: { code: 'file_too_large', message: 'Too big.', details: { limit } } }),
      { codeKeys: { file_too_large: 'knowledge:serverErrors.file_too_large' } },
    );
    expect(error.messageKey).toBe('knowledge:serverErrors.file_too_large');
  });
});
