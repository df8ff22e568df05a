// zod/mini: same validation as zod, a fraction of the bytes on the visitor's first load.
import { z } from 'zod/mini';
import { RUNTIME_CONFIG_URL, requestRuntimeConfigFile } from './configFile.ts';

/**
 * Where the visitor site finds its backend. Read at boot from `./concierge.config.json` (written by
 * `npm start`, by the Electron shell's app:// protocol, or by whoever deploys the static files), so
 * one build serves any Supabase project; falls back to the `VITE_*` variables baked in at build time.
 */
export const runtimeConfigSchema = z.object({
  supabaseUrl: z.url({ protocol: /^https?$/ }),
  supabaseAnonKey: z.string().check(z.minLength(1)),
  /** Domain whose subdomains are agent pages, e.g. `agents.example.com` (see host/siteMode.ts). */
  siteDomain: z.optional(z.string().check(z.minLength(1))),
});

export type RuntimeConfig = z.infer<typeof runtimeConfigSchema>;

export interface BuildTimeEnv {
  VITE_SUPABASE_URL?: string;
  VITE_SUPABASE_ANON_KEY?: string;
  VITE_SITE_DOMAIN?: string;
}

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

function fromEnv(env: BuildTimeEnv): unknown {
  return {
    supabaseUrl: env.VITE_SUPABASE_URL,
    supabaseAnonKey: env.VITE_SUPABASE_ANON_KEY,
    ...(env.VITE_SITE_DOMAIN ? { siteDomain: env.VITE_SITE_DOMAIN } : {}),
  };
}

/**
 * The config the page runs with: the JSON file's body when one was served (see configFile.ts), else
 * the build-time env. A file that exists but is invalid is an operator error and is reported rather
 * than masked.
 */
export function readRuntimeConfig(fileBody: unknown, env: BuildTimeEnv, url = RUNTIME_CONFIG_URL): RuntimeConfig {
  if (fileBody !== undefined) {
    const parsed = runtimeConfigSchema.safeParse(fileBody);
    if (!parsed.success) throw new ConfigError(`Invalid ${url}: ${z.prettifyError(parsed.error)}`);
    return parsed.data;
  }
  const parsed = runtimeConfigSchema.safeParse(fromEnv(env));
  if (!parsed.success) {
    throw new ConfigError(
      `No ${url} and no valid VITE_SUPABASE_URL / VITE_SUPABASE_ANON_KEY: ${z.prettifyError(parsed.error)}`,
    );
  }
  return parsed.data;
}

/** Requests the JSON file and reads the config from it or from the build-time env. */
export async function loadRuntimeConfig(
  fetchFn: typeof fetch,
  env: BuildTimeEnv,
  url = RUNTIME_CONFIG_URL,
): Promise<RuntimeConfig> {
  return readRuntimeConfig(await requestRuntimeConfigFile(fetchFn, url), env, url);
}
