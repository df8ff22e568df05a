import { describe, expect, it } from 'vitest';
import { getTime } from './get-time.ts';
import {
  signWebhook as signToolWebhook,
  verifyWebhookSignature as verifyToolWebhookSignature,
} from '../platform/signing.ts';
import { callToolWebhook, checkWebhookUrl, type ToolWebhookCall } from './webhook.ts';

const now = new Date('2026-03-14T15:09:26Z');

describe('get_time', () => {
  it('answers in each format (iso, utc, time, date, default), in the agent time zone and language', () => {
    expect(getTime({ format: 'iso' }, { now, language: 'en' })).toEqual({
      ok: true,
      result: { time: '2026-03-14T15:09:26.000Z', timeZone: 'UTC', format: 'iso' },
    });
    expect(getTime({ format: 'utc' }, { now, language: 'en' })).toMatchObject({
      result: { time: 'Sat, 14 Mar 2026 15:09:26 GMT' },
    });
    expect(getTime({ format: 'time' }, { now, language: 'fr_FR', defaultTimeZone: 'Europe/Paris' })).toMatchObject({
      result: { time: '16:09:26', timeZone: 'Europe/Paris' },
    });
    expect(getTime({ format: 'date' }, { now, language: 'fr', defaultTimeZone: 'Europe/Paris' })).toMatchObject({
      result: { time: 'samedi 14 mars 2026' },
    });
    expect(getTime({}, { now, language: 'en-US', defaultTimeZone: 'America/New_York' })).toMatchObject({
      result: { time: '3/14/2026, 11:09:26 AM', format: 'locale' },
    });
  });

  it('refuses an unknown time zone argument and ignores a broken default', () => {
    expect(getTime({ timezone: 'Mars/Olympus' }, { now, language: 'en' })).toEqual({
      ok: false,
      error: 'unknown time zone Mars/Olympus',
    });
    expect(getTime({ format: 'iso' }, { now, language: 'en', defaultTimeZone: 'nope' })).toMatchObject({
      result: { timeZone: 'UTC' },
    });
  });
});

describe('custom tool webhooks', () => {
  const call: ToolWebhookCall = {
    url: 'https://hooks.example.com/concierge',
    secret: 'whsec_test',
    toolId: 'custom_1712',
    functionName: 'check_loyalty_points',
    arguments: { customer: 'alice@example.com' },
    agentId: 'agent-1',
    conversationId: 'conv-1',
  };

  it('POSTs the arguments with a fresh HMAC signature the owner can verify', async () => {
    let seen: Request | null = null;
    const outcome = await callToolWebhook(call, {
      now: () => now,
      fetch: async (input, init) => {
        seen = new Request(input, init);
        return Response.json({ points: 120 });
      },
    });
    expect(outcome).toEqual({ ok: true, result: { points: 120 } });
    const request = seen as unknown as Request;
    expect(request.method).toBe('POST');
    expect(request.redirect).toBe('manual');
    const body = await request.text();
    expect(JSON.parse(body)).toEqual({
      tool: 'check_loyalty_points',
      toolId: 'custom_1712',
      arguments: { customer: 'alice@example.com' },
      agentId: 'agent-1',
      conversationId: 'conv-1',
      timestamp: 1773500966,
    });
    const headers = {
      timestamp: request.headers.get('x-concierge-timestamp'),
      signature: request.headers.get('x-concierge-signature'),
    };
    expect(headers.timestamp).toBe('1773500966');
    // Independent check of the scheme with Web Crypto.
    const key = await crypto.subtle.importKey(
      'raw',
      new TextEncoder().encode('whsec_test'),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign'],
    );
    const mac = new Uint8Array(await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(`1773500966.${body}`)));
    expect(headers.signature).toBe(`sha256=${Array.from(mac, (b) => b.toString(16).padStart(2, '0')).join('')}`);
    expect(await verifyToolWebhookSignature('whsec_test', headers, body, { now })).toBe(true);
    expect(await verifyToolWebhookSignature('other-secret', headers, body, { now })).toBe(false);
    expect(await verifyToolWebhookSignature('whsec_test', headers, body.replace('alice', 'mallory'), { now })).toBe(
      false,
    );
    expect(
      await verifyToolWebhookSignature('whsec_test', headers, body, { now: new Date(now.getTime() + 600_000) }),
    ).toBe(false);
  });

  it('refuses URLs that are not public https', () => {
    expect(checkWebhookUrl('http://hooks.example.com/x')).toBe('the webhook URL must use https');
    for (const url of [
      'https://127.0.0.1/x',
      'https://localhost/x',
      'https://10.0.0.5/x',
      'https://192.168.1.1/',
      'https://169.254.169.254/latest',
      'https://[::1]/',
      'https://[fd00::1]/',
      'https://db.internal/',
    ]) {
      expect(checkWebhookUrl(url)).toBe('the webhook URL points to a private address');
    }
    expect(checkWebhookUrl('https://user:pw@hooks.example.com/')).toBe('the webhook URL must not contain credentials');
    expect(checkWebhookUrl('not a url')).toBe('the webhook URL is not a valid URL');
    expect(checkWebhookUrl('https://hooks.example.com/x')).toBeNull();
    expect(checkWebhookUrl('http://127.0.0.1:5555/hook', true)).toBeNull();
  });

  it('turns every webhook failure into a failed tool outcome', async () => {
    const answer = (response: Response) => ({ fetch: async () => response });
    expect(await callToolWebhook(call, answer(new Response('nope', { status: 500 })))).toEqual({
      ok: false,
      error: 'the webhook answered 500',
    });
    expect(
      await callToolWebhook(
        call,
        answer(new Response(null, { status: 302, headers: { location: 'http://10.0.0.1/' } })),
      ),
    ).toEqual({
      ok: false,
      error: 'the webhook answered with a redirect',
    });
    expect(await callToolWebhook(call, answer(new Response('x'.repeat(100), { status: 200 })))).toEqual({
      ok: true,
      result: 'x'.repeat(100),
    });
    expect(await callToolWebhook(call, { ...answer(new Response('x'.repeat(100))), maxResponseBytes: 10 })).toEqual({
      ok: false,
      error: 'the webhook answer is too large',
    });
    expect(
      await callToolWebhook(call, answer(new Response('{bad', { headers: { 'content-type': 'application/json' } }))),
    ).toMatchObject({ ok: false });
    const slow = await callToolWebhook(call, {
      timeoutMs: 50,
      fetch: (_input, init) =>
        new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(new Error('aborted')))),
    });
    expect(slow).toEqual({ ok: false, error: 'the webhook did not answer in time' });
    expect(await callToolWebhook({ ...call, url: 'https://10.1.1.1/' }, answer(new Response('ok')))).toMatchObject({
      ok: false,
    });
    expect(await callToolWebhook({ ...call, secret: '' }, answer(new Response('ok')))).toEqual({
      ok: false,
      error: 'the tool has no signing secret',
    });
  });
});

it('signatures are deterministic for a given secret, time and body', async () => {
  expect(await signToolWebhook('s', 1, 'b')).toBe(await signToolWebhook('s', 1, 'b'));
  expect(await signToolWebhook('s', 1, 'b')).not.toBe(await signToolWebhook('s', 2, 'b'));
});
