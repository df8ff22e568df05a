import { describe, expect, it } from 'vitest';
import {
  fromBase64url,
  hmacSha256Hex,
  parseStripeSignatureHeader,
  signToken,
  signWebhook,
  stripeSignatureHeader,
  timingSafeEqual,
  toBase64url,
  twilioSignature,
  verifyStripeSignature,
  verifyToken,
  verifyTwilioSignature,
  verifyWebhookSignature,
} from './signing.ts';

describe('HMAC primitives', () => {
  it('match known HMAC-SHA256 vectors (RFC 4231 case 2; Meta webhook vector)', async () => {
    expect(await hmacSha256Hex('Jefe', 'what do ya want for nothing?')).toBe(
      '5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843',
    );
    expect(await hmacSha256Hex('secret', 'test')).toBe(
      '0329a06b62cd16b33eb6792be8c60b158d89a2ee3a876fce9a881ebb488c0914',
    );
  });

  it('round-trips base64url and refuses other alphabets', () => {
    const bytes = Uint8Array.from([0, 250, 251, 252, 253, 254, 255]);
    expect(toBase64url(bytes)).toBe('APr7_P3-_w');
    expect(fromBase64url('APr7_P3-_w')).toEqual(bytes);
    expect(fromBase64url('AP+7')).toBeNull();
  });

  it('compares strings of any length without a shortcut answer', () => {
    expect(timingSafeEqual('abc', 'abc')).toBe(true);
    expect(timingSafeEqual('abc', 'abd')).toBe(false);
    expect(timingSafeEqual('abc', 'ab')).toBe(false);
    expect(timingSafeEqual('', 'a')).toBe(false);
    expect(timingSafeEqual('', '')).toBe(true);
  });
});

describe('signed tokens', () => {
  const payload = { agentId: 'a-1', userId: 'u-1' };

  it('round-trip until they expire', async () => {
    const token = await signToken('google-oauth-state', payload, 'server-secret', 2_000_000);
    expect(await verifyToken('google-oauth-state', token, 'server-secret', 1_999_999)).toEqual({
      ok: true,
      payload,
      expiresAt: 2_000_000,
    });
    expect(await verifyToken('google-oauth-state', token, 'server-secret', 2_000_001)).toEqual({
      ok: false,
      reason: 'expired',
    });
  });

  it('are refused with another secret, for another purpose, or edited', async () => {
    const token = await signToken('google-oauth-state', payload, 'server-secret', 2_000_000);
    expect(await verifyToken('google-oauth-state', token, 'other-secret', 0)).toEqual({ ok: false, reason: 'forged' });
    expect(await verifyToken('voice-call', token, 'server-secret', 0)).toEqual({ ok: false, reason: 'forged' });
    const [, signature] = token.split('.');
    const edited = toBase64url(
      new TextEncoder().encode(JSON.stringify({ p: { ...payload, userId: 'u-2' }, exp: 2e6 })),
    );
    expect(await verifyToken('google-oauth-state', `${edited}.${signature}`, 'server-secret', 0)).toEqual({
      ok: false,
      reason: 'forged',
    });
    for (const malformed of ['', 'a', 'a.b.c', `${edited}.`, `!!.${signature}`]) {
      expect((await verifyToken('google-oauth-state', malformed, 'server-secret', 0)).ok, malformed).toBe(false);
    }
  });
});

describe('our webhook signatures (tools, connectors)', () => {
  const now = new Date(1_700_000_000_000);

  it('match a known vector and verify within five minutes only', async () => {
    const signature = await signWebhook('s3cret', 1_700_000_000, '{"a":1}');
    expect(signature).toBe('sha256=1698a50bc74d1ff1db85c4e0a5297c2ad9fdba245d5737cdb789e4cc6e098940');
    const headers = { timestamp: '1700000000', signature };
    expect(await verifyWebhookSignature('s3cret', headers, '{"a":1}', { now })).toBe(true);
    expect(await verifyWebhookSignature('s3cret', headers, '{"a":2}', { now })).toBe(false);
    expect(await verifyWebhookSignature('other', headers, '{"a":1}', { now })).toBe(false);
    const later = new Date(now.getTime() + 301_000);
    expect(await verifyWebhookSignature('s3cret', headers, '{"a":1}', { now: later })).toBe(false);
    expect(await verifyWebhookSignature('s3cret', { timestamp: null, signature }, '{"a":1}', { now })).toBe(false);
  });
});

