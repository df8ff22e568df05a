import { z } from 'zod/mini';
import type { RuntimeConfig } from '../config/runtimeConfig.ts';
import { parseBranding, safeHttpUrl, type Branding } from './branding.ts';

/**
 * Reads one agent's public page data through the RPC `public_agent(subdomain text) returns jsonb`
 * (null when the agent does not exist or its page is disabled). The call is PostgREST's RPC wire
 * format done with fetch: pulling supabase-js (auth, realtime, storage) into the first load would
 * cost more than the whole Home page budget; chat and voice load their clients on demand.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const rawAgentSchema = z.object({
  id: z.optional(z.string()),
  name: z.string().check(z.trim(), z.minLength(1)),
  subdomain: z.string().check(z.minLength(1)),
  company_name: z.nullish(z.string()),
  avatar_url: z.nullish(z.string()),
  avatarUrl: z.nullish(z.string()),
  default_language: z.nullish(z.string()),
  branding: z.nullish(z.unknown()),
});

export interface PublicAgent {
  /** UUID; the chat and voice calls name the agent by it when present. */
  id?: string;
  name: string;
  subdomain: string;
  companyName?: string;
  /** Only http(s) images are shown. */
  avatarUrl?: string;
  /** e.g. fr_FR: the agent's own language, used for the page's html lang hint only. */
  defaultLanguage?: string;
  heroTitle?: string;
  heroSubtitle?: string;
  branding: Branding;
}

/** Why a page could not be shown; every kind leads to the not-found screen. */
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
  if (!parsed.success)
    throw new AgentLoadError('misconfigured', `Unexpected public_agent payload: ${z.prettifyError(parsed.error)}`);
  const raw = parsed.data;
  const avatar = safeHttpUrl(raw.avatar_url ?? raw.avatarUrl);
  const branding = parseBranding(raw.branding);
  const companyName = raw.company_name?.trim();
  return {
    ...(raw.id && UUID.test(raw.id) ? { id: raw.id } : {}),
    name: raw.name,
    subdomain: raw.subdomain,
    ...(companyName ? { companyName } : {}),
    ...(avatar ? { avatarUrl: avatar } : {}),
    ...(raw.default_language ? { defaultLanguage: raw.default_language } : {}),
    ...(branding.heroTitle ? { heroTitle: branding.heroTitle } : {}),
    ...(branding.heroSubtitle ? { heroSubtitle: branding.heroSubtitle } : {}),
    branding,
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
