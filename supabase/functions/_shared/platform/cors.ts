/**
 * The one CORS rule for functions called from browsers (console, agent pages, the owner's sandbox).
 * Hono's `cors` middleware writes the headers; this module decides which origins get them.
 *
 * `FUNCTIONS_ALLOWED_ORIGINS` (comma-separated) narrows the origins: exact origins
 * (`https://console.example.com`) or one wildcard label for agent pages
 * (`https://*.agents.example.com`). Unset, any origin is allowed: functions authenticate with the
 * Authorization header, never cookies, so a foreign page gains nothing a script outside a browser
 * does not already have. A request whose Origin is not allowed gets 403 `origin_not_allowed`
 * before any work (preflight included); requests without Origin (servers, schedulers, Stripe) pass.
 */
import { corsHeaders as supabaseCorsHeaders } from '@supabase/supabase-js/cors';
import type { MiddlewareHandler } from 'hono';
import { cors } from 'hono/cors';
import type { FunctionEnv } from './env.ts';
import { errorResponse } from './errors.ts';

/** What supabase-js sends (kept in sync by the SDK itself), plus the public chat's visitor key. */
export const CORS_ALLOW_HEADERS: readonly string[] = [
  ...(supabaseCorsHeaders['Access-Control-Allow-Headers'] ?? '').split(',').map((name) => name.trim()),
  'x-visitor-key',
].filter((name) => name !== '');

/** Rate-limited answers say when to retry; the browser may read it. */
export const CORS_EXPOSE_HEADERS: readonly string[] = ['retry-after'];

export interface OriginPolicy {
  /** True when every origin is allowed (no list configured). */
  readonly any: boolean;
  allows(origin: string): boolean;
}

const ORIGIN_PATTERN = /^(https?):\/\/(\*\.)?([a-z0-9.-]+|\[[0-9a-f:.]+\])(:\d{1,5})?$/i;

/** Parses the allowed-origins list; malformed entries are ignored (and never widen the list). */
export function originPolicy(list: string | undefined): OriginPolicy {
  const entries = (list ?? '')
    .split(',')
    .map((entry) => entry.trim().toLowerCase().replace(/\/+$/, ''))
    .filter((entry) => entry !== '');
  if (entries.length === 0) return { any: true, allows: () => true };
  const exact = new Set<string>();
  const wildcards: { scheme: string; suffix: string; port: string }[] = [];
  for (const entry of entries) {
    const match = ORIGIN_PATTERN.exec(entry);
    if (!match) continue;
    if (match[2]) wildcards.push({ scheme: match[1]!, suffix: `.${match[3]!}`, port: match[4] ?? '' });
    else exact.add(entry);
  }
  return {
    any: false,
    allows(origin) {
      const normalised = origin.trim().toLowerCase();
      if (exact.has(normalised)) return true;
      const match = ORIGIN_PATTERN.exec(normalised);
      if (!match || match[2]) return false;
      const [, scheme, , host, port = ''] = match;
      // One label under the suffix: `{agent}.agents.example.com`, not deeper nor the bare suffix.
      return wildcards.some(
        (w) =>
          w.scheme === scheme &&
          w.port === port &&
          host!.endsWith(w.suffix) &&
          /^[a-z0-9-]+$/.test(host!.slice(0, -w.suffix.length)),
      );
    },
  };
}

export function originPolicyFromEnv(env: FunctionEnv): OriginPolicy {
  return originPolicy(env.get('FUNCTIONS_ALLOWED_ORIGINS'));
}

/**
 * The CORS middleware of every browser-facing function: refuses foreign origins, answers
 * preflights (204), adds the headers to every answer (errors included).
 */
export function corsMiddleware(policy: OriginPolicy, methods: readonly string[]): MiddlewareHandler {
  const headers = cors({
    origin: (origin) => (policy.any ? '*' : policy.allows(origin) ? origin : null),
    allowMethods: [...methods, 'OPTIONS'],
    allowHeaders: [...CORS_ALLOW_HEADERS],
    exposeHeaders: [...CORS_EXPOSE_HEADERS],
    maxAge: 600,
  });
  return async (c, next) => {
    const origin = c.req.header('origin');
    if (origin !== undefined && !policy.allows(origin)) {
      return errorResponse(403, 'origin_not_allowed', 'This origin may not call this function.', { vary: 'Origin' });
    }
    return headers(c, next);
  };
}
