import { z } from 'zod';

/**
 * Whether the desktop app uses a hosted Supabase project or starts its own embedded stack. Pure,
 * unit-tested. Order: environment (`CONCIERGE_SUPABASE_URL` + `CONCIERGE_SUPABASE_ANON_KEY`), then
 * the settings file in the user data folder (`backend.json`), else embedded.
 * A half-configured project is an error, not a silent fallback to the local stack: the user would
 * otherwise work against an empty local database believing it was their project.
 */
export const hostedProjectSchema = z.object({
  supabaseUrl: z.url({ protocol: /^https?$/ }),
  supabaseAnonKey: z.string().min(1),
});
export type HostedProject = z.infer<typeof hostedProjectSchema>;

export type BackendMode = { mode: 'hosted'; project: HostedProject; source: 'env' | 'settings' } | { mode: 'embedded' };

export class BackendSettingsError extends Error {
  override readonly name = 'BackendSettingsError';
}

export const SETTINGS_FILE_NAME = 'backend.json';

/**
 * @param settingsJson contents of the settings file, or null when there is none.
 */
export function resolveBackendMode(env: Record<string, string | undefined>, settingsJson: string | null): BackendMode {
  const url = env.CONCIERGE_SUPABASE_URL?.trim();
  const key = env.CONCIERGE_SUPABASE_ANON_KEY?.trim();
  if (url || key) {
    if (!url || !key) {
      throw new BackendSettingsError(
        'Set both CONCIERGE_SUPABASE_URL and CONCIERGE_SUPABASE_ANON_KEY to use a hosted project (or neither for the embedded one).',
      );
    }
    const parsed = hostedProjectSchema.safeParse({ supabaseUrl: url, supabaseAnonKey: key });
    if (!parsed.success) throw new BackendSettingsError(`CONCIERGE_SUPABASE_URL is not an http(s) URL: ${url}`);
    return { mode: 'hosted', project: parsed.data, source: 'env' };
  }
  if (settingsJson === null || settingsJson.trim() === '') return { mode: 'embedded' };
  let raw: unknown;
  try {
    raw = JSON.parse(settingsJson);
  } catch {
    throw new BackendSettingsError(`${SETTINGS_FILE_NAME} is not valid JSON.`);
  }
  const parsed = hostedProjectSchema.safeParse(raw);
  if (!parsed.success) throw new BackendSettingsError(`${SETTINGS_FILE_NAME}: ${z.prettifyError(parsed.error)}`);
  return { mode: 'hosted', project: parsed.data, source: 'settings' };
}
