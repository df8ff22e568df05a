import { z } from 'zod';

/**
 * Where the console's backend lives. Read at boot from `./concierge.config.json` (written next to
 * the built files by `npm start` or a hosted deploy) so one build serves any Supabase project;
 * build-time `VITE_*` variables are the fallback for `vite dev`.
 */
export const runtimeConfigSchema = z.object({
  supabaseUrl: z.url({ protocol: /^https?$/ }),
  supabaseAnonKey: z.string().min(1),
  publicSiteUrl: z.string().min(1).optional(),
  /**
   * The /map tile source (CONCIERGE_MAP_TILE_URL) and its attribution. Checked by the map itself
   * (contracts/agent-map.ts): a bad value shows the map's "not configured" state, never a console
   * that cannot start.
   */
  mapTileUrl: z.string().max(500).optional(),
  mapTileAttribution: z.string().max(300).optional(),
  /**
   * WhatsApp's embedded sign-up (CONCIERGE_FACEBOOK_*; contracts/whatsapp.ts facebookSignupSettings):
   * without both ids the Deploy card says sign-up is not configured.
   */
  facebookAppId: z
    .string()
    .regex(/^[0-9]{1,32}$/)
    .optional(),
  facebookConfigId: z
    .string()
    .regex(/^[0-9]{1,32}$/)
    .optional(),
  facebookSdkUrl: z.url({ protocol: /^https?$/ }).optional(),
  /** Twilio's Partner Solution ID (CONCIERGE_TWILIO_SOLUTION_ID), carried in the sign-up's extras. */
  twilioSolutionId: z
    .string()
    .regex(/^[0-9]{1,32}$/)
    .optional(),
});

export type RuntimeConfig = z.infer<typeof runtimeConfigSchema>;

export type RuntimeConfigResult =
  { ok: true; config: RuntimeConfig; source: 'file' | 'env' } | { ok: false; problems: string[] };

export interface BuildEnv {
  VITE_SUPABASE_URL?: string | undefined;
  VITE_SUPABASE_ANON_KEY?: string | undefined;
  VITE_PUBLIC_SITE_URL?: string | undefined;
}

function describe(error: z.ZodError): string[] {
  return error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`);
}

/** Decides the config from the fetched file (if any) and the build env. Pure, for testing. */
export function resolveRuntimeConfig(fileJson: unknown, env: BuildEnv): RuntimeConfigResult {
  const problems: string[] = [];
  if (fileJson !== undefined) {
    const parsed = runtimeConfigSchema.safeParse(fileJson);
    if (parsed.success) return { ok: true, config: parsed.data, source: 'file' };
    problems.push(...describe(parsed.error).map((p) => `concierge.config.json ${p}`));
  }
  const fromEnv = {
    supabaseUrl: env.VITE_SUPABASE_URL,
    supabaseAnonKey: env.VITE_SUPABASE_ANON_KEY,
    ...(env.VITE_PUBLIC_SITE_URL ? { publicSiteUrl: env.VITE_PUBLIC_SITE_URL } : {}),
  };
  if (fromEnv.supabaseUrl === undefined && fromEnv.supabaseAnonKey === undefined) {
    if (fileJson === undefined)
      problems.push('concierge.config.json not found and VITE_SUPABASE_URL / VITE_SUPABASE_ANON_KEY unset');
    return { ok: false, problems };
  }
  const parsed = runtimeConfigSchema.safeParse(fromEnv);
  if (parsed.success) return { ok: true, config: parsed.data, source: 'env' };
  problems.push(...describe(parsed.error).map((p) => `VITE_* ${p}`));
  return { ok: false, problems };
}

/** Fetches `./concierge.config.json`; a 404, a network error or invalid JSON count as "no file". */
export async function loadRuntimeConfig(fetchFn: typeof fetch, env: BuildEnv): Promise<RuntimeConfigResult> {
  let fileJson: unknown;
  try {
    const response = await fetchFn('./concierge.config.json', { cache: 'no-store' });
    const type = response.headers.get('content-type') ?? '';
    // SPA hosts answer unknown paths with index.html; only a JSON body counts as the config file.
    if (response.ok && type.includes('json')) fileJson = await response.json();
  } catch {
    fileJson = undefined;
  }
  return resolveRuntimeConfig(fileJson, env);
}
