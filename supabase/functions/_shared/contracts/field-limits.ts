import { z } from 'zod';

/**
 * Text limits the database enforces (CHECK constraints on agents, private.is_valid_branding), stated
 * once for every form that writes those columns, so a form refuses a value before the request
 * instead of the database refusing it after. Postgres restates them; the table-driven test
 * tests/integration/security/field-limits.test.ts proves both agree (the limit passes, one more is
 * refused). Lengths are in characters (Postgres char_length, JavaScript code units for the BMP).
 */

/** agents columns (migration 20261121193200_create_agents.sql). */
export const AGENT_LIMITS = {
  /** Required: 1 to 100 characters once trimmed. */
  name: 100,
  companyName: 200,
  /** The system prompt (column `description`). */
  prompt: 100_000,
  address: 500,
  phone: 40,
  email: 320,
  website: 2048,
} as const;
export type AgentLimitField = keyof typeof AGENT_LIMITS;

/** agents.branding texts (private.is_valid_branding, migrations 20261121193200 and 20261122000400). */
export const BRANDING_LIMITS = {
  heroTitle: 100,
  heroSubtitle: 100,
  metaTitle: 70,
  metaDescription: 170,
  ogTitle: 200,
  twitterTitle: 200,
  ogDescription: 500,
  twitterDescription: 500,
  aboutText: 50_000,
  customCss: 20_000,
} as const;

/** prompt_backups columns (migration 20261121193200_create_agents.sql). */
export const PROMPT_BACKUP_LIMITS = {
  /** Required: 1 to 100 characters once trimmed. */
  name: 100,
  description: 500,
} as const;

/** profiles.name (migration 20261121193000); admin_update_user refuses the same length. */
export const PROFILE_LIMITS = { name: 200 } as const;

/** contacts columns (migration 20261121193500_create_conversations_and_analytics.sql). */
export const CONTACT_LIMITS = { firstName: 100, lastName: 100, notes: 5_000 } as const;

/** credit_ledger.description: the reason an admin gives for a credit adjustment. */
export const CREDIT_REASON_MAX = 500;

/** publish_announcement (migration 20261128170000): subject and body, trimmed, of an announcement. */
export const ANNOUNCEMENT_LIMITS = { subject: 150, body: 5_000 } as const;

/**
 * The owner helpers' inputs (owner-assist checks them; no column stores them): the wizard's brief,
 * and the prompt assistant's instruction.
 */
export const OWNER_ASSIST_LIMITS = { brief: 20_000, instruction: 5_000 } as const;

/**
 * Characters as Postgres' char_length counts them: code points, so an emoji is one character where
 * JavaScript's length says two. Every counter and every server check of a text limit counts this way.
 */
export function charLength(value: string): number {
  let count = 0;
  for (const _ of value) count++;
  return count;
}

/** Whether a text is longer than its column allows. */
export function isTooLong(value: string, max: number): boolean {
  return charLength(value) > max;
}

/**
 * The text a field keeps when an edit turns `previous` into `next` under a limit of `max`
 * characters: the edit as typed while it fits; past the limit, only as much of what was inserted
 * as still fits (a paste is cut, a keystroke at the limit is refused), the rest of the text left
 * as it was. An edit that does not make an over-long text longer (deleting from a text that a
 * generator made too long) is kept, so the text can be shortened back under the limit.
 */
export function keepWithinLimit(previous: string, next: string, max: number): string {
  const after = Array.from(next);
  if (after.length <= max) return next;
  const before = Array.from(previous);
  if (after.length <= before.length) return next;
  let head = 0;
  while (head < before.length && head < after.length && before[head] === after[head]) head++;
  let tail = 0;
  while (
    tail < before.length - head &&
    tail < after.length - head &&
    before[before.length - 1 - tail] === after[after.length - 1 - tail]
  )
    tail++;
  const kept = before.length - head - tail;
  const room = Math.max(0, max - head - tail);
  const inserted = after.slice(head, after.length - tail).slice(0, room);
  // Nothing of the insertion fits: the field stays as it was (a replaced selection included).
  if (inserted.length === 0 && kept > 0) return previous;
  return [...after.slice(0, head), ...inserted, ...after.slice(after.length - tail)].join('');
}

/** Share of a limit from which a counter warns that the limit is close. */
export const NEAR_LIMIT_SHARE = 0.9;

/** How close a text is to its limit: what its counter shows (colour, and a line at or past it). */
export type LimitLevel = 'ok' | 'near' | 'full' | 'over';

export function limitLevel(count: number, max: number): LimitLevel {
  if (count > max) return 'over';
  if (count === max) return 'full';
  return count >= Math.ceil(max * NEAR_LIMIT_SHARE) ? 'near' : 'ok';
}

/**
 * A string of at most `max` characters as Postgres' char_length counts them (code points, so an
 * emoji is one character, where JavaScript's length says two).
 */
export function charsAtMost(max: number) {
  return z.string().refine((s) => charLength(s) <= max, { error: `at most ${max} characters` });
}
