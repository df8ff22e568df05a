import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser } from 'playwright-core';
import { SitePage } from './pages/SitePage.ts';

/**
 * The public site's shell in a real browser: an unknown subdomain gets the 'Agent Not Found'
 * screen, in the visitor's language, laid out for a phone. Runs against the product started by
 * `npm start` (PUBLIC_SITE_URL, with an {agent} placeholder, is written to .concierge/env).
 */
const siteUrl = process.env.PUBLIC_SITE_URL;
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const skipReason = !siteUrl
  ? 'PUBLIC_SITE_URL is not set (e.g. http://{agent}.localhost:5181): start the product with `npm start` or export it'
  : !existsSync(chromiumPath)
    ? `no Chromium at ${chromiumPath}: apt-get install -y chromium, or set CHROMIUM_PATH`
    : null;

if (skipReason) console.warn(`[site-shell] skipped: ${skipReason}`);

describe.skipIf(skipReason !== null)(`public site shell${skipReason ? ` (skipped: ${skipReason})` : ''}`, () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await chromium.launch({
      executablePath: chromiumPath,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
    });
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('shows Agent Not Found for an unknown subdomain', async () => {
    const context = await browser.newContext({ locale: 'en-US' });
    const site = new SitePage(await context.newPage(), siteUrl ?? '');
    await site.openAgent('nope');
    await expect(site.notFoundTitle.textContent()).resolves.toBe('Agent Not Found');
    await expect(site.notFoundMessage.textContent()).resolves.toMatch(/doesn't exist or has been removed/);
    await context.close();
  });

  it('speaks French to a French browser', async () => {
    const context = await browser.newContext({ locale: 'fr-FR' });
    const site = new SitePage(await context.newPage(), siteUrl ?? '');
    await site.openAgent('nope');
    await expect(site.notFoundTitle.textContent()).resolves.toBe('Agent introuvable');
    await expect(site.page.evaluate(() => document.documentElement.lang)).resolves.toBe('fr');
    await context.close();
  });

  it('fits a 375 px phone screen without sideways scrolling', async () => {
    const context = await browser.newContext({ locale: 'en-US', viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });
    const site = new SitePage(await context.newPage(), siteUrl ?? '');
    await site.openAgent('nope', '/some/deep/path');
    await expect(site.notFoundTitle.isVisible()).resolves.toBe(true);
    await expect(site.overflowsHorizontally()).resolves.toBe(false);
    await context.close();
  });
});
