// zod/mini: same validation as zod, a fraction of the bytes on the visitor's first load.
import { z } from 'zod/mini';

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
 * Loads the runtime config: the JSON file when it is served and valid, else the build-time env.
 * A file that exists but is invalid is an operator error and is reported rather than masked.
 */
export async function loadRuntimeConfig(
  fetchFn: typeof fetch,
  env: BuildTimeEnv,
  url = './concierge.config.json',
): Promise<RuntimeConfig> {
  let fileBody: unknown;
  try {
    const res = await fetchFn(url, { cache: 'no-store', headers: { accept: 'application/json' } });
    const type = res.headers.get('content-type') ?? '';
    // Dev servers answer unknown paths with index.html (SPA fallback): that means "no file".
    if (res.ok && type.includes('json')) fileBody = await res.json();
  } catch {
    fileBody = undefined;
  }
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
