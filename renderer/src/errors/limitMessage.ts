import { megabytes, waitOf, type LimitRefusal } from '@contracts/limit-refusal.ts';
import type { ConsoleKey } from '../i18n/keys.ts';

/**
 * The console's wording of a refusal that names a limit (contracts/limit-refusal.ts): an i18n key
 * of the `errors` namespace and its values, or null when the refusal says no limit and no wait.
 */
export function limitMessage(
  limit: LimitRefusal | null,
  retryAfterSeconds: number | null = null,
): { key: ConsoleKey; params: Record<string, string> } | null {
  const seconds = limit?.retryAfterSeconds ?? retryAfterSeconds;
  const wait = seconds === null || seconds === undefined ? null : shortWait(seconds);
  const withWait = (params: Record<string, string>) => (wait ? { ...params, wait } : params);
  switch (limit?.kind) {
    case 'assist_requests':
      return {
        key: 'errors:limits.assistRequests',
        params: withWait({ max: String(limit.max), perMinute: String(limit.perMinute ?? 0) }),
      };
    case 'file_size':
      return { key: 'errors:limits.fileSize', params: { megabytes: String(megabytes(limit.max)) } };
    case 'message_length':
      return { key: 'errors:limits.messageLength', params: { max: String(limit.max) } };
    default:
      return wait ? { key: 'errors:limits.retry', params: { wait } } : null;
  }
}

/** "3 s", "10 min", "2 h": how the console says a wait, in English and in French alike. */
export function shortWait(seconds: number): string {
  const wait = waitOf(seconds);
  return `${wait.count} ${wait.unit === 'seconds' ? 's' : wait.unit === 'minutes' ? 'min' : 'h'}`;
}

/** Whether a failure is a refusal that names a limit (shown as such rather than "failed"). */
export function isLimitRefusal(error: unknown): error is { messageKey: ConsoleKey; params: Record<string, string> } {
  const key = (error as { messageKey?: unknown } | null)?.messageKey;
  return typeof key === 'string' && key.startsWith('errors:limits.');
}
