import { getRuntimeConfig } from '../../../lib/supabase.ts';

/** The product's agent domain shown after the subdomain ({host}): the public site's host name. */
export function agentDomainHost(): string {
  const site = getRuntimeConfig().publicSiteUrl;
  if (!site) return 'localhost';
  try {
    return new URL(site).hostname;
  } catch {
    return site;
  }
}
