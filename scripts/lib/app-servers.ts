import type { IncomingMessage, Server } from 'node:http';
import type { RunningStack } from '../../supabase/local/index.ts';
import { createAgentIndexTransform } from '../../public-site/server/indexTransform.ts';
import { createSubdomainRedirect } from '../../public-site/server/subdomainRedirect.ts';
import { createWidgetRoute } from '../../public-site/server/widget.ts';
import { createConsoleHeaders, createSiteHeaders } from './agent-site.ts';
import { CONSOLE_BASE_HEADERS } from './security-headers.ts';
import { createSiteSeoTransform } from './site-seo.ts';
import { createStaticSiteServer } from './static-server.ts';

export interface AppServersOptions {
  stack: Pick<RunningStack, 'db' | 'url' | 'anonKey'>;
  /** Built console (dist/renderer) and public site (dist/public-site). */
  consoleDir: string;
  siteDir: string;
  /** What both apps fetch at boot as concierge.config.json. */
  runtimeConfig: () => unknown;
  /** The /map tile template (CONCIERGE_MAP_TILE_URL), allowed by the console's CSP. */
  mapTileUrl?: string | null;
  /** PHONE_RELAY_URL when the relay runs on its own host (the embedded one shares the API's origin). */
  phoneRelayUrl?: string | null;
  /** The Facebook SDK (CONCIERGE_FACEBOOK_SDK_URL) when a Facebook app is configured. */
  facebookSdkUrl?: string | null;
  log?: (message: string) => void;
}

/**
 * The HTTP servers of the built console and public site, as `npm start` runs them (and the security
 * tests check them): runtime config, per-agent head tags, the widget loader and security headers.
 */
export function createAppServers(options: AppServersOptions): { consoleServer: Server; siteServer: Server } {
  const { stack } = options;
  const consoleServer = createStaticSiteServer({
    root: options.consoleDir,
    json: { '/concierge.config.json': options.runtimeConfig },
    // The admin's site SEO settings (title, description, cards, favicon) on the landing and console pages.
    transformIndex: createSiteSeoTransform({
      supabaseUrl: () => stack.url,
      supabaseAnonKey: () => stack.anonKey,
      ...(options.log ? { log: options.log } : {}),
    }),
    pageHeaders: createConsoleHeaders(
      () => stack.url,
      options.mapTileUrl ?? null,
      options.phoneRelayUrl ?? null,
      options.facebookSdkUrl ?? null,
    ),
    baseHeaders: CONSOLE_BASE_HEADERS,
  });
  const siteServer = createStaticSiteServer({
    root: options.siteDir,
    json: { '/concierge.config.json': options.runtimeConfig },
    // Crawlers and link previews read the agent's title and Open Graph tags from the HTML.
    transformIndex: createAgentIndexTransform({
      supabaseUrl: () => stack.url,
      supabaseAnonKey: () => stack.anonKey,
      ...(options.log ? { log: options.log } : {}),
    }),
    // A renamed agent's old subdomain redirects first (pages and the widget loader alike); then
    // the web widget loader each agent subdomain serves to its owner's website.
    route: firstRoute(
      createSubdomainRedirect({ supabaseUrl: () => stack.url, supabaseAnonKey: () => stack.anonKey }),
      createWidgetRoute({ supabaseUrl: () => stack.url, supabaseAnonKey: () => stack.anonKey }),
    ),
    // CSP per page: its own tracking snippets; the widget view framed by the widget's domain only.
    pageHeaders: createSiteHeaders(stack),
  });
  return { consoleServer, siteServer };
}

type Route = NonNullable<Parameters<typeof createStaticSiteServer>[0]['route']>;

/** The first of several routes that answers a request. */
function firstRoute(...routes: ((request: IncomingMessage) => ReturnType<Route>)[]): Route {
  return async (request) => {
    for (const route of routes) {
      const answer = await route(request);
      if (answer) return answer;
    }
    return null;
  };
}
