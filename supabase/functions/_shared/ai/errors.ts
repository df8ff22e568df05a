/**
 * One error type for every provider failure, so the engine can decide (apologise, 429, 503)
 * without knowing which SDK or server was behind it.
 */
export type ProviderErrorCode =
  /** Upstream said 429 (rate limit) after our retries. */
  | 'rate_limited'
  /** The account has no quota left (429 insufficient_quota): retrying cannot help. */
  | 'quota_exceeded'
  /** No response (or no next chunk) within the time budget. */
  | 'timeout'
  /** 5xx or a connection failure after our retries. */
  | 'upstream_unavailable'
  /** The stream broke after tokens were emitted; never retried (the visitor already saw text). */
  | 'stream_interrupted'
  /** 400/404/422: our request was wrong (bad model name, bad schema). */
  | 'bad_request'
  /** 401/403: the key is wrong or lacks access. */
  | 'auth_failed'
  /** This provider cannot do that (e.g. transcription on an OpenAI-compatible server). */
  | 'unsupported'
  /** The caller aborted. */
  | 'aborted';

export class ProviderError extends Error {
  override readonly name = 'ProviderError';
  constructor(
    readonly code: ProviderErrorCode,
    message: string,
    readonly details: { status?: number; retryable?: boolean; cause?: unknown } = {},
  ) {
    super(message);
  }

  get retryable(): boolean {
    return this.details.retryable ?? false;
  }
}

export function isProviderError(error: unknown): error is ProviderError {
  return error instanceof ProviderError;
}
