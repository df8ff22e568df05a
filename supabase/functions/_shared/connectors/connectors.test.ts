import { describe, expect, it } from 'vitest';
import { sendConnectorEvent } from './deliver.ts';
import { MAX_ATTEMPTS, backoffSeconds, isRetryable, verifyConnectorEvent } from './event.ts';

const target = { url: 'https://hooks.zapier.com/hooks/catch/1/a', secret: 'whsec_test', deliveryId: 'd-1' };

describe('connector event delivery', () => {
  it('signs the exact body it sends, with the delivery id and event name', async () => {
    let seen: { headers: Headers; body: string } | undefined;
    const fetchFn = (async (_url: string, init: RequestInit) => {
      seen = { headers: new Headers(init.headers), body: String(init.body) };
      return new Response('ok', { status: 202 });
    }) as unknown as typeof fetch;
    const body = JSON.stringify({ hello: 'monde' });
    const outcome = await sendConnectorEvent(target, body, { fetch: fetchFn });
    expect(outcome).toEqual({ ok: true, statusCode: 202, error: null });
    expect(seen?.body).toBe(body);
    expect(seen?.headers.get('x-concierge-delivery')).toBe('d-1');
    expect(seen?.headers.get('x-concierge-event')).toBe('conversation.finished');
    const headers = {
      timestamp: seen!.headers.get('x-concierge-timestamp'),
      signature: seen!.headers.get('x-concierge-signature'),
    };
    expect(await verifyConnectorEvent('whsec_test', headers, body)).toBe(true);
    expect(await verifyConnectorEvent('whsec_other', headers, body)).toBe(false);
  });

  it('refuses http, private addresses and credentials without sending anything', async () => {
    let calls = 0;
    const fetchFn = (async () => {
      calls++;
      return new Response('');
    }) as unknown as typeof fetch;
    for (const url of [
      'http://hooks.zapier.com/x',
      'https://10.0.0.4/x',
      'https://127.0.0.1/x',
      'https://a:b@x.com/',
    ]) {
      const outcome = await sendConnectorEvent({ ...target, url }, '{}', { fetch: fetchFn });
      expect(outcome.ok).toBe(false);
      expect(outcome.statusCode).toBeNull();
    }
    expect(calls).toBe(0);
  });

  it('reports redirects, error statuses and timeouts', async () => {
    const answering = (status: number) => (async () => new Response('', { status })) as unknown as typeof fetch;
    expect(await sendConnectorEvent(target, '{}', { fetch: answering(302) })).toMatchObject({
      ok: false,
      statusCode: 302,
    });
    expect(await sendConnectorEvent(target, '{}', { fetch: answering(500) })).toEqual({
      ok: false,
      statusCode: 500,
      error: 'the webhook answered 500',
    });
    const hanging = ((_url: string, init: RequestInit) =>
      new Promise((_resolve, reject) =>
        init.signal?.addEventListener('abort', () => reject(new Error('aborted'))),
      )) as unknown as typeof fetch;
    expect(await sendConnectorEvent(target, '{}', { fetch: hanging, timeoutMs: 20 })).toEqual({
      ok: false,
      statusCode: null,
      error: 'the webhook did not answer in time',
    });
  });

  it('retries only what may succeed later, with growing delays', () => {
    expect([null, 408, 429, 500, 503].every(isRetryable)).toBe(true);
    expect([400, 401, 404, 410, 302].some(isRetryable)).toBe(false);
    expect(Array.from({ length: MAX_ATTEMPTS - 1 }, (_, i) => backoffSeconds(i + 1))).toEqual([30, 120, 480, 1920]);
  });
});
