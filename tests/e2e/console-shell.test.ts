import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { createClient } from '@supabase/supabase-js';
import type { Browser, Page } from 'playwright-core';
import { WebSocket } from 'ws';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { shellEn } from '../../renderer/src/app/locales/en.ts';
import { shellFr } from '../../renderer/src/app/locales/fr.ts';
import { errorsFr } from '../../renderer/src/errors/locales/fr.ts';
import { authFr } from '../../renderer/src/features/auth/locales/fr.ts';
import { ConsolePage } from './pages/ConsolePage.ts';
import { LandingPage } from './pages/LandingPage.ts';
import { LoginPage } from './pages/LoginPage.ts';
import { launchBrowser } from './support/browser.ts';
import { watchCspViolations } from './support/csp.ts';

/**
 * The console shell in Chromium against the product as `npm start` runs it (shared harness). No
 * profile is loaded before sign-in, so the wording is French; the seeded demo users read English.
 */
const { consoleUrl: base, demo, apiUrl, serviceRoleKey } = inject('product');

/**
 * The demo owner's minutes as the sidebar box should show them: used this period of the Enterprise
 * pack's monthly minutes (the seed subscribes the demo owner to it).
 */
async function demoOwnerMinutes(): Promise<string> {
  const admin = createClient(apiUrl, serviceRoleKey, {
    auth: { persistSession: false },
    realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
  });
  const { data: profile } = await admin.from('profiles').select('id').eq('email', demo.DEMO_OWNER_EMAIL).single();
  if (!profile) throw new Error('demo owner profile missing');
  const { data: pack } = await admin.from('packs').select('minutes').eq('id', 'enterprise').single();
  const { data: subscription } = await admin
    .from('subscriptions')
    .select('current_period_start')
    .eq('user_id', profile.id)
    .eq('status', 'active')
    .single();
  if (!pack || !subscription) throw new Error('demo owner subscription missing');
  const { data: usage } = await admin
    .from('credit_ledger')
    .select('amount')
    .eq('user_id', profile.id)
    .eq('type', 'usage')
    .gte('created_at', subscription.current_period_start);
  const used = (usage ?? []).reduce((sum, row) => sum - row.amount, 0);
  return `${used} / ${pack.minutes}`;
}
const screenshotDir = path.resolve('test-results/console');

