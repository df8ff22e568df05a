import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { AgentSitePage } from './pages/AgentSitePage.ts';
import { SitePage } from './pages/SitePage.ts';
import { launchBrowser } from './support/browser.ts';
import { watchCspViolations } from './support/csp.ts';

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

  it('runs the demo agent page, its tabs and its chat under its CSP without a violation', async () => {
    const context = await browser.newContext({ locale: 'en-US' });
    const page = await context.newPage();
    const violations = await watchCspViolations(page);
    const site = new AgentSitePage(page, siteUrl);
    const response = await page.goto(site.urlFor('demo'));
    const csp = response?.headers()['content-security-policy'] ?? '';
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(response?.headers()['referrer-policy']).toBe('strict-origin-when-cross-origin');
    await site.heroTitle.waitFor();
    for (const tab of await site.visibleTabs()) {
      if (tab !== 'home') await site.openTab(tab as 'about' | 'media' | 'videos');
    }
    await site.openTab('home');
    await site.openChat();
    expect(violations()).toEqual([]);
    await context.close();
  });

  it('shows Agent Not Found for an unknown subdomain', async () => {
    const context = await browser.newContext({ locale: 'en-US' });
    const page = await context.newPage();
    const violations = await watchCspViolations(page);
    const site = new SitePage(page, siteUrl);
    await site.openAgent('nope');
    await expect(site.notFoundTitle.textContent()).resolves.toBe('Agent Not Found');
    await expect(site.notFoundMessage.textContent()).resolves.toMatch(/doesn't exist or has been removed/);
    expect(violations()).toEqual([]);
    await context.close();
  });

  it('speaks French to a French browser', async () => {
    const context = await browser.newContext({ locale: 'fr-FR' });
    const page = await context.newPage();
    const violations = await watchCspViolations(page);
    const site = new SitePage(page, siteUrl);
    await site.openAgent('nope');
    await expect(site.notFoundTitle.textContent()).resolves.toBe('Agent introuvable');
    await expect(site.page.evaluate(() => document.documentElement.lang)).resolves.toBe('fr');
    expect(violations()).toEqual([]);
    await context.close();
  });

  it('fits a 375 px phone screen without sideways scrolling', async () => {
    const context = await browser.newContext({
      locale: 'en-US',
      viewport: { width: 375, height: 740 },
      isMobile: true,
      hasTouch: true,
    });
    const page = await context.newPage();
    const violations = await watchCspViolations(page);
    const site = new SitePage(page, siteUrl);
    await site.openAgent('nope', '/some/deep/path');
    await expect(site.notFoundTitle.isVisible()).resolves.toBe(true);
    await expect(site.overflowsHorizontally()).resolves.toBe(false);
    expect(violations()).toEqual([]);
    await context.close();
  });
});
