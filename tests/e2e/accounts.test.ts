import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { createClient } from '@supabase/supabase-js';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import WebSocket from 'ws';
import { errorsFr } from '../../renderer/src/errors/locales/fr.ts';
import { authFr } from '../../renderer/src/features/auth/locales/fr.ts';
import { creditsFr } from '../../renderer/src/features/credits/locales/fr.ts';
import { landingEn } from '../../renderer/src/features/landing/locales/en.ts';
import { landingFr } from '../../renderer/src/features/landing/locales/fr.ts';
import { legalFr } from '../../renderer/src/features/legal/locales/fr.ts';
import { profileEn } from '../../renderer/src/features/profile/locales/en.ts';
import { profileFr } from '../../renderer/src/features/profile/locales/fr.ts';
import { CreditsPage, EmailVerificationPage, LegalPage, ProfilePage } from './pages/AccountPages.ts';
import { LandingPage } from './pages/LandingPage.ts';
import { LoginPage } from './pages/LoginPage.ts';
import { DESKTOP, launchBrowser, newPage, PHONE } from './support/browser.ts';

/**
 * A new business owner goes from the landing page to a verified account with
 * credits, in Chromium against the product as `npm start` runs it (email captured by the inbox).
 */
const product = inject('product');
const shots = path.resolve('test-results', 'screenshots', 'accounts');
const PNG_1PX = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
  mkdirSync(shots, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
});

async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: path.join(shots, `${name}.png`), fullPage: false });
}

/** The same screen on a 375 px phone, then back to the desktop size. */
async function phoneShot(page: Page, name: string): Promise<void> {
  await page.setViewportSize(PHONE);
  await page.waitForTimeout(300);
  await shot(page, name);
  await page.setViewportSize(DESKTOP);
}

interface InboxEmail {
  to: string;
  subject: string;
  links: string[];
}

async function confirmationLink(email: string): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(
      async () => {
        const inbox = (await (
          await fetch(product.inboxUrl, { headers: { authorization: `Bearer ${product.serviceRoleKey}` } })
        ).json()) as InboxEmail[] | { emails: InboxEmail[] };
        const emails = Array.isArray(inbox) ? inbox : inbox.emails;
        found = emails.find((e) => e.to === email)?.links.find((l) => l.includes('/auth/v1/verify'));
        return found;
      },
      { timeout: 15_000 },
    )
    .toBeTruthy();
  return found as string;
}

function anon() {
  return createClient(product.apiUrl, product.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    // Node 20 has no global WebSocket for supabase-js's realtime client.
    realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
  });
}