describe('console shell', () => {
  let browser: Browser;
  let page: Page;
  let cspViolations: () => string[];

  beforeAll(async () => {
    browser = await launchBrowser();
    mkdirSync(screenshotDir, { recursive: true });
  });
  afterAll(async () => {
    await browser?.close();
  });
  beforeEach(async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    page = await context.newPage();
    cspViolations = await watchCspViolations(page);
  });
  // Every page these tests visit, signed out and signed in, runs under the console's CSP.
  afterEach(async () => {
    expect(cspViolations()).toEqual([]);
    await page.context().close();
  });

  it('is served with a CSP that nobody may frame, and nosniff', async () => {
    const response = await page.goto(base);
    const csp = response?.headers()['content-security-policy'] ?? '';
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(response?.headers()['x-content-type-options']).toBe('nosniff');
    await new LandingPage(page, base).heroTitle().waitFor();
  });

  it('shows Page Not Found with a working link home for an unknown path, in French by default', async () => {
    const shell = new ConsolePage(page, base);
    await shell.goto('/no/such/page');
    await expect.poll(() => shell.notFoundHeading(shellFr.notFound).isVisible()).toBe(true);
    expect(await page.locator('html').getAttribute('lang')).toBe('fr');
    await shell.screenshot(path.join(screenshotDir, 'not-found-1280.png'));
    await shell.setViewport(375, 812);
    await shell.screenshot(path.join(screenshotDir, 'not-found-375.png'));
    await shell.homeLink(shellFr.notFound).click();
    await shell.waitForPath('/');
  });

  // Guarded routes present in the shell itself; feature pages join the same guard as they land.
  it.each(['/admin', '/admin/', '/twilio-numbers', '/agents/a1/edit/anything'])(
    'sends a signed-out visitor from %s to /',
    async (target) => {
      const shell = new ConsolePage(page, base);
      await shell.goto(target);
      await shell.waitForPath('/');
    },
  );

  it('keeps the sign-in button disabled until the form is valid', async () => {
    const login = new LoginPage(page, base);
    await login.open();
    expect(await login.submitButton().isDisabled()).toBe(true);
    await login.fillSignIn('someone@example', 'pw');
    expect(await login.submitButton().isDisabled()).toBe(true);
    await login.fillSignIn('someone@example.com', 'pw');
    expect(await login.submitButton().isDisabled()).toBe(false);
    await login.screenshot(path.join(screenshotDir, 'login-1280.png'));
    await login.setViewport(375, 812);
    await login.screenshot(path.join(screenshotDir, 'login-375.png'));
  });

  it('asks for a name and a 6-character password to sign up, with the hint', async () => {
    const login = new LoginPage(page, base);
    await login.open();
    await login.switchToSignUp();
    expect(await page.getByText(authFr.login.passwordHint).isVisible()).toBe(true);
    await login.fillSignUp('Ada', 'ada@example.com', '12345');
    expect(await login.submitButton().isDisabled()).toBe(true);
    await login.passwordInput().fill('123456');
    expect(await login.submitButton().isDisabled()).toBe(false);
    await login.nameInput().fill('');
    expect(await login.submitButton().isDisabled()).toBe(true);
    await login.fillSignUp('Ada', 'ada@example.com', '123456');
    await login.screenshot(path.join(screenshotDir, 'signup-1280.png'));
  });

  it('says the email or the password is wrong, without telling which, when signing in with an unknown account', async () => {
    const login = new LoginPage(page, base);
    await login.open();
    await login.fillSignIn(`nobody-${Date.now()}@example.com`, 'not-the-password');
    await login.submit();
    await login.errorMessage().waitFor();
    expect((await login.errorMessage().innerText()).trim()).toBe(errorsFr.auth.invalidCredentials);
    expect(await login.submitButton().isDisabled()).toBe(false);
  });

  it('offers Google sign-in and the links of the login page', async () => {
    const login = new LoginPage(page, base);
    await login.open();
    expect(await login.link(authFr.login.backHome).getAttribute('href')).toBe('/');
    expect(await login.link(authFr.login.legal).getAttribute('href')).toBe('/legal');
    expect(await login.link(authFr.login.privacy).getAttribute('href')).toBe('/privacy');
    await login.openGoogleTab();
    expect(await login.googleButton(authFr.login.googleContinue).isVisible()).toBe(true);
  });

  it('warns about browser translation within a second and can be dismissed, but not on /', async () => {
    const login = new LoginPage(page, base);
    await login.open();
    await login.simulateBrowserTranslation();
    const dialog = login.translationDialog();
    await dialog.waitFor({ timeout: 2500 });
    expect(await dialog.getByText(shellFr.translation.body).isVisible()).toBe(true);
    await dialog.getByRole('button', { name: shellFr.translation.dismiss }).click();
    await dialog.waitFor({ state: 'hidden' });

    const shell = new ConsolePage(page, base);
    const landing = new LandingPage(page, base);
    await landing.open();
    await landing.heroTitle().waitFor();
    await shell.simulateBrowserTranslation();
    await page.waitForTimeout(1500);
    expect(await shell.translationDialog().count()).toBe(0);
  });

  describe('signed in', () => {
    it('keeps the main sidebar around the not-found page, with New Agent, trial box and sign out', async () => {
      const shell = new ConsolePage(page, base);
      await shell.signIn(demo.DEMO_OWNER_EMAIL, demo.DEMO_OWNER_PASSWORD);
      await shell.goto('/no/such/page');
      await shell.notFoundHeading(shellEn.notFound).waitFor();
      const nav = page.getByRole('navigation', { name: shellEn.nav.main });
      expect(await nav.getByRole('button', { name: shellEn.sidebar.newAgent }).isVisible()).toBe(true);
      // The usage box shows the owner's real minutes of the Enterprise pack (real figures, not a fixed 0 / 0).
      const minutes = await demoOwnerMinutes();
      expect(minutes).not.toBe('0 / 0');
      await expect.poll(() => shell.usageMinutes().textContent()).toBe(`Pack minutes this period: ${minutes}`);
      expect(await nav.getByRole('link', { name: shellEn.nav.agents }).isVisible()).toBe(true);
      // An owner who is not an admin does not see the admin-only entries.
      expect(await nav.getByRole('link', { name: new RegExp(shellEn.nav.marketplace) }).count()).toBe(0);
      await shell.screenshot(path.join(screenshotDir, 'shell-not-found-1280.png'));
      await shell.setViewport(375, 812);
      await shell.screenshot(path.join(screenshotDir, 'shell-not-found-375.png'));
      await page.getByRole('button', { name: shellEn.nav.openMenu }).click();
      await page.getByRole('button', { name: shellEn.sidebar.newAgent }).waitFor();
      await shell.screenshot(path.join(screenshotDir, 'shell-drawer-375.png'));
    });

    it('shows the admin-only entries with an Admin badge to an admin', async () => {
      const shell = new ConsolePage(page, base);
      await shell.signIn(demo.DEMO_ADMIN_EMAIL, demo.DEMO_ADMIN_PASSWORD);
      await shell.goto('/no/such/page');
      const nav = page.getByRole('navigation', { name: shellEn.nav.main });
      await nav.getByRole('link', { name: new RegExp(shellEn.nav.marketplace) }).waitFor();
      expect(await nav.getByRole('link', { name: new RegExp(shellEn.nav.admin) }).isVisible()).toBe(true);
    });

    it('shows the 70 px rail and the agent panel on per-agent paths', async () => {
      const shell = new ConsolePage(page, base);
      await shell.signIn(demo.DEMO_OWNER_EMAIL, demo.DEMO_OWNER_PASSWORD);
      // A per-agent path without a page yet (configure now has one and sends unknown agents to /agents).
      await shell.goto('/agents/a1/calls');
      await shell.notFoundHeading(shellEn.notFound).waitFor();
      const rail = page.getByRole('navigation', { name: shellEn.nav.main });
      expect((await rail.boundingBox())?.width).toBe(70);
      const panel = page.getByRole('complementary', { name: shellEn.agentPanel.title });
      expect(await panel.getByRole('link', { name: shellEn.agentPanel.integrations }).getAttribute('href')).toBe(
        '/agents/a1/integrations',
      );
      await shell.screenshot(path.join(screenshotDir, 'shell-agent-rail-1280.png'));
    });

    it('sends a signed-in non-admin from /admin to /dashboard', async () => {
      const shell = new ConsolePage(page, base);
      await shell.signIn(demo.DEMO_OWNER_EMAIL, demo.DEMO_OWNER_PASSWORD);
      await shell.goto('/admin');
      await shell.waitForPath('/dashboard');
      await page.getByTestId('dashboard-page').waitFor();
    });

    it('signs out back to /', async () => {
      const shell = new ConsolePage(page, base);
      await shell.signIn(demo.DEMO_OWNER_EMAIL, demo.DEMO_OWNER_PASSWORD);
      await shell.goto('/no/such/page');
      await page.getByRole('button', { name: shellEn.sidebar.signOut }).click();
      await shell.waitForPath('/');
      expect(await page.getByRole('navigation', { name: shellEn.nav.main }).count()).toBe(0);
    });
  });
});
