/**
 * Retry with exponential backoff for 429 and 5xx, honouring Retry-After (seconds or HTTP date)
 * and OpenAI's retry-after-ms. The caller decides what is retryable; streaming callers stop
 * retrying as soon as they have emitted anything.
 */

export interface RetryPolicy {
  /** Retries after the first attempt. */
  maxRetries: number;
  baseDelayMs: number;
  maxDelayMs: number;
  /** Retry-After values above this are not waited for (the request fails instead). */
  maxRetryAfterMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  maxRetries: 2,
  baseDelayMs: 500,
  maxDelayMs: 8_000,
  maxRetryAfterMs: 20_000,
};

/** Parses `retry-after-ms`, then `retry-after` (delta seconds or an HTTP date). */
export function retryAfterMs(headers: Headers | undefined, now: number = Date.now()): number | null {
  if (!headers) return null;
  const ms = headers.get('retry-after-ms');
  if (ms !== null && ms.trim() !== '') {
    const value = Number(ms);
    if (Number.isFinite(value) && value >= 0) return value;
  }
  const after = headers.get('retry-after');
  if (after === null || after.trim() === '') return null;
  const seconds = Number(after);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(after);
  if (Number.isFinite(date)) return Math.max(0, date - now);
  return null;
}

/**
 * Delay before retry number `attempt` (0-based): Retry-After when given (capped), otherwise
 * base·2^attempt with up to 25 % jitter taken off, capped at maxDelayMs.
 * Returns null when the server asks us to wait longer than we are willing to.
 */
export function backoffDelayMs(
  attempt: number,
  policy: RetryPolicy,
  serverDelayMs: number | null,
  random: () => number = Math.random,
): number | null {
  if (serverDelayMs !== null) {
    return serverDelayMs <= policy.maxRetryAfterMs ? serverDelayMs : null;
  }
  const exponential = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** attempt);
  return Math.round(exponential * (1 - 0.25 * random()));
}

/** setTimeout as a promise that rejects when the signal aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason ?? new Error('aborted'));
      return;
    }
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason ?? new Error('aborted'));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
