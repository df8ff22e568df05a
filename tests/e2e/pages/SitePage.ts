import type { Locator, Page } from 'playwright-core';

/**
 * The visitor site as a reader sees it: specs talk to this model, never to raw
 * selectors. `siteUrl` is the public site's address with an `{agent}` placeholder for the
 * subdomain, e.g. `http://{agent}.localhost:5181` (PUBLIC_SITE_URL in .concierge/env).
 */
export class SitePage {
  constructor(
    readonly page: Page,
    private readonly siteUrl: string,
  ) {
    if (!siteUrl.includes('{agent}')) throw new Error(`The public site URL needs an {agent} placeholder: ${siteUrl}`);
  }

  urlFor(agent: string, path = '/'): string {
    return new URL(path, this.siteUrl.replace('{agent}', agent)).toString();
  }

  /** Opens an agent's page and waits until it has finished loading (page or not-found screen). */
  async openAgent(agent: string, path = '/'): Promise<void> {
    await this.page.goto(this.urlFor(agent, path));
    await this.page.locator('[data-testid="agent-page"], [data-testid="agent-not-found"]').first().waitFor();
  }

  get notFoundTitle(): Locator {
    return this.page.locator('[data-testid="agent-not-found"]').getByRole('heading', { level: 1 });
  }

  get notFoundMessage(): Locator {
    return this.page.locator('[data-testid="agent-not-found"] p');
  }

  get agentName(): Locator {
    return this.page.locator('[data-testid="agent-page"] .agent__name');
  }

  /** True when the page is wider than the viewport (content that scrolls sideways on a phone). */
  async overflowsHorizontally(): Promise<boolean> {
    return this.page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
  }
}
