/**
 * /test-agent: the public page of the fixed demo agent. The page itself belongs to
 * the public site (its `DEMO_SUBDOMAIN`, which the console may not import); the console's route
 * sends the visitor there so /test-agent is never a dead end on the console's host.
 */
export const DEMO_SUBDOMAIN = 'demo';

/** The demo agent's page from the site URL template (`http://{agent}.localhost:5181`), or null. */
export function testAgentUrl(siteTemplate: string | undefined): string | null {
  if (!siteTemplate?.includes('{agent}')) return null;
  const url = siteTemplate.replace('{agent}', DEMO_SUBDOMAIN);
  return /^https?:\/\//i.test(url) ? url : null;
}
