import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import type { RuntimeConfig } from '../config/runtimeConfig.ts';

/**
 * The console's one supabase-js client. Created once at boot from the runtime config; every
 * feature's `api/` module reaches the backend through `getSupabase()` only.
 */
let client: SupabaseClient | undefined;
let runtimeConfig: RuntimeConfig | undefined;

export function initSupabase(config: RuntimeConfig): SupabaseClient {
  runtimeConfig = config;
  client = createClient(config.supabaseUrl, config.supabaseAnonKey, {
    auth: { persistSession: true, autoRefreshToken: true, detectSessionInUrl: true },
  });
  return client;
}

export function getSupabase(): SupabaseClient {
  if (!client) throw new Error('Supabase client used before initSupabase() ran at boot');
  return client;
}

export function getRuntimeConfig(): RuntimeConfig {
  if (!runtimeConfig) throw new Error('Runtime config read before boot');
  return runtimeConfig;
}
