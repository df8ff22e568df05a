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

/** Whether a text is longer than its column allows. */
export function isTooLong(value: string, max: number): boolean {
  return value.length > max;
}

/**
 * A string of at most `max` characters as Postgres' char_length counts them (code points, so an
 * emoji is one character, where JavaScript's length says two).
 */
export function charsAtMost(max: number) {
  return z.string().refine((s) => Array.from(s).length <= max, { error: `at most ${max} characters` });
}