describe('accounts: a new owner from the landing page to credits', () => {
  const email = `owner-${randomUUID().slice(0, 8)}@example.com`;
  const password = 'bakery-secret-42';

  it('signs up in French, confirms by email, signs in on the requested page, uses the free pack, edits the profile, signs out', async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    const landing = new LandingPage(page, product.consoleUrl);

    // Landing: every anchor, English then French, pricing from the packs table.
    await landing.open();
    await landing.switchLanguage('en');
    expect(await landing.heroTitle().textContent()).toBe(landingEn.hero.title);
    await landing.switchLanguage('fr');
    expect(await landing.heroTitle().textContent()).toBe(landingFr.hero.title);
    for (const anchor of ['features', 'industries', 'integrations', 'pricing', 'enterprise']) {
      expect(await landing.section(anchor).count()).toBe(1);
      expect(await landing.navAnchor(anchor).textContent()).toBe(landingFr.nav[anchor as keyof typeof landingFr.nav]);
    }
    await expect.poll(() => landing.pricingCards().count()).toBe(3);
    expect(await landing.popularCard().getAttribute('data-pack')).toBe('pro');
    expect(await landing.popularCard().textContent()).toContain(creditsFr.offers.mostPopular);
    expect(await landing.popularCard().textContent()).toMatch(/49,90\s\$US/);
    await shot(page, 'landing-desktop');

    // A signed-out visit to /credits lands on / with the request; Sign In carries it to /login.
    await landing.goto('/credits');
    await landing.waitForPath('/');
    await landing.signInLink().click();
    await landing.waitForPath('/login');

    const login = new LoginPage(page, product.consoleUrl);
    await login.emailInput().waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('fr');
    await shot(page, 'login-desktop');
    await phoneShot(page, 'login-375');
    await login.switchToSignUp();
    await login.fillSignUp('Boulangerie Ada', email, password);
    await login.submit();
    await page.getByText(authFr.checkEmail.title).waitFor();

    // The confirmation email, opened elsewhere (as from a phone's mail app).
    const link = await confirmationLink(email);
    expect(new URL(link).searchParams.get('redirect_to')).toBe(`${product.consoleUrl}/email-verification`);
    const mail = await newPage(browser, DESKTOP);
    await mail.page.goto(link);
    const verification = new EmailVerificationPage(mail.page, product.consoleUrl);
    await verification.verifiedEmail().waitFor({ timeout: 15_000 });
    expect(await verification.verifiedEmail().textContent()).toContain(email);
    await shot(mail.page, 'verification-success');
    await mail.context.close();

    // Back on the first tab: sign in and land on the requested page.
    await page.getByRole('button', { name: authFr.checkEmail.backToSignIn }).click();
    await login.fillSignIn(email, password);
    await login.submit();
    await login.waitForPath('/credits');

    const credits = new CreditsPage(page, product.consoleUrl);
    await expect.poll(() => credits.balance().textContent(), { timeout: 15_000 }).toBe('30 minutes');
    expect(await credits.subscription().textContent()).toContain(creditsFr.subscription.none);
    await expect.poll(() => credits.offerCards().count()).toBe(3);
    // No payment provider in the test product: the buy buttons say so.
    await expect
      .poll(() => credits.offerCards().first().getByRole('button').textContent())
      .toBe(creditsFr.offers.paymentNotConfigured);
    expect(await page.getByTestId('payment-not-configured').textContent()).toBe(
      creditsFr.offers.paymentNotConfiguredHelp,
    );
    await shot(page, 'credits-desktop');
    await phoneShot(page, 'credits-375');

    await credits.freePackButton().click();
    await expect.poll(() => credits.balance().textContent()).toBe('60 minutes');
    await expect.poll(() => credits.freePackButton().textContent()).toBe(creditsFr.freePack.activated);
    expect(await credits.freePackButton().isDisabled()).toBe(true);
    // The server refuses a second activation too, whatever the UI shows.
    const client = anon();
    await client.auth.signInWithPassword({ email, password });
    const again = await client.rpc('activate_free_pack');
    expect(again.error?.message).toBe('Free pack already activated');
    await expect.poll(() => credits.historyRows().count()).toBe(2);

    // Profile: avatar upload, a saved toggle, language switch.
    const profile = new ProfilePage(page, product.consoleUrl);
    await profile.goto('/profile');
    await profile.tab(profileFr.page.tabProfile).waitFor();
    await profile.uploadAvatar({ name: 'me.png', mimeType: 'image/png', buffer: PNG_1PX });
    await expect
      .poll(() => profile.avatarImage().getAttribute('src'), { timeout: 15_000 })
      .toMatch(/\/storage\/v1\/object\/public\/avatars\/[0-9a-f-]{36}\/avatar-\d+\.png$/);
    const avatarUrl = (await profile.avatarImage().getAttribute('src')) as string;
    expect((await fetch(avatarUrl)).status).toBe(200);
    await shot(page, 'profile-desktop');
    await phoneShot(page, 'profile-375');

    await profile.tab(profileFr.page.tabSettings).click();
    await profile.setting('usageReports').locator('..').click();
    await expect
      .poll(
        async () => (await client.from('profiles').select('notify_usage_reports').single()).data?.notify_usage_reports,
      )
      .toBe(true);
    await profile.languageSelect().selectOption('en');
    await profile.tab(profileEn.page.tabSettings).waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    await expect.poll(async () => (await client.from('profiles').select('lang').single()).data?.lang).toBe('en');
    await shot(page, 'profile-settings-desktop');
    await profile.tab(profileEn.page.tabCredits).click();
    await expect.poll(() => credits.historyRows().count()).toBe(2);

    await profile.tab(profileEn.page.tabProfile).click();
    await profile.signOutButton(profileEn.profile.signOut).click();
    await profile.waitForPath('/');
    await context.close();
  });

  it('refuses a wrong password, an unknown email, an unconfirmed address, a weak password and a used email, with the message each one gets', async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    const login = new LoginPage(page, product.consoleUrl);
    await page.goto(`${product.consoleUrl}/login`);
    await login.emailInput().waitFor();
    // Supabase does not tell an unknown address from a wrong password (anti-enumeration): one message names both.
    await login.fillSignIn(product.demo.DEMO_OWNER_EMAIL, 'not-the-password');
    await login.submit();
    await expect.poll(() => login.errorMessage().textContent()).toBe(errorsFr.auth.invalidCredentials);
    await login.fillSignIn(`nobody-${randomUUID().slice(0, 6)}@example.com`, 'whatever-123');
    await login.submit();
    await expect.poll(() => login.errorMessage().textContent()).toBe(errorsFr.auth.invalidCredentials);

    // Email already used.
    await login.switchToSignUp();
    await login.fillSignUp('Someone', product.demo.DEMO_OWNER_EMAIL, 'long-enough-1');
    await login.submit();
    await expect.poll(() => login.errorMessage().textContent()).toBe(errorsFr.auth.emailInUse);

    // Weak password: the form keeps the request from leaving and shows the hint.
    await login.fillSignUp('Someone', `weak-${randomUUID().slice(0, 6)}@example.com`, 'abc');
    expect(await login.submitButton().isDisabled()).toBe(true);
    expect(await page.getByText(authFr.login.passwordHint).count()).toBeGreaterThan(0);

    // An unconfirmed address cannot sign in.
    const pending = `pending-${randomUUID().slice(0, 6)}@example.com`;
    await login.fillSignUp('Pending', pending, 'pending-secret-1');
    await login.submit();
    await page.getByText(authFr.checkEmail.title).waitFor();
    await page.getByRole('button', { name: authFr.checkEmail.backToSignIn }).click();
    await login.fillSignIn(pending, 'pending-secret-1');
    await login.submit();
    // The message, then the offer to resend the verification email.
    await expect.poll(() => login.errorMessage().textContent()).toContain(errorsFr.auth.emailNotConfirmed);
    await context.close();
  });

  it('shows the verification error after a delay for a used or broken link', async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    const started = Date.now();
    await page.goto(
      `${product.consoleUrl}/email-verification#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired`,
    );
    const verification = new EmailVerificationPage(page, product.consoleUrl);
    await verification.alert().waitFor();
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
    expect(await verification.alert().textContent()).toBe(errorsFr.verification.failed);
    expect(await page.getByRole('link', { name: authFr.verification.backToSignIn }).count()).toBe(1);
    expect(await page.getByRole('link', { name: authFr.verification.goHome }).count()).toBe(1);
    await shot(page, 'verification-error');
    await context.close();
  });

  it('serves the landing page on a 375 px phone with the bottom bar, and the legal pages', async () => {
    const { context, page } = await newPage(browser, PHONE);
    const landing = new LandingPage(page, product.consoleUrl);
    await landing.open();
    expect(await landing.bottomBar().isVisible()).toBe(true);
    expect(await landing.navAnchor('features').isVisible()).toBe(false);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await shot(page, 'landing-375');
    await page.locator('#pricing').scrollIntoViewIfNeeded();
    await shot(page, 'landing-375-pricing');

    // Consent tool from the footer: the choice is kept in localStorage.
    await landing.privacySettingsButton(landingFr.footer.privacySettings).click();
    await landing.consentDialog().getByRole('button', { name: 'Tout refuser' }).click();
    expect(JSON.parse((await page.evaluate(() => localStorage.getItem('concierge.consent'))) ?? '{}')).toMatchObject({
      analytics: false,
    });

    await landing.footerLink(landingFr.footer.privacy).click();
    const legal = new LegalPage(page, product.consoleUrl);
    await legal.waitForPath('/privacy');
    await expect.poll(() => legal.sections().count()).toBe(11);
    await shot(page, 'privacy-375');
    await legal.backHome(legalFr.backHome).click();
    await legal.waitForPath('/');

    await legal.goto('/terms');
    await legal.waitForPath('/legal');
    await expect.poll(() => page.locator('section#terms').count()).toBe(1);
    expect(await page.locator('.legal-card').textContent()).toContain('Wyoming');
    expect(await page.locator('.legal-card').textContent()).toContain('© 2025');
    await page.setViewportSize(DESKTOP);
    await legal.goto('/legal');
    await shot(page, 'legal-desktop');
    await context.close();
  });
});
