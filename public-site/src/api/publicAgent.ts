import { z } from 'zod/mini';
import type { RuntimeConfig } from '../config/runtimeConfig.ts';

/**
 * Reads one agent's public page data through the RPC `public_agent(subdomain text) returns jsonb`
 * (null when the agent does not exist or its page is disabled). The call is PostgREST's RPC wire
 * format done with fetch: pulling supabase-js (auth, realtime, storage) into the first load would
 * cost more than the whole Home page budget; chat and voice load their clients on demand.
 */

const httpUrl = z.url({ protocol: /^https?$/ });
const optionalText = z.pipe(
  z.nullish(z.string()),
  z.transform((v: string | null | undefined) => (v && v.trim() !== '' ? v.trim() : undefined)),
);

// The RPC's columns may come snake_case (table columns) or camelCase (branding jsonb written by the
// editor); accept both and expose one shape.
const brandingSchema = z.nullish(
  z.partial(
    z.object({
      heroTitle: optionalText,
      hero_title: optionalText,
      heroSubtitle: optionalText,
      hero_subtitle: optionalText,
    }),
  ),
);

const rawAgentSchema = z.object({
  name: z.string().check(z.trim(), z.minLength(1)),
  subdomain: z.string().check(z.minLength(1)),
  avatar_url: z.nullish(z.string()),
  avatarUrl: z.nullish(z.string()),
  branding: brandingSchema,
});

export interface PublicAgent {
  name: string;
  subdomain: string;
  /** Only http(s) images are shown. */
  avatarUrl?: string;
  heroTitle?: string;
  heroSubtitle?: string;
}

/** Why a page could not be shown; every kind leads to the not-found screen (spec 002 §4.1). */
export type AgentLoadFailure = 'not_found' | 'misconfigured' | 'failed';

export class AgentLoadError extends Error {
  override readonly name = 'AgentLoadError';
  constructor(
    readonly kind: AgentLoadFailure,
    message: string,
  ) {
    super(message);
  }
}

/** Validates the RPC's JSON. `null` means "no such public agent". */
export function parsePublicAgent(body: unknown): PublicAgent | null {
  if (body === null) return null;
  const parsed = rawAgentSchema.safeParse(body);
  if (!parsed.success) throw new AgentLoadError('misconfigured', `Unexpected public_agent payload: ${z.prettifyError(parsed.error)}`);
  const raw = parsed.data;
  const avatar = raw.avatar_url ?? raw.avatarUrl;
  const branding = raw.branding ?? {};
  const heroTitle = branding.heroTitle ?? branding.hero_title;
  const heroSubtitle = branding.heroSubtitle ?? branding.hero_subtitle;
  return {
    name: raw.name,
    subdomain: raw.subdomain,
    ...(avatar && httpUrl.safeParse(avatar).success ? { avatarUrl: avatar } : {}),
    ...(heroTitle ? { heroTitle } : {}),
    ...(heroSubtitle ? { heroSubtitle } : {}),
  };
}

export async function fetchPublicAgent(
  config: Pick<RuntimeConfig, 'supabaseUrl' | 'supabaseAnonKey'>,
  subdomain: string,
  fetchFn: typeof fetch = fetch,
  signal?: AbortSignal,
): Promise<PublicAgent> {
  const url = `${config.supabaseUrl.replace(/\/+$/, '')}/rest/v1/rpc/public_agent`;
  let res: Response;
  try {
    res = await fetchFn(url, {
      method: 'POST',
      headers: {
        apikey: config.supabaseAnonKey,
        authorization: `Bearer ${config.supabaseAnonKey}`,
        'content-type': 'application/json',
        accept: 'application/json',
      },
      body: JSON.stringify({ subdomain }),
      ...(signal ? { signal } : {}),
    });
  } catch (error) {
    throw new AgentLoadError('failed', `public_agent request failed: ${String(error)}`);
  }
  if (!res.ok) throw new AgentLoadError('failed', `public_agent answered ${res.status}`);
  let body: unknown;
  try {
    body = await res.json();
  } catch {
    throw new AgentLoadError('misconfigured', 'public_agent answered with invalid JSON');
  }
  const agent = parsePublicAgent(body);
  if (!agent) throw new AgentLoadError('not_found', `No public agent "${subdomain}"`);
  return agent;
}
