/**
 * What functions read from their environment (Deno.env when hosted, the local host's env object in
 * development) and the two database clients they act through.
 */
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import type { Database } from './database.ts';

/** A database client typed by the generated schema (tables, views and RPC arguments and results). */
export type DbClient = SupabaseClient<Database>;

/**
 * The subset of Deno.env a handler uses. `fetch` is set only by the local stack: its in-process
 * route to SUPABASE_URL (Deno.env has no such member, so deployed functions use the global fetch).
 */
export interface FunctionEnv {
  get(name: string): string | undefined;
  fetch?: typeof fetch;
}

export function requireEnv(env: FunctionEnv, name: string): string {
  const value = env.get(name)?.trim();
  if (!value) throw new Error(`${name} is not set`);
  return value;
}

/** Environment values as a plain object, for code that takes `{ NAME?: string }` records. */
export function envRecord(env: FunctionEnv, names: readonly string[]): Record<string, string | undefined> {
  return Object.fromEntries(names.map((name) => [name, env.get(name)]));
}

/** Values of a JSON object variable such as `SUPABASE_SECRET_KEYS` (`{"default":"sb_secret_…"}`). */
export function jsonKeys(text: string | undefined): string[] {
  try {
    const value: unknown = JSON.parse(text ?? '{}');
    if (!value || typeof value !== 'object') return [];
    return Object.values(value as Record<string, unknown>).filter(
      (key): key is string => typeof key === 'string' && key !== '',
    );
  } catch {
    return [];
  }
}

/** Bearer values that mean "no user": the anon JWT and any publishable keys. */
export function anonymousKeys(env: FunctionEnv): string[] {
  return [env.get('SUPABASE_ANON_KEY'), ...jsonKeys(env.get('SUPABASE_PUBLISHABLE_KEYS'))].filter(
    (key): key is string => typeof key === 'string' && key !== '',
  );
}

/** The keys that stand for the service role: the legacy JWT and the new-style secret keys. */
export function serviceRoleKeys(env: FunctionEnv): string[] {
  return [env.get('SUPABASE_SERVICE_ROLE_KEY'), ...jsonKeys(env.get('SUPABASE_SECRET_KEYS'))].filter(
    (key): key is string => typeof key === 'string' && key !== '',
  );
}

const NO_SESSION = { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false } as const;

/**
 * Service-role client: bypasses RLS. Only for what a rule reserves to the server (writing document
 * status and chunks, secrets, the ledger, scheduled jobs); every use says why.
 */
export function createServiceClient(env: FunctionEnv): DbClient {
  return createClient<Database>(requireEnv(env, 'SUPABASE_URL'), requireEnv(env, 'SUPABASE_SERVICE_ROLE_KEY'), {
    auth: NO_SESSION,
    ...(env.fetch ? { global: { fetch: env.fetch } } : {}),
  });
}

/**
 * A client acting as the calling user (their verified access token), so Postgres' RLS policies
 * decide what they may read and write, exactly as for the console's own requests.
 */
export function createUserClient(env: FunctionEnv, accessToken: string): DbClient {
  return createClient<Database>(requireEnv(env, 'SUPABASE_URL'), requireEnv(env, 'SUPABASE_ANON_KEY'), {
    // REST, Storage and Realtime all send this token; the client then has no auth session of its own.
    accessToken: () => Promise.resolve(accessToken),
    ...(env.fetch ? { global: { fetch: env.fetch } } : {}),
  });
}
