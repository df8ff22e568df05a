import { describe, expect, it } from 'vitest';
import { AuthError } from './errors.ts';
import { bucketFor, clientAddressOf, createRateLimiter, RATE_LIMIT_WINDOW_MS } from './rate-limit.ts';

describe('bucketFor', () => {
  it('assigns GoTrue routes to their limits', () => {
    expect(bucketFor('POST', '/signup', null)).toBe('sign_in_sign_ups');
    expect(bucketFor('POST', '/token', 'password')).toBe('sign_in_sign_ups');
    expect(bucketFor('POST', '/token', 'refresh_token')).toBe('token_refresh');
    expect(bucketFor('GET', '/verify', null)).toBe('token_verifications');
    expect(bucketFor('GET', '/user', null)).toBeNull();
  });
});

describe('clientAddressOf', () => {
  it('reads the address the gateway wrote, else one in-process bucket', () => {
    expect(clientAddressOf(new Request('http://x/', { headers: { 'x-forwarded-for': '10.0.0.1' } }))).toBe('10.0.0.1');
    expect(clientAddressOf(new Request('http://x/'))).toBe('in-process');
  });
});

describe('createRateLimiter', () => {
  it('refuses an address over its limit with GoTrue 429, others and a new window are served', () => {
    let now = 0;
    const limiter = createRateLimiter({ sign_in_sign_ups: 2, token_refresh: 5, token_verifications: 5 }, () => now);
    limiter.hit('sign_in_sign_ups', 'a');
    limiter.hit('sign_in_sign_ups', 'a');
    let refused: unknown;
    try {
      limiter.hit('sign_in_sign_ups', 'a');
    } catch (error) {
      refused = error;
    }
    expect(refused).toBeInstanceOf(AuthError);
    expect(refused).toMatchObject({ status: 429, code: 'over_request_rate_limit', headers: { 'Retry-After': '300' } });
    expect(() => limiter.hit('sign_in_sign_ups', 'b')).not.toThrow();
    expect(() => limiter.hit('token_refresh', 'a')).not.toThrow();
    now = RATE_LIMIT_WINDOW_MS;
    expect(() => limiter.hit('sign_in_sign_ups', 'a')).not.toThrow();
  });
});
