import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { shellEn } from '../../renderer/src/app/locales/en.ts';
import { shellFr } from '../../renderer/src/app/locales/fr.ts';
import { landingFr } from '../../renderer/src/features/landing/locales/fr.ts';
import { legalFr } from '../../renderer/src/features/legal/locales/fr.ts';
import { LegalPage } from './pages/AccountPages.ts';
import { ConsolePage } from './pages/ConsolePage.ts';
import { LandingPage } from './pages/LandingPage.ts';
import { DESKTOP, launchBrowser, newPage } from './support/browser.ts';

/**
 * The console loads its pages on demand: a visitor's first load is the scripts index.html names
 * (no page of the signed-in console), each page brings its feature's chunk when it opens, and a
 * chunk the browser cannot fetch (a redeploy since the tab opened, a dropped connection) gives a
 * message with a reload instead of a blank page. No profile is loaded before sign-in, so the
 * wording is French; the seeded demo owner reads English.
 */
const { consoleUrl: base, demo } = inject('product');

/** A console chunk as `/assets/<name>-<hash>.js`. */
const chunk = (name: string) => new RegExp(`^/assets/${name}-[\\w-]+\\.js$`);
/** Blueprint's icon paths (one chunk per icon size and its loader), fetched when a first icon is drawn. */
const isIconPaths = (script: string) => chunk('paths').test(script) || chunk('splitPathsBySizeLoader').test(script);

describe('console chunks', () => {
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  beforeEach(async () => {
    ({ page } = await newPage(browser, DESKTOP, 'fr-FR'));
  });
  afterEach(async () => {
    await page.context().close();
  });

  it('fetches only the first-load scripts for the landing page, then the chunk of the page opened', async () => {
    const landing = new LandingPage(page, base);
    const scripts = landing.recordScripts();
    const firstLoad = await landing.firstLoadScripts();
    await landing.open();
    await page.waitForLoadState('networkidle');
    expect(firstLoad.length).toBeGreaterThan(1);
    expect(new Set(scripts().filter((s) => !isIconPaths(s)))).toEqual(new Set(firstLoad));

    await landing.footerLink(landingFr.footer.privacy).click();
    const legal = new LegalPage(page, base);
    await legal.waitForPath('/privacy');
    await expect.poll(() => legal.heading(legalFr.privacy.title).isVisible()).toBe(true);
    const opened = scripts().filter((s) => !firstLoad.includes(s));
    expect(opened.some((s) => chunk('legalPages').test(s))).toBe(true);
    expect(opened.filter((s) => /Pages?-/.test(s)).every((s) => chunk('legalPages').test(s))).toBe(true);
  });

  it('brings the dashboards and their charts only with the dashboard, after sign-in', async () => {
    const shell = new ConsolePage(page, base);
    const scripts = shell.recordScripts();
    await shell.goto('/login');
    await page.waitForLoadState('networkidle');
    expect(scripts().some((s) => chunk('insightsPages').test(s))).toBe(false);
    await shell.signIn(demo.DEMO_OWNER_EMAIL, demo.DEMO_OWNER_PASSWORD);
    expect(scripts().some((s) => chunk('insightsPages').test(s))).toBe(false);
    await shell.goto('/dashboard');
    await page.getByTestId('dashboard-page').waitFor();
    expect(scripts().some((s) => chunk('insightsPages').test(s))).toBe(true);
    expect(scripts().some((s) => chunk('historyPages').test(s))).toBe(false);
  });

  it('says a page could not be loaded, with a reload that brings it, when its chunk fails on first load', async () => {
    const legal = new LegalPage(page, base);
    const restore = await legal.failChunk('legalPages');
    await legal.goto('/privacy');
    await legal.errorHeading(shellFr.chunkError).waitFor();
    expect(await page.getByRole('alert').textContent()).toContain(shellFr.chunkError.body);
    await restore();
    await legal.errorAction(shellFr.chunkError.reload).click();
    await expect.poll(() => legal.heading(legalFr.privacy.title).isVisible()).toBe(true);
    expect(await legal.errorHeading(shellFr.chunkError).count()).toBe(0);
  });

  it('keeps the navigation around the message when a signed-in page fails to load, and other pages work', async () => {
    const shell = new ConsolePage(page, base);
    await shell.signIn(demo.DEMO_OWNER_EMAIL, demo.DEMO_OWNER_PASSWORD);
    await shell.goto('/dashboard');
    await page.getByTestId('dashboard-page').waitFor();
    await shell.failChunk('historyPages');
    await shell.mainNavLink(shellEn.nav.calls).click();
    await shell.waitForPath('/calls');
    await shell.errorHeading(shellEn.chunkError).waitFor();
    expect(await shell.errorAction(shellEn.chunkError.reload).isVisible()).toBe(true);
    await shell.mainNavLink(shellEn.nav.dashboard).click();
    await shell.waitForPath('/dashboard');
    await page.getByTestId('dashboard-page').waitFor();
    expect(await shell.errorHeading(shellEn.chunkError).count()).toBe(0);
  });
});
