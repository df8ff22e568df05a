/** The agent's public page address from the site URL template (`http://{agent}.localhost:5181`). */
export function agentPageUrl(template: string | undefined, subdomain: string | null): string | null {
  if (!template || !subdomain) return null;
  return template.replace('{agent}', subdomain);
}
