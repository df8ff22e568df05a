/**
 * Test support for integration tests: an in-memory local stack on a free port plus supabase-js
 * clients wired to it. Usage:
 *
 *   const stack = await startTestStack({ projectDir: fixtureDir });
 *   const anon = stack.anonClient();
 *   const owner = await stack.clientAs(await stack.signUserToken({ sub: userId }));
 *   afterAll(() => stack.stop());
 *
 * The database starts from a migrated+seeded snapshot of the project (tests/support/migrated-snapshot.ts),
 * not by replaying every migration: the same schema and rows, a fraction of the start time, and
 * still a private copy with fresh keys per stack.
 *
 * Clients use `ws` as their realtime transport (Node 20 has no global WebSocket) and never persist
 * or refresh sessions, so a test file can create as many as it likes.
 */
import type { Database } from '../../../supabase/types/database.ts';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { signJwt, type JwtClaims } from '../../../supabase/local/core/jwt.ts';
import { startStack, type RunningStack, type StackOptions } from '../../../supabase/local/index.ts';
import { migratedSnapshot, snapshotsEnabled } from '../../support/migrated-snapshot.ts';

/** The repository root: its supabase/ folder holds the product's migrations, seed and functions. */
export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

export interface TestStackOptions extends Omit<StackOptions, 'port' | 'dataDir'> {
  /** Default: the repository root (product migrations). Fixtures pass their own folder. */
  projectDir?: string;
  /** Default in-memory; pass a folder to test persistence. */
  dataDir?: string | null;
  /** Print the stack's log lines (default: only when DEBUG_STACK is set). */
  log?: (message: string) => void;
}

export interface TestStack extends RunningStack {
  /** Signed-out client using the anon key. */
  anonClient(): SupabaseClient<Database>;
  /** Client using the service_role key (bypasses RLS). */
  serviceClient(): SupabaseClient<Database>;
  /**
   * Client that sends `accessToken` on every REST/storage/functions/realtime call. Async because
   * supabase-js hands the token to realtime asynchronously: a channel subscribed before that would
   * join as anon (a supabase-js race, same against hosted Realtime).
   */
  clientAs(accessToken: string): Promise<SupabaseClient<Database>>;
  /** The local inbox's emails (JSON API, read with the service role key), newest first. */
  readInbox(to?: string): Promise<InboxEmail[]>;
  /** Signs a user JWT as GoTrue would shape it (role authenticated, aud authenticated, 1 h). */
  signUserToken(claims?: Partial<JwtClaims> & { sub?: string; email?: string }): Promise<string>;
}

/** One captured email as `GET /_local/inbox` lists it. */
export interface InboxEmail {
  id: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  links: string[];
  createdAt: string;
}

const clientOptions = {
  auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
} as const;

/**
 * Test files sign in and up far more often than config.toml's per-address limits allow (every
 * request comes from 127.0.0.1); the embedded-backend security test passes the real limits.
 */
export const TEST_AUTH_RATE_LIMIT = { sign_in_sign_ups: 100_000, token_refresh: 100_000, token_verifications: 100_000 };

export async function startTestStack(options: TestStackOptions = {}): Promise<TestStack> {
  const log = options.log ?? (process.env.DEBUG_STACK ? (m: string) => console.log(`[stack] ${m}`) : undefined);
  const projectDir = options.projectDir ?? REPO_ROOT;
  const initialData =
    options.initialData ?? (snapshotsEnabled() ? (await migratedSnapshot(projectDir)).data : undefined);
  const stack = await startStack({
    ...options,
    ...(initialData ? { initialData } : {}),
    authRateLimit: { ...TEST_AUTH_RATE_LIMIT, ...options.authRateLimit },
    // Tests play visitors at different addresses by setting x-forwarded-for, as a proxy would.
    trustForwardedFor: options.trustForwardedFor ?? true,
    projectDir,
    dataDir: options.dataDir ?? null,
    port: 0,
    ...(log ? { log } : {}),
  });
  return {
    ...stack,
    stop: () => stack.stop(),
    reloadSchema: () => stack.reloadSchema(),
    allowOrigins: (...origins) => stack.allowOrigins(...origins),
    anonClient: () => createClient<Database>(stack.url, stack.anonKey, clientOptions),
    serviceClient: () => createClient<Database>(stack.url, stack.serviceRoleKey, clientOptions),
    clientAs: async (accessToken) => {
      const client = createClient<Database>(stack.url, stack.anonKey, {
        ...clientOptions,
        accessToken: async () => accessToken,
      });
      await client.realtime.setAuth();
      return client;
    },
    readInbox: async (to) => {
      const url = `${stack.inboxUrl}${to ? `?to=${encodeURIComponent(to)}` : ''}`;
      const response = await fetch(url, { headers: { authorization: `Bearer ${stack.serviceRoleKey}` } });
      if (!response.ok) throw new Error(`inbox answered ${response.status}`);
      return (await response.json()) as InboxEmail[];
    },
    signUserToken: (claims = {}) =>
      signJwt(
        {
          sub: claims.sub ?? randomUUID(),
          role: 'authenticated',
          aud: 'authenticated',
          iss: `${stack.url}/auth/v1`,
          session_id: randomUUID(),
          ...claims,
        },
        stack.config.jwtSecret,
        3600,
      ),
  };
}
