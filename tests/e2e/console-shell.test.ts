import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { shellFr } from '../../renderer/src/app/locales/fr.ts';
import { LOCAL_JWT_SECRET } from '../../supabase/local/core/keys.ts';
import { errorsFr } from '../../renderer/src/errors/locales/fr.ts';
import { authFr } from '../../renderer/src/features/auth/locales/fr.ts';
import { ConsolePage } from './pages/ConsolePage.ts';
import { LoginPage } from './pages/LoginPage.ts';

/**
 * The console shell in Chromium against a running console (CONSOLE_URL) whose
 * concierge.config.json points at a local stack. No profile is loaded, so the wording is French.
 */
const consoleUrl = process.env.CONSOLE_URL;
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const screenshotDir = process.env.SCREENSHOT_DIR ?? path.resolve('test-results/console');

if (!consoleUrl) {
  console.warn('console-shell e2e skipped: set CONSOLE_URL to a served console (e.g. http://localhost:5180) to run it.');
}

describe.skipIf(!consoleUrl)('console shell', () => {
  let browser: Browser;
  let page: Page;
  const base = consoleUrl as string;

  beforeAll(async () => {
    browser = await chromium.launch({
      executablePath: chromiumPath,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
    });
    mkdirSync(screenshotDir, { recursive: true });
  });
  afterAll(async () => {
    await browser?.close();
  });
  beforeEach(async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    page = await context.newPage();
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
  it.each(['/admin', '/admin/', '/twilio-numbers', '/agents/a1/edit/anything'])('sends a signed-out visitor from %s to /', async (target) => {
    const shell = new ConsolePage(page, base);
    await shell.goto(target);
    await shell.waitForPath('/');
  });

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

  it('shows a spec message when signing in with an unknown account', async () => {
    const login = new LoginPage(page, base);
    await login.open();
    await login.fillSignIn(`nobody-${Date.now()}@example.com`, 'not-the-password');
    await login.submit();
    await login.errorMessage().waitFor();
    // With the auth service mounted Supabase answers invalid_credentials; a stack without it
    // fails the CORS preflight, which the console reports as the network error.
    expect([errorsFr.auth.invalidCredentials, errorsFr.network.offline]).toContain((await login.errorMessage().innerText()).trim());
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
    await shell.goto('/');
    await shell.notFoundHeading(shellFr.notFound).waitFor();
    await shell.simulateBrowserTranslation();
    await page.waitForTimeout(1500);
    expect(await shell.translationDialog().count()).toBe(0);
  });

  describe('signed in (stored session)', () => {
    let supabaseUrl: string;
    beforeAll(async () => {
      const config = (await (await fetch(new URL('/concierge.config.json', base))).json()) as { supabaseUrl: string };
      supabaseUrl = config.supabaseUrl;
    });

    it('keeps the main sidebar around the not-found page, with New Agent, trial box and sign out', async () => {
      const shell = new ConsolePage(page, base);
      await shell.useStoredSession({ supabaseUrl, jwtSecret: LOCAL_JWT_SECRET, email: 'owner@example.com' });
      await shell.goto('/no/such/page');
      await shell.notFoundHeading(shellFr.notFound).waitFor();
      const nav = page.getByRole('navigation', { name: shellFr.nav.main });
      expect(await nav.getByRole('button', { name: shellFr.sidebar.newAgent }).isVisible()).toBe(true);
      expect(await nav.getByText('0 / 0 MIN').isVisible()).toBe(true);
      expect(await nav.getByRole('link', { name: shellFr.nav.agents }).isVisible()).toBe(true);
      // Without a readable admin profile, the admin-only entries stay hidden.
      expect(await nav.getByRole('link', { name: new RegExp(shellFr.nav.marketplace) }).count()).toBe(0);
      await shell.screenshot(path.join(screenshotDir, 'shell-not-found-1280.png'));
      await shell.setViewport(375, 812);
      await shell.screenshot(path.join(screenshotDir, 'shell-not-found-375.png'));
      await page.getByRole('button', { name: shellFr.nav.openMenu }).click();
      await page.getByRole('button', { name: shellFr.sidebar.newAgent }).waitFor();
      await shell.screenshot(path.join(screenshotDir, 'shell-drawer-375.png'));
    });

    it('shows the 70 px rail and the agent panel on per-agent paths', async () => {
      const shell = new ConsolePage(page, base);
      await shell.useStoredSession({ supabaseUrl, jwtSecret: LOCAL_JWT_SECRET, email: 'owner@example.com' });
      await shell.goto('/agents/a1/configure');
      await shell.notFoundHeading(shellFr.notFound).waitFor();
      const rail = page.getByRole('navigation', { name: shellFr.nav.main });
      expect((await rail.boundingBox())?.width).toBe(70);
      const panel = page.getByRole('complementary', { name: shellFr.agentPanel.title });
      expect(await panel.getByRole('link', { name: shellFr.agentPanel.integrations }).getAttribute('href')).toBe('/agents/a1/integrations');
      await shell.screenshot(path.join(screenshotDir, 'shell-agent-rail-1280.png'));
    });

    it('sends a signed-in non-admin from /admin to /dashboard', async () => {
      const shell = new ConsolePage(page, base);
      await shell.useStoredSession({ supabaseUrl, jwtSecret: LOCAL_JWT_SECRET, email: 'owner@example.com' });
      await shell.goto('/admin');
      await shell.waitForPath('/dashboard');
    });

    it('signs out back to /, or says it failed when the auth service cannot be reached', async () => {
      const shell = new ConsolePage(page, base);
      await shell.useStoredSession({ supabaseUrl, jwtSecret: LOCAL_JWT_SECRET, email: 'owner@example.com' });
      await shell.goto('/no/such/page');
      await page.getByRole('button', { name: shellFr.sidebar.signOut }).click();
      const authMounted = (await fetch(new URL('/auth/v1/health', supabaseUrl))).ok;
      if (authMounted) {
        await shell.waitForPath('/');
        expect(await page.getByRole('navigation', { name: shellFr.nav.main }).count()).toBe(0);
      } else {
        await shell.toast(errorsFr.auth.signOutFailed).waitFor();
        await shell.screenshot(path.join(screenshotDir, 'shell-signout-failed-1280.png'));
        expect(shell.path()).toBe('/no/such/page');
      }
    });
  });
});
