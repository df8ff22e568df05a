/**
 * A refusal because a limit was reached, as every function says it: the error body's English
 * `message` names the limit, and `details.limit` carries it for machines, so the console and the
 * public site word it in the user's language with the limit's own figures (which limit, its value,
 * when to try again) instead of a "please try again".
 *
 *   { "error": { "code": "rate_limited", "message": "…", "details": { "limit": {
 *       "kind": "chat_messages", "max": 10, "perMinute": 20, "scope": "visitor", "retryAfterSeconds": 3 } } } }
 *
 * Web-standard plus zod (contract module rules).
 */
import { z } from 'zod';

/**
 * What was limited; `max` is in the kind's unit:
 *   message_length         characters of one chat message
 *   chat_messages          messages at once (`perMinute` after that), per visitor, address or agent
 *   new_conversations      conversations started per `windowSeconds`, per client address
 *   conversation_messages  messages one conversation holds
 *   assist_requests        AI helper requests at once (`perMinute` after that), per owner
 *   voice_calls            calls started per `windowSeconds` (or held at once when `concurrent`)
 *   file_size              bytes of one file
 */
export const LIMIT_KINDS = [
  'message_length',
  'chat_messages',
  'new_conversations',
  'conversation_messages',
  'assist_requests',
  'voice_calls',
  'file_size',
] as const;
export type LimitKind = (typeof LIMIT_KINDS)[number];

export const LIMIT_SCOPES = ['visitor', 'address', 'agent', 'owner'] as const;
export type LimitScope = (typeof LIMIT_SCOPES)[number];

export const limitRefusalSchema = z.object({
  kind: z.enum(LIMIT_KINDS),
  max: z.number().nonnegative(),
  perMinute: z.number().positive().optional(),
  windowSeconds: z.number().int().positive().optional(),
  scope: z.enum(LIMIT_SCOPES).optional(),
  concurrent: z.boolean().optional(),
  retryAfterSeconds: z.number().int().positive().optional(),
});
export type LimitRefusal = z.infer<typeof limitRefusalSchema>;

/** The `details` of a limit refusal (other machine-readable fields, e.g. zod issues, may sit beside it). */
export function limitDetails(limit: LimitRefusal, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { ...extra, limit };
}

/** The limit a refusal's `details` carries, or null (an older server, another refusal). */
export function readLimitRefusal(details: unknown): LimitRefusal | null {
  const limit = (details as { limit?: unknown } | null | undefined)?.limit;
  const parsed = limitRefusalSchema.safeParse(limit);
  return parsed.success ? parsed.data : null;
}

/** Whole seconds to wait, at least one (what Retry-After says). */
export function retrySeconds(milliseconds: number): number {
  return Number.isFinite(milliseconds) ? Math.max(1, Math.ceil(milliseconds / 1000)) : 3600;
}

/**
 * A token bucket's refusal: `capacity` at once, then `refillPerSecond`, said as "N at once, then M
 * a minute" with the wait until one more is allowed.
 */
export function bucketLimit(
  kind: 'chat_messages' | 'assist_requests',
  scope: LimitScope,
  policy: { capacity: number; refillPerSecond: number },
  retryAfterMs: number,
): LimitRefusal {
  return {
    kind,
    scope,
    max: policy.capacity,
    perMinute: Math.round(policy.refillPerSecond * 60 * 100) / 100,
    retryAfterSeconds: retrySeconds(retryAfterMs),
  };
}

/**
 * Retry-After as seconds: delta seconds or an HTTP date (RFC 9110), null when absent or unreadable.
 * Clients use it when the body carries no figure of its own.
 */
export function retryAfterHeaderSeconds(value: string | null | undefined, now: number = Date.now()): number | null {
  if (!value) return null;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Math.max(1, Number(trimmed));
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? null : retrySeconds(at - now);
}

/** A wait as people say it: seconds under a minute and a half, then minutes, then hours (rounded up). */
export interface Wait {
  unit: 'seconds' | 'minutes' | 'hours';
  count: number;
}

export function waitOf(seconds: number): Wait {
  const whole = Math.max(1, Math.ceil(seconds));
  if (whole < 90) return { unit: 'seconds', count: whole };
  if (whole < 90 * 60) return { unit: 'minutes', count: Math.ceil(whole / 60) };
  return { unit: 'hours', count: Math.ceil(whole / 3600) };
}

/** A limit's window as people say it: whole hours, else whole minutes, else seconds ("1 hour", "10 minutes"). */
export function windowOf(seconds: number): Wait {
  const whole = Math.max(1, Math.round(seconds));
  if (whole % 3600 === 0) return { unit: 'hours', count: whole / 3600 };
  if (whole % 60 === 0) return { unit: 'minutes', count: whole / 60 };
  return { unit: 'seconds', count: whole };
}

/** Megabytes of a byte limit, as limits are said (10 MB, 1.5 MB): binary megabytes, one decimal at most. */
export function megabytes(bytes: number): number {
  return Math.round((bytes / (1024 * 1024)) * 10) / 10;
}

function englishDuration(wait: Wait): string {
  return `${wait.count} ${wait.unit === 'seconds' ? 's' : wait.unit === 'minutes' ? 'min' : 'h'}`;
}

/** How servers say a wait in their English `message` ("3 s", "10 min", "2 h"). */
export function englishWait(seconds: number): string {
  return englishDuration(waitOf(seconds));
}

/** How servers say a limit's window in their English `message` ("10 min", "1 h"). */
export function englishWindow(seconds: number): string {
  return englishDuration(windowOf(seconds));
}
