/**
 * What functions read from their environment (Deno.env in production, the local host's env
 * object in development) and the service-role client they act through.
 */
import { createClient, type SupabaseClient } from '@supabase/supabase-js';

/** The subset of Deno.env a handler uses. */
export interface FunctionEnv {
  get(name: string): string | undefined;
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
  });
}
