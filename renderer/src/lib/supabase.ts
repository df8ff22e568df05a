import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '../../../supabase/types/database.ts';
import type { RuntimeConfig } from '../config/runtimeConfig.ts';

/**
 * The console's one supabase-js client. Created once at boot from the runtime config; every
 * feature's `api/` module reaches the backend through `getSupabase()` only.
 */
/** The console's client, typed with the database types generated from the migrations. */
export type ConsoleClient = SupabaseClient<Database>;

let client: ConsoleClient | undefined;
let runtimeConfig: RuntimeConfig | undefined;
/** The address the console was opened with, before supabase-js strips auth fragments from it. */
let initialUrl = '';

export function initSupabase(config: RuntimeConfig): ConsoleClient {
  runtimeConfig = config;
  initialUrl = typeof window === 'undefined' ? '' : window.location.href;
  client = createClient<Database>(config.supabaseUrl, config.supabaseAnonKey, {
    auth: { persistSession: true, autoRefreshToken: true, detectSessionInUrl: true },
  });
  return client;
}

export function getSupabase(): ConsoleClient {
  if (!client) throw new Error('Supabase client used before initSupabase() ran at boot');
  return client;
}

export function getRuntimeConfig(): RuntimeConfig {
  if (!runtimeConfig) throw new Error('Runtime config read before boot');
  return runtimeConfig;
}

/** The URL at boot: the email verification page reads the auth redirect's parameters from it. */
export function getInitialUrl(): string {
  return initialUrl;
}
