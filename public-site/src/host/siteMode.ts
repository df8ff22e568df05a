/**
 * Which agent a visitor asked for, decided from the URL alone:
 *
 * 1. Whole-site mode: the host is `{agent}.{domain}`.
 *    - With a configured site domain (e.g. `agents.example.com`), the host must be exactly one label
 *      in front of it; that label is the agent's subdomain.
 *    - Without one, `{agent}.localhost` names an agent (local development), and any other host with at
 *      least three labels names the agent in its first label (`acme.example.com`). Configure the
 *      site domain for deeper domains or multi-label public suffixes (`acme.example.co.uk`).
 *    - The first label `www`, IP addresses, and labels that are not valid subdomains never name an
 *      agent.
 * 2. Otherwise the path `/test-agent` shows the fixed demo agent.
 * 3. Otherwise no agent: the site shows 'Agent Not Found' (the path on the main host is not used).
 *
 * Pure: no DOM access, so it is unit-tested with plain strings.
 */
// Relative, not @contracts: the site server (scripts/, tsx) imports this file too.
import { isValidSubdomain } from '../../../supabase/functions/_shared/contracts/subdomain.ts';

/** Subdomain of the demo agent seeded in every fresh database; `/test-agent` shows it. */
export const DEMO_SUBDOMAIN = 'demo';

export const TEST_AGENT_PATH = '/test-agent';

export type SiteTarget = { kind: 'agent'; subdomain: string; via: 'host' | 'test-agent' } | { kind: 'none' };

/** Lower-cases, drops a port, a trailing dot and IPv6 brackets. */
export function normaliseHost(host: string): string {
  let h = host.trim().toLowerCase();
  if (h.startsWith('[')) return h.slice(1, h.indexOf(']') === -1 ? undefined : h.indexOf(']'));
  const colon = h.lastIndexOf(':');
  if (colon !== -1 && /^\d*$/.test(h.slice(colon + 1))) h = h.slice(0, colon);
  if (h.endsWith('.')) h = h.slice(0, -1);
  return h;
}

function isIpAddress(host: string): boolean {
  return host.includes(':') || /^\d{1,3}(\.\d{1,3}){3}$/.test(host);
}

/** The agent subdomain named by a host, or null when the host is not an agent host. */
export function agentSubdomainFromHost(host: string, siteDomain?: string | null): string | null {
  const h = normaliseHost(host);
  if (h === '' || isIpAddress(h)) return null;
  const labels = h.split('.');
  let candidate: string | undefined;
  const domain = siteDomain ? normaliseHost(siteDomain) : '';
  if (domain && h.endsWith(`.${domain}`)) {
    const prefix = h.slice(0, -(domain.length + 1));
    if (prefix.includes('.')) return null;
    candidate = prefix;
  } else if (labels.length === 2 && labels[1] === 'localhost') {
    candidate = labels[0];
  } else if (!domain && labels.length >= 3 && labels.at(-1) !== 'localhost') {
    candidate = labels[0];
  }
  if (candidate === undefined || candidate === 'www' || !isValidSubdomain(candidate)) return null;
  return candidate;
}

/** The whole decision: host first, then the `/test-agent` path. */
export function resolveSiteTarget(
  location: { host: string; pathname: string },
  siteDomain?: string | null,
): SiteTarget {
  const fromHost = agentSubdomainFromHost(location.host, siteDomain);
  if (fromHost) return { kind: 'agent', subdomain: fromHost, via: 'host' };
  const path = location.pathname.replace(/\/+$/, '');
  if (path === TEST_AGENT_PATH) return { kind: 'agent', subdomain: DEMO_SUBDOMAIN, via: 'test-agent' };
  return { kind: 'none' };
}
