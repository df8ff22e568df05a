import { getRuntimeConfig } from '../../../lib/supabase.ts';

/**
 * The product's agent domain shown after the subdomain ({host}). The public site URL is a
 * template such as `http://{agent}.localhost:5175` or `https://{agent}.agents.example.com`; the
 * host is what follows the `{agent}.` label.
 */
export function agentDomainFromSiteUrl(site: string | undefined): string {
  if (!site) return 'localhost';
  const withoutLabel = site.replace('{agent}.', '');
  try {
    return new URL(withoutLabel).hostname;
  } catch {
    return withoutLabel.replace(/^[a-z]+:\/\//i, '').replace(/[:/].*$/, '');
  }
}

export function agentDomainHost(): string {
  return agentDomainFromSiteUrl(getRuntimeConfig().publicSiteUrl);
}
