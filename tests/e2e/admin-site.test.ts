import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { marketplaceEn } from '../../renderer/src/features/marketplace/locales/en.ts';
import { packsEn } from '../../renderer/src/features/packs/locales/en.ts';
import { siteConfigEn } from '../../renderer/src/features/siteConfig/locales/en.ts';
import { MarketplacePage, PacksAdminPage, SiteConfigAdminPage } from './pages/AdminSitePages.ts';
import { ConsolePage } from './pages/ConsolePage.ts';
import { LandingPage } from './pages/LandingPage.ts';
import { productClient } from './support/clients.ts';
import { DESKTOP, launchBrowser, newPage, screenshot } from './support/browser.ts';

/**
 * Packs, site SEO and the marketplace as the demo admin: a pack created in /admin/packs shows on
 * the landing page, the site title set in /site-config is in the served HTML, and the marketplace
 * is searched, filtered and opens an agent's page in a new tab. An owner gets Access Denied.
 */
const product = inject('product');
const demo = product.demo;
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function signedInAdmin() {
  const { context, page } = await newPage(browser, DESKTOP);
  await new ConsolePage(page, product.consoleUrl).signIn(demo.DEMO_ADMIN_EMAIL, demo.DEMO_ADMIN_PASSWORD);
  return { context, page };
}

describe('admin: packs, site SEO and marketplace', () => {
  it('creates a pack and sees it on the landing page', async () => {
    const { context, page } = await signedInAdmin();
    const packs = new PacksAdminPage(page, product.consoleUrl, packsEn);
    await packs.open();
    await expect.poll(() => packs.saveButton().isDisabled()).toBe(true);
    await packs.addPack({ name: 'E2E Studio', monthly: '29.5', minutes: '300' });
    await expect.poll(() => packs.planRow('E2E Studio').count()).toBe(1);
    await packs.saveButton().click();
    await packs.toast(`${packsEn.toast.savedTitle} — ${packsEn.toast.savedBody}`).waitFor();
    await expect.poll(() => packs.saveButton().isDisabled()).toBe(true);
    await screenshot(page, 'admin-packs-saved');

    const visitor = await newPage(browser, DESKTOP);
    const landing = new LandingPage(visitor.page, product.consoleUrl);
    await landing.open();
    await expect.poll(() => landing.pricingCards().filter({ hasText: 'E2E Studio' }).count()).toBe(1);

    // Deleting it is saved the same way, and the landing page (which other files count) is back as it was.
    await packs.deletePack('E2E Studio');
    await packs.saveButton().click();
    await expect.poll(() => packs.saveButton().isDisabled()).toBe(true);
    await landing.open();
    await expect.poll(() => landing.pricingCards().count()).toBe(3);
    await visitor.context.close();
    await context.close();
  });

  it('sets the site title and the served HTML carries it, then puts the old title back', async () => {
    const service = productClient(product, product.serviceRoleKey);
    const original = await service.from('site_config').select('meta_title').eq('id', 'default').maybeSingle();
    const originalTitle = (original.data as { meta_title: string | null } | null)?.meta_title ?? null;
    const { context, page } = await signedInAdmin();
    const seo = new SiteConfigAdminPage(page, product.consoleUrl, siteConfigEn);
    let restoreError: string | null | undefined;
    try {
      await seo.open();
      await seo.setMetaTitle('E2E Concierge Title');
      await seo.saveButton().click();
      await seo.toast(siteConfigEn.page.saved).waitFor();
      // What a crawler gets (no JavaScript): the server caches the row for 5 s.
      await expect
        .poll(async () => (await fetch(`${product.consoleUrl}/`)).text(), { timeout: 15_000, interval: 1000 })
        .toContain('<title>E2E Concierge Title</title>');
    } finally {
      // Later files see the site as it was (the admin's own RPC, as the page saves it).
      const admin = productClient(product);
      await admin.auth.signInWithPassword({ email: demo.DEMO_ADMIN_EMAIL, password: demo.DEMO_ADMIN_PASSWORD });
      const restored = await admin.rpc('update_site_config', { config: { meta_title: originalTitle } });
      restoreError = restored.error?.message ?? null;
      await context.close();
    }
    expect(restoreError).toBeNull();
    await expect
      .poll(async () => (await fetch(`${product.consoleUrl}/`)).text(), { timeout: 15_000, interval: 1000 })
      .not.toContain('E2E Concierge Title');
  });

  it('searches, filters and opens an agent of the marketplace in a new tab', async () => {
    const { context, page } = await signedInAdmin();
    const market = new MarketplacePage(page, product.consoleUrl, marketplaceEn);
    await market.open();
    await market.card('Clara').waitFor();
    await market.search('bistrot');
    await expect.poll(() => market.cards().count()).toBe(1);
    await market.filter('civil');
    await market.emptyState().waitFor();
    await market.filter('business');
    await market.card('Clara').waitFor();
    const [opened] = await Promise.all([context.waitForEvent('page'), market.card('Clara').click()]);
    await opened.waitForLoadState('domcontentloaded');
    expect(new URL(opened.url()).hostname).toBe('demo.localhost');
    await screenshot(page, 'admin-marketplace');
    await context.close();
  });

  it('an owner sees Access Denied on the marketplace', async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    await new ConsolePage(page, product.consoleUrl).signIn(demo.DEMO_OWNER_EMAIL, demo.DEMO_OWNER_PASSWORD);
    const market = new MarketplacePage(page, product.consoleUrl, marketplaceEn);
    await market.open();
    await market.accessDenied().waitFor();
    expect(await market.cards().count()).toBe(0);
    await context.close();
  });
});
