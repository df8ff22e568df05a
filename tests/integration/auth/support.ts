import { fileURLToPath } from 'node:url';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import type { RunningStack } from '../../../supabase/local/index.ts';
import type { CapturedEmail } from '../../../supabase/local/core/contracts.ts';
import { startTestStack } from '../support/stack.ts';

/**
 * The auth suite's harness on top of the shared test stack: one fixture project (confirmations on or
 * off, short JWT expiry), supabase-js clients with a chosen auth flow, and inbox reads.
 */
export type Fixture = 'confirm-on' | 'confirm-off' | 'short-jwt';

export function fixtureDir(fixture: Fixture): string {
  return fileURLToPath(new URL(`./fixtures/${fixture}/`, import.meta.url));
}

export interface AuthHarness {
  stack: RunningStack;
  url: string;
  /** A signed-out anon client; each call is a fresh client with its own in-memory session. */
  client(options?: { flowType?: 'implicit' | 'pkce'; autoRefreshToken?: boolean }): SupabaseClient;
  /** The service-role client (admin API). */
  admin(): SupabaseClient;
  /** Newest captured e-mail to `to` (optionally with a subject), waiting briefly for it. */
  latestEmail(to: string, subject?: string): Promise<CapturedEmail>;
  emailsTo(to: string): Promise<CapturedEmail[]>;
  stop(): Promise<void>;
}

export async function startAuthStack(fixture: Fixture, env: Record<string, string> = {}): Promise<AuthHarness> {
  const log = process.env.AUTH_TEST_LOG ? (m: string) => console.error(m) : undefined;
  const stack = await startTestStack({ projectDir: fixtureDir(fixture), env: { ...process.env, ...env }, log });
  const make = (key: string, options: { flowType?: 'implicit' | 'pkce'; autoRefreshToken?: boolean } = {}) =>
    createClient(stack.url, key, {
      // Node 20 has no global WebSocket; realtime-js needs one even when unused.
      realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
      auth: {
        persistSession: false,
        autoRefreshToken: options.autoRefreshToken ?? false,
        flowType: options.flowType ?? 'implicit',
      },
    });
  const emailsTo = async (to: string) => (await stack.ctx.mailer.list()).filter((m) => m.to === to);
  return {
    stack,
    url: stack.url,
    client: (options) => make(stack.anonKey, options),
    admin: () => make(stack.serviceRoleKey),
    emailsTo,
    async latestEmail(to, subject) {
      for (let i = 0; i < 20; i++) {
        const found = (await emailsTo(to)).find((m) => !subject || m.subject === subject);
        if (found) return found;
        await new Promise((r) => setTimeout(r, 50));
      }
      throw new Error(`no e-mail to ${to}${subject ? ` with subject ${subject}` : ''}`);
    },
    stop: () => stack.stop(),
  };
}

/** The 6-digit code printed in an auth e-mail. */
export function otpOf(email: CapturedEmail): string {
  const match = /enter the code: (\d+)/.exec(email.text);
  if (!match) throw new Error(`no code in e-mail "${email.subject}"`);
  return match[1]!;
}

/** The verify link of an auth e-mail. */
export function verifyLinkOf(email: CapturedEmail): string {
  const link = email.links.find((l) => l.includes('/auth/v1/verify?'));
  if (!link) throw new Error(`no verify link in e-mail "${email.subject}"`);
  return link;
}

/** Parses `#a=1&b=2` (the implicit-flow fragment of a redirect Location). */
export function fragmentOf(location: string): URLSearchParams {
  return new URLSearchParams(new URL(location).hash.slice(1));
}

/** Raw GoTrue call with the anon key, as auth-js sends it (optionally without the version header). */
export async function authFetch(
  harness: AuthHarness,
  path: string,
  init: { method?: string; body?: unknown; rawBody?: string; bearer?: string; versioned?: boolean } = {},
): Promise<Response> {
  const headers: Record<string, string> = {
    apikey: harness.stack.anonKey,
    Authorization: `Bearer ${init.bearer ?? harness.stack.anonKey}`,
    'Content-Type': 'application/json;charset=UTF-8',
  };
  if (init.versioned !== false) headers['X-Supabase-Api-Version'] = '2024-01-01';
  return fetch(`${harness.url}/auth/v1${path}`, {
    method: init.method ?? (init.body !== undefined || init.rawBody !== undefined ? 'POST' : 'GET'),
    headers,
    body: init.rawBody ?? (init.body !== undefined ? JSON.stringify(init.body) : undefined),
    redirect: 'manual',
  });
}

let counter = 0;
/** A fresh address per test so tests in one file never collide. */
export function uniqueEmail(label: string): string {
  counter += 1;
  return `${label}-${Date.now().toString(36)}-${counter}@example.com`;
}
