import { describe, expect, it } from 'vitest';
import { hmacSha256Hex, parseSignatureHeader, signStripePayload, verifyStripeSignature } from './stripe-signature.ts';

const secret = 'whsec_test_secret';
const body = '{"id":"evt_1","type":"checkout.session.completed"}';
const now = 1_800_000_000;

describe('Stripe webhook signatures', () => {
  it('matches a known HMAC-SHA256 vector (RFC 4231 case 2)', async () => {
    expect(await hmacSha256Hex('Jefe', 'what do ya want for nothing?')).toBe(
      '5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843',
    );
  });

  it('accepts a payload signed with the secret within the tolerance', async () => {
    const header = await signStripePayload(body, secret, now - 10);
    expect(await verifyStripeSignature(body, header, secret, now)).toEqual({ ok: true, timestamp: now - 10 });
  });

  it('accepts when any of several v1 signatures matches (secret rotation)', async () => {
    const good = await signStripePayload(body, secret, now);
    const header = `t=${now},v1=${'0'.repeat(64)},${good.split(',')[1]}`;
    expect((await verifyStripeSignature(body, header, secret, now)).ok).toBe(true);
  });

  it('refuses a changed body, a wrong secret, an old timestamp and a missing or malformed header', async () => {
    const header = await signStripePayload(body, secret, now);
    expect(await verifyStripeSignature(body.replace('evt_1', 'evt_2'), header, secret, now)).toEqual({
      ok: false,
      reason: 'no_matching_signature',
    });
    expect(await verifyStripeSignature(body, header, 'whsec_other', now)).toEqual({
      ok: false,
      reason: 'no_matching_signature',
    });
    expect(await verifyStripeSignature(body, header, secret, now + 301)).toEqual({
      ok: false,
      reason: 'timestamp_out_of_range',
    });
    expect(await verifyStripeSignature(body, null, secret, now)).toEqual({ ok: false, reason: 'missing_header' });
    expect(await verifyStripeSignature(body, 'v1=abc', secret, now)).toEqual({ ok: false, reason: 'malformed_header' });
  });

  it('parses only well-formed t and v1 parts', () => {
    expect(parseSignatureHeader(`t=12,v0=${'a'.repeat(64)},v1=${'B'.repeat(64)}`)).toEqual({
      timestamp: 12,
      signatures: ['b'.repeat(64)],
    });
    expect(parseSignatureHeader('t=abc,v1=xyz')).toBeNull();
  });
});
