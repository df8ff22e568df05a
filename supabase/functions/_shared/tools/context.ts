/**
 * What a database-backed tool gets for one call. Tools act as the service role, so every query is
 * scoped here: always to the agent, and on public channels to the visitor's own conversation
 * (a visitor may look up the order they placed, never someone else's). The owner's sandbox sees
 * the agent's whole records.
 */
import type { DbClient } from '../platform/env.ts';
import type { ChatChannel } from '../conversation/input.ts';
import type { ToolOutcome } from '../conversation/turn.ts';

export interface ToolContext {
  service: DbClient;
  agentId: string;
  ownerId: string;
  agentName: string;
  conversationId: string;
  channel: ChatChannel;
  /** Hashed client address of an anonymous caller (none for owners and server channels). */
  clientKey?: string;
  language: string;
  /** The agent's calendar time zone. */
  timeZone: string;
  /** Per-agent tool settings (catalogue defaults merged with the owner's values). */
  config: Record<string, unknown>;
  env: { get(name: string): string | undefined };
  fetch: typeof fetch;
  now: () => Date;
  signal?: AbortSignal;
}

/** The owner testing in the sandbox may see and change all of the agent's records. */
export function isOwnerChannel(context: ToolContext): boolean {
  return context.channel === 'sandbox';
}

export const ok = (result: unknown): ToolOutcome => ({ ok: true, result });
export const fail = (error: string): ToolOutcome => ({ ok: false, error });

/** A provider that is not set up: not an error, the model tells the visitor plainly. */
export const notConfigured = (what: string): ToolOutcome => ({
  ok: true,
  result: { status: 'not_configured', message: `${what} is not configured for this agent.` },
});

export function text(args: Record<string, unknown>, key: string, max = 2_000): string | undefined {
  const value = args[key];
  if (typeof value === 'number') return String(value);
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  return trimmed === '' ? undefined : trimmed.slice(0, max);
}

export function numberArg(args: Record<string, unknown>, key: string): number | undefined {
  const value = args[key];
  const parsed = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof parsed === 'number' && Number.isFinite(parsed) ? parsed : undefined;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: string | undefined): value is string => value !== undefined && UUID.test(value);

export const EMAIL = /^[^\s@<>(),;:"]{1,64}@[A-Za-z0-9.-]{1,253}\.[A-Za-z]{2,}$/;
export const PHONE = /^\+?[0-9][0-9 ().-]{5,30}$/;

/** Normalises a phone number to E.164-ish digits with a leading +. */
export function normalisePhone(raw: string): string {
  return `+${raw.replace(/[^0-9]/g, '')}`;
}
