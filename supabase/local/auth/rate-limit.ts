import type { AuthRateLimit } from '../core/contracts.ts';
import { AuthError } from './errors.ts';

/** GoTrue counts these per client address over 5-minute windows (config.toml [auth.rate_limit]). */
export const RATE_LIMIT_WINDOW_MS = 5 * 60 * 1000;

/** Beyond this many tracked addresses, finished windows are dropped (flooding cannot grow memory). */
const MAX_TRACKED = 10_000;

export type RateLimitBucket = keyof AuthRateLimit;

/** Which limit a request counts against, as GoTrue's router assigns them; null = not limited. */
export function bucketFor(method: string, path: string, grantType: string | null): RateLimitBucket | null {
  if (method === 'POST' && path === '/signup') return 'sign_in_sign_ups';
  if (method === 'POST' && path === '/token') {
    return grantType === 'refresh_token' ? 'token_refresh' : 'sign_in_sign_ups';
  }
  if (path === '/verify' && (method === 'GET' || method === 'POST')) return 'token_verifications';
  return null;
}

/**
 * The client address the gateway put in x-forwarded-for (it drops whatever the client sent);
 * in-process callers have none and share one bucket.
 */
export function clientAddressOf(request: Request): string {
  return request.headers.get('x-forwarded-for')?.split(',')[0]?.trim() || 'in-process';
}

/** Fixed-window counters per bucket and address; `limits` is read live so a stack can be retuned. */
export function createRateLimiter(limits: AuthRateLimit, now: () => number = Date.now) {
  const windows = new Map<string, { start: number; count: number }>();
  const prune = (at: number) => {
    for (const [key, window] of windows) if (at - window.start >= RATE_LIMIT_WINDOW_MS) windows.delete(key);
  };
  return {
    /** Counts one request; throws GoTrue's 429 once the address is over the bucket's limit. */
    hit(bucket: RateLimitBucket, address: string): void {
      const at = now();
      const key = `${bucket} ${address}`;
      let window = windows.get(key);
      if (!window || at - window.start >= RATE_LIMIT_WINDOW_MS) {
        if (!window && windows.size >= MAX_TRACKED) prune(at);
        window = { start: at, count: 0 };
        windows.set(key, window);
      }
      window.count += 1;
      if (window.count > limits[bucket]) {
        const retryAfter = Math.ceil((window.start + RATE_LIMIT_WINDOW_MS - at) / 1000);
        throw new AuthError(
          429,
          'over_request_rate_limit',
          'Request rate limit reached',
          {},
          {
            'Retry-After': String(retryAfter),
          },
        );
      }
    },
  };
}
