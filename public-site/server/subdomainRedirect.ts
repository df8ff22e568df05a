/**
 * The redirect step for whatever serves the built public site: a request to a subdomain an agent
 * left less than 30 days ago (public.subdomain_redirect) gets a 302 to the same path on the agent's
 * current subdomain, so shared links, QR codes and the widget script tag keep working (a script
 * tag follows the redirect; the loader then builds its iframe URL from the new host).
 */
import { isValidSubdomain } from '../../supabase/functions/_shared/contracts/subdomain.ts';
import { resolveSiteTarget } from '../src/host/siteMode.ts';
import { callAnonRpc } from './anonRpc.ts';

export interface RedirectResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export interface SubdomainRedirectOptions {
  supabaseUrl: () => string;
  supabaseAnonKey: () => string;
  siteDomain?: string;
  fetchFn?: typeof fetch;
}

// A temporary redirect that nobody keeps: the owner may rename back (a kept "A → B" would then loop
// with the server's "B → A"), and after 30 days the old name may be another agent's.
const CACHE = 'no-store';

/** Pages and the widget loader (paths without a file extension); files are never looked up. */
function isRedirectable(pathname: string): boolean {
  return !/\.[a-z0-9]+$/i.test(pathname);
}

/** The redirect for a request, or null (not an agent host, no redirect, or the lookup failed). */
export function createSubdomainRedirect(
  options: SubdomainRedirectOptions,
): (request: {
  url?: string | undefined;
  headers: Record<string, string | string[] | undefined>;
}) => Promise<RedirectResponse | null> {
  const fetchFn = options.fetchFn ?? fetch;
  return async (request) => {
    const host = typeof request.headers.host === 'string' ? request.headers.host : '';
    let url: URL;
    try {
      url = new URL(request.url ?? '/', `http://${host}`);
    } catch {
      return null;
    }
    if (!isRedirectable(url.pathname)) return null;
    const target = resolveSiteTarget({ host, pathname: url.pathname }, options.siteDomain);
    if (target.kind !== 'agent' || target.via !== 'host') return null;
    let current: unknown;
    try {
      const answer = await callAnonRpc({ ...options, fetchFn }, 'subdomain_redirect', { subdomain: target.subdomain });
      if (!answer.ok) return null;
      current = answer.value;
    } catch {
      // The database is slow or down: serve the page as asked; the app shows its own state.
      return null;
    }
    if (typeof current !== 'string' || !isValidSubdomain(current)) return null;
    if (current === target.subdomain) return null;
    // The subdomain is the host's first label in every site mode (siteMode.ts).
    const newHost = `${current}${host.slice(host.indexOf('.'))}`;
    const forwarded = request.headers['x-forwarded-proto'];
    const proto = String(Array.isArray(forwarded) ? forwarded[0] : (forwarded ?? 'http'))
      .split(',')[0]
      ?.trim();
    const location = `${proto === 'https' ? 'https' : 'http'}://${newHost}${url.pathname}${url.search}`;
    return { status: 302, headers: { location, 'cache-control': CACHE }, body: '' };
  };
}
