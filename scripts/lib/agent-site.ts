import type { IncomingMessage } from 'node:http';
import type { RunningStack } from '../../supabase/local/index.ts';
import { widgetSiteDomain } from '../../supabase/functions/_shared/contracts/widget-domain.ts';
import { resolveSiteTarget } from '../../public-site/src/host/siteMode.ts';
import { consoleCsp, consolePageOf, siteCsp, widgetFrameAncestors } from './security-headers.ts';
import type { Page } from './static-server.ts';

/**
 * Tells the database where agent pages are served (`http://{agent}.localhost:5181` locally), so
 * configure_web_widget() can build each widget's script URL on the server. Written at every start
 * because the site's port is only known once it listens.
 */
export async function recordAgentSiteUrl(stack: Pick<RunningStack, 'db'>, publicSiteUrl: string): Promise<void> {
  await stack.db.query(
    `insert into private.agent_site (id, url_template) values (true, $1)
     on conflict (id) do update set url_template = excluded.url_template, updated_at = now()`,
    [publicSiteUrl.replace(/\/+$/, '')],
  );
}

/**
 * The console's page headers (static-server `pageHeaders`); the API URL is read per request, and
 * preview.html (the Branding preview) gets its own CSP (framed by the console only).
 */
export function createConsoleHeaders(
  supabaseUrl: () => string,
  mapTileUrl: string | null = null,
  phoneRelayUrl: string | null = null,
  facebookSdkUrl: string | null = null,
): (request: Pick<IncomingMessage, 'url'>) => Record<string, string> {
  return (request) => ({
    'Content-Security-Policy': consoleCsp({
      supabaseUrl: supabaseUrl(),
      page: consolePageOf(request.url ?? '/'),
      mapTileUrl,
      phoneRelayUrl,
      facebookSdkUrl,
    }),
  });
}

/**
 * The public site's page headers: the CSP allows the hosts of the trackers this page's agent enabled
 * (page.trackers; the page loads them itself after consent, no inline script is ever allowed), and
 * the widget view (`?embed=widget` on an agent host) may be framed by the domain the
 * owner configured for the widget (public_web_widget, the same answer the loader uses). Any failure
 * to look it up frames nobody.
 */
export function createSiteHeaders(
  stack: Pick<RunningStack, 'db' | 'url'>,
  siteDomain?: string,
): (request: Pick<IncomingMessage, 'url' | 'headers'>, page: Page) => Promise<Record<string, string>> {
  return async (request, page) => {
    const host = request.headers.host ?? '';
    let frameAncestors: string[] = [];
    try {
      const url = new URL(request.url ?? '/', 'http://site.invalid');
      const target = resolveSiteTarget({ host, pathname: url.pathname }, siteDomain);
      if (target.kind === 'agent' && url.searchParams.get('embed') === 'widget') {
        const { rows } = await stack.db.query<{ widget: { domain?: unknown } | null }>(
          'select public.public_web_widget($1) as widget',
          [target.subdomain],
        );
        frameAncestors = widgetFrameAncestors(widgetSiteDomain(rows[0]?.widget?.domain));
      }
    } catch {
      frameAncestors = [];
    }
    return {
      'Content-Security-Policy': siteCsp({
        supabaseUrl: stack.url,
        trackers: page.trackers ?? [],
        frameAncestors,
      }),
    };
  };
}
