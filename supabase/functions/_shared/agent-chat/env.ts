/**
 * What functions read from their environment (Deno.env in production, the local host's env
 * object in development) and the service-role client they act through.
 */
import { createClient, type SupabaseClient } from '@supabase/supabase-js';

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

/**
 * Service-role client: functions decide who may do what (agent public, caller is owner) and then
 * act with explicit agent scoping; visitors never get database access of their own.
 */
export function createServiceClient(env: FunctionEnv): SupabaseClient {
  return createClient(requireEnv(env, 'SUPABASE_URL'), requireEnv(env, 'SUPABASE_SERVICE_ROLE_KEY'), {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    ...(env.fetch ? { global: { fetch: env.fetch } } : {}),
  });
}

/** Bearer values that mean "no user": the anon JWT and any publishable keys. */
export function anonymousKeys(env: FunctionEnv): string[] {
  const keys = [env.get('SUPABASE_ANON_KEY')];
  try {
    const publishable = JSON.parse(env.get('SUPABASE_PUBLISHABLE_KEYS') ?? '{}') as Record<string, unknown>;
    for (const value of Object.values(publishable)) if (typeof value === 'string') keys.push(value);
  } catch {
    // Not JSON: no publishable keys configured.
  }
  return keys.filter((key): key is string => typeof key === 'string' && key !== '');
}
