import type { LocalStackConfig } from './contracts.ts';
import { originMatcher, originOf } from './origins.ts';

/**
 * The key translation Kong performs in the Supabase CLI stack: new-format
 * `sb_publishable_`/`sb_secret_` keys become the anon/service_role JWTs; a legacy JWT apikey is used
 * as the bearer when no Authorization header is sent. Returns the bearer token or null (anon).
 */
export function effectiveBearer(headers: Headers, config: LocalStackConfig): string | null {
  const authorization = headers.get('authorization');
  if (authorization && !/^bearer\s+sb_/i.test(authorization)) {
    const match = /^bearer\s+(.+)$/i.exec(authorization.trim());
    return match ? (match[1] ?? null) : authorization.trim();
  }
  return translateApiKey(headers.get('apikey') ?? bearerValue(authorization), config);
}

function bearerValue(authorization: string | null): string | null {
  if (!authorization) return null;
  const match = /^bearer\s+(.+)$/i.exec(authorization.trim());
  return match?.[1] ?? null;
}

export function translateApiKey(apikey: string | null, config: LocalStackConfig): string | null {
  if (!apikey) return null;
  if (apikey === config.secretKey) return config.serviceRoleKey;
  if (apikey === config.publishableKey) return config.anonKey;
  if (apikey.startsWith('sb_')) return null;
  return apikey;
}

/**
 * CORS headers granted to an allowed origin (echoed, never `*`: hosted Supabase answers `*` behind
 * key auth, but on a shared machine any page could otherwise drive the embedded backend). The
 * gateway adds `Vary: Origin` to every answer, granted or not.
 */
export function corsHeadersFor(origin: string): Record<string, string> {
  return { 'Access-Control-Allow-Origin': origin, ...CORS_HEADERS };
}

const CORS_HEADERS: Record<string, string> = {
  'Access-Control-Allow-Headers':
    'authorization, x-client-info, apikey, content-type, prefer, accept-profile, content-profile, range, range-unit, x-upsert, x-supabase-api-version, cache-control, x-metadata, x-retry-count',
  'Access-Control-Allow-Methods': 'GET,POST,PUT,PATCH,DELETE,OPTIONS,HEAD',
  'Access-Control-Expose-Headers':
    'Content-Range, X-Supabase-Api-Version, Content-Location, Location, Preference-Applied, X-Total-Count, Link, Content-Profile, Proxy-Status, ETag',
  'Access-Control-Max-Age': '3600',
};

/**
 * Decides a browser Origin: null = no Origin header (servers, tests, same-origin GETs), true =
 * allowed, false = refused. Allowed: the configured origins and the API's own origin. Recompiled
 * when the list changes (the product adds its console and site origins once they listen).
 */
export function createOriginPolicy(config: LocalStackConfig): (origin: string | null) => boolean | null {
  let key = '';
  let matches: (origin: string) => boolean = () => false;
  return (origin) => {
    if (origin === null) return null;
    const current = `${config.apiUrl} ${config.allowedOrigins.join(' ')}`;
    if (current !== key) {
      key = current;
      const api = originOf(config.apiUrl);
      matches = originMatcher([...config.allowedOrigins, ...(api ? [api, api.replace('127.0.0.1', 'localhost')] : [])]);
    }
    return matches(origin);
  };
}