describe('Stripe webhook signatures', () => {
  const secret = 'whsec_test_secret';
  const body = '{"id":"evt_1","type":"checkout.session.completed"}';
  const now = 1_800_000_000;

  it("follow Stripe's documented scheme: v1 = hex HMAC-SHA256(secret, `${t}.${body}`)", async () => {
    expect(await stripeSignatureHeader('{"id":"evt_1"}', secret, 1_700_000_000)).toBe(
      't=1700000000,v1=248a374f50f943a28b0f6ab50faf9a7e7e29b710fa26df9fb1618b9bf8ea9c9a',
    );
  });

  it('accept a payload signed with the secret within the tolerance, and any of several v1 (rotation)', async () => {
    const header = await stripeSignatureHeader(body, secret, now - 10);
    expect(await verifyStripeSignature(body, header, secret, now)).toEqual({ ok: true, timestamp: now - 10 });
    const rotated = `t=${now},v1=${'0'.repeat(64)},${(await stripeSignatureHeader(body, secret, now)).split(',')[1]}`;
    expect((await verifyStripeSignature(body, rotated, secret, now)).ok).toBe(true);
  });

  it('refuse a changed body, a wrong secret, an old timestamp and a missing or malformed header', async () => {
    const header = await stripeSignatureHeader(body, secret, now);
    const refused = (reason: string) => ({ ok: false, reason });
    expect(await verifyStripeSignature(body.replace('evt_1', 'evt_2'), header, secret, now)).toEqual(
      refused('no_matching_signature'),
    );
    expect(await verifyStripeSignature(body, header, 'whsec_other', now)).toEqual(refused('no_matching_signature'));
    expect(await verifyStripeSignature(body, header, secret, now + 301)).toEqual(refused('timestamp_out_of_range'));
    expect(await verifyStripeSignature(body, null, secret, now)).toEqual(refused('missing_header'));
    expect(await verifyStripeSignature(body, 'v1=abc', secret, now)).toEqual(refused('malformed_header'));
  });

  it('parse only well-formed t and v1 parts', () => {
    expect(parseStripeSignatureHeader(`t=12,v0=${'a'.repeat(64)},v1=${'B'.repeat(64)}`)).toEqual({
      timestamp: 12,
      signatures: ['b'.repeat(64)],
    });
    expect(parseStripeSignatureHeader('t=abc,v1=xyz')).toBeNull();
  });
});

describe('Twilio request signatures', () => {
  const params = {
    CallSid: 'CA1234567890ABCDE',
    Caller: '+12349013030',
    Digits: '1234',
    From: '+12349013030',
    To: '+18005551212',
  };
  const url = 'https://mycompany.com/myapp.php?foo=1&bar=2';

  it("match Twilio's published vectors", async () => {
    expect(await twilioSignature('12345', url, params)).toBe('0/KCTR6DLpKmkAf8muzZqo1nDgQ=');
    expect(await twilioSignature('12345', 'wss://agent.example.com/relay', {})).toBe('7CqIVSnwJUUqw+gxShy+t9T534Y=');
  });

  it('verify with or without the explicit port, and refuse any change', async () => {
    const signature = '0/KCTR6DLpKmkAf8muzZqo1nDgQ=';
    expect(await verifyTwilioSignature('12345', url, params, signature)).toBe(true);
    const signedWithPort = await twilioSignature('12345', 'https://mycompany.com:443/myapp.php?foo=1&bar=2', params);
    expect(await verifyTwilioSignature('12345', url, params, signedWithPort)).toBe(true);
    expect(await verifyTwilioSignature('12345', url.replace('https', 'http'), params, signature)).toBe(false);
    expect(await verifyTwilioSignature('12345', url, { ...params, Digits: '9' }, signature)).toBe(false);
    expect(await verifyTwilioSignature('54321', url, params, signature)).toBe(false);
    expect(await verifyTwilioSignature('12345', url, params, null)).toBe(false);
  });
});
