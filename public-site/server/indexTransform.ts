/**
 * The `transformIndex` hook for whatever serves the built public site (scripts/lib/static-server.ts
 * locally; any Node/edge server in production): finds the agent named by the request's host, reads
 * its public data through the same RPC as the page, and injects its head tags (meta.ts).
 */
import { AgentLoadError, fetchPublicAgent } from '../src/api/publicAgent.ts';
import { resolveSiteTarget } from '../src/host/siteMode.ts';
import { renderAgentIndex, type AgentIndexPage } from './meta.ts';

export interface AgentIndexOptions {
  supabaseUrl: string | (() => string);
  supabaseAnonKey: string | (() => string);
  siteDomain?: string;
  fetchFn?: typeof fetch;
  /** How long a crawler's request may wait for the database before getting the plain page. */
  timeoutMs?: number;
  log?: (message: string) => void;
}

export interface IndexRequest {
  url?: string | undefined;
  headers: { host?: string | undefined; 'x-forwarded-proto'?: string | string[] | undefined };
}

export function createAgentIndexTransform(
  options: AgentIndexOptions,
): (html: string, request: IndexRequest) => Promise<AgentIndexPage> {
  const value = (v: string | (() => string)) => (typeof v === 'function' ? v() : v);
  return async (html, request) => {
    const host = request.headers.host ?? '';
    const proto =
      String(request.headers['x-forwarded-proto'] ?? 'http')
        .split(',')[0]!
        .trim() === 'https'
        ? 'https'
        : 'http';
    let pageUrl: URL;
    try {
      pageUrl = new URL(request.url ?? '/', `${proto}://${host}`);
    } catch {
      return { html, status: 200, trackers: [] };
    }
    const target = resolveSiteTarget({ host, pathname: pageUrl.pathname }, options.siteDomain);
    if (target.kind === 'none') return renderAgentIndex(html, null, pageUrl.toString());
    try {
      const agent = await fetchPublicAgent(
        { supabaseUrl: value(options.supabaseUrl), supabaseAnonKey: value(options.supabaseAnonKey) },
        target.subdomain,
        options.fetchFn ?? fetch,
        AbortSignal.timeout(options.timeoutMs ?? 3000),
      );
      return renderAgentIndex(html, agent, pageUrl.toString());
    } catch (error) {
      if (error instanceof AgentLoadError && error.kind === 'not_found')
        return renderAgentIndex(html, null, pageUrl.toString());
      // The database is slow or down: serve the page as built; the app shows its own state.
      options.log?.(`agent head not injected for ${host}: ${String(error)}`);
      return { html, status: 200, trackers: [] };
    }
  };
}
