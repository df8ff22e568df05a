import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { SitePage } from './pages/SitePage.ts';
import { launchBrowser } from './support/browser.ts';

/**
 * The public site's shell in a real browser: an unknown subdomain gets the 'Agent Not Found'
 * screen, in the visitor's language, laid out for a phone. Runs against the product as `npm start`
 * serves it (tests/e2e/support/global-setup.ts).
 */
const siteUrl = inject('product').publicSiteUrl;

describe('public site shell', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('shows Agent Not Found for an unknown subdomain', async () => {
    const context = await browser.newContext({ locale: 'en-US' });
    const site = new SitePage(await context.newPage(), siteUrl);
    await site.openAgent('nope');
    await expect(site.notFoundTitle.textContent()).resolves.toBe('Agent Not Found');
    await expect(site.notFoundMessage.textContent()).resolves.toMatch(/doesn't exist or has been removed/);
    await context.close();
  });

  it('speaks French to a French browser', async () => {
    const context = await browser.newContext({ locale: 'fr-FR' });
    const site = new SitePage(await context.newPage(), siteUrl);
    await site.openAgent('nope');
    await expect(site.notFoundTitle.textContent()).resolves.toBe('Agent introuvable');
    await expect(site.page.evaluate(() => document.documentElement.lang)).resolves.toBe('fr');
    await context.close();
  });

  it('fits a 375 px phone screen without sideways scrolling', async () => {
    const context = await browser.newContext({
      locale: 'en-US',
      viewport: { width: 375, height: 740 },
      isMobile: true,
      hasTouch: true,
    });
    const site = new SitePage(await context.newPage(), siteUrl);
    await site.openAgent('nope', '/some/deep/path');
    await expect(site.notFoundTitle.isVisible()).resolves.toBe(true);
    await expect(site.overflowsHorizontally()).resolves.toBe(false);
    await context.close();
  });
});
