import type { SupabaseConfig } from './contracts.ts';

/** `scheme://host[:port]` of an http(s) URL or URL pattern (`http://*.localhost:5181/**`), lower-cased. */
export function originOf(url: string): string | null {
  const match = /^(https?):\/\/([^/?#\s]+)/i.exec(url.trim());
  return match ? `${match[1]}://${match[2]}`.toLowerCase() : null;
}

/**
 * Origins the project's own configuration trusts: auth.site_url and additional_redirect_urls
 * (where sign-in may send a browser is where the console and agent pages live) and a
 * comma-separated list such as $CONCIERGE_ALLOWED_ORIGINS. Non-http(s) entries (deep links) drop.
 */
export function configuredOrigins(
  auth: Pick<SupabaseConfig['auth'], 'site_url' | 'additional_redirect_urls'>,
  list = '',
) {
  return originsOf([auth.site_url, ...auth.additional_redirect_urls, ...list.split(',')]);
}

/** The origins of a comma-separated list such as $CONCIERGE_ALLOWED_ORIGINS. */
export function listedOrigins(list = ''): string[] {
  return originsOf(list.split(','));
}

function originsOf(urls: string[]): string[] {
  return [...new Set(urls.map(originOf).filter((o): o is string => o !== null))];
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Compiles allowed origins into a predicate. `*` stands for one DNS label (an agent subdomain), so
 * `http://*.localhost:5181` admits `http://demo.localhost:5181` but not `http://a.b.localhost:5181`.
 */
export function originMatcher(patterns: readonly string[]): (origin: string) => boolean {
  const exact = new Set<string>();
  const wildcards: RegExp[] = [];
  for (const pattern of patterns) {
    const origin = pattern.includes('://') && !/^https?:/i.test(pattern) ? pattern.toLowerCase() : originOf(pattern);
    if (!origin) continue;
    if (origin.includes('*')) {
      wildcards.push(
        new RegExp(`^${origin.split('*').map(escapeRegExp).join('[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?')}$`),
      );
    } else exact.add(origin);
  }
  return (origin) => {
    const candidate = origin.toLowerCase();
    return exact.has(candidate) || wildcards.some((re) => re.test(candidate));
  };
}
