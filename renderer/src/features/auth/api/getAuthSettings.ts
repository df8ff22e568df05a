import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { toAppError } from '../../../errors/appError.ts';
import { getRuntimeConfig } from '../../../lib/supabase.ts';
import { authKeys } from './keys.ts';

const settings = z.object({ external: z.record(z.string(), z.boolean()).default({}) });

/** GET /auth/v1/settings: which sign-in providers this project has enabled (supabase-js has no call for it). */
export async function fetchAuthSettings(): Promise<{ googleEnabled: boolean }> {
  const { supabaseUrl, supabaseAnonKey } = getRuntimeConfig();
  let response: Response;
  try {
    response = await fetch(`${supabaseUrl.replace(/\/+$/, '')}/auth/v1/settings`, {
      headers: { apikey: supabaseAnonKey },
    });
  } catch (error) {
    throw toAppError(error, 'generic');
  }
  if (!response.ok)
    throw toAppError({ message: `Auth settings answered ${response.status}`, status: response.status }, 'generic');
  const parsed = settings.parse(await response.json());
  return { googleEnabled: parsed.external.google === true };
}

export function useAuthSettingsQuery() {
  return useQuery({ queryKey: authKeys.settings(), queryFn: fetchAuthSettings, staleTime: 10 * 60_000 });
}
