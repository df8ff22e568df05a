import { randomUUID } from 'node:crypto';
import { createClient } from '@supabase/supabase-js';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import WebSocket from 'ws';
import { agentsFr } from '../../renderer/src/features/agents/locales/fr.ts';
import { authFr } from '../../renderer/src/features/auth/locales/fr.ts';
import { SIGN_IN_THROTTLE } from '../../supabase/functions/_shared/contracts/sign-in-throttle.ts';
import { errorsFr } from '../../renderer/src/errors/locales/fr.ts';
import { EmailVerificationPage } from './pages/AccountPages.ts';
import { AccountRecovery, LoginPage } from './pages/LoginPage.ts';
import { DESKTOP, launchBrowser, newPage, screenshot } from './support/browser.ts';

/**
 * The first minutes of a new owner's account, in the console as `npm start` serves it: the
 * verification link signs them in properly, a lost password or an expired link does not lock them
 * out, and a dead session says so instead of refusing everything.
 */
const product = inject('product');

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

interface InboxEmail {
  to: string;
  subject: string;
  text?: string;
  links: string[];
}

async function emailsTo(email: string): Promise<InboxEmail[]> {
  const inbox = (await (
    await fetch(product.inboxUrl, { headers: { authorization: `Bearer ${product.serviceRoleKey}` } })
  ).json()) as InboxEmail[] | { emails: InboxEmail[] };
  // The inbox lists the newest first.
  return (Array.isArray(inbox) ? inbox : inbox.emails).filter((e) => e.to === email).reverse();
}

/** Every auth link mailed to the address with this verify type, oldest first. */
async function authLinks(email: string, type: 'signup' | 'recovery', atLeast = 1): Promise<string[]> {
  let links: string[] = [];
  await expect
    .poll(
      async () => {
        links = (await emailsTo(email)).flatMap((e) =>
          e.links.filter((l) => l.includes('/auth/v1/verify') && new URL(l).searchParams.get('type') === type),
        );
        return links.length;
      },
      { timeout: 15_000 },
    )
    .toBeGreaterThanOrEqual(atLeast);
  return links;
}

function serviceClient() {
  return createClient(product.apiUrl, product.serviceRoleKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
  });
}

function anonClient() {
  return createClient(product.apiUrl, product.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
  });
}

async function confirmedOwner(lang: 'en' | 'fr'): Promise<{ email: string; password: string }> {
  const email = `owner-${randomUUID().slice(0, 8)}@example.com`;
  const password = `pw-${randomUUID()}`;
  const { error } = await serviceClient().auth.admin.createUser({
    email,
    password,
    email_confirm: true,
    user_metadata: { name: 'Ada', lang },
  });
  if (error) throw new Error(`createUser: ${error.message}`);
  return { email, password };
}

async function signUpInConsole(page: Page, email: string): Promise<LoginPage> {
  const login = new LoginPage(page, product.consoleUrl);
  await login.open();
  await login.switchToSignUp();
  await login.fillSignUp('Ada', email, 'bakery-secret-42');
  await login.submit();
  await page.getByText(authFr.checkEmail.title).waitFor();
  return login;
}

describe('verification signs the user in properly', () => {
  it('a new owner who verifies their email lands in the wizard, signed in, and stays signed in on reload', async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    const refused: string[] = [];
    page.on('response', (r) => {
      if (r.url().startsWith(product.apiUrl) && [401, 403].includes(r.status())) refused.push(r.url());
    });
    const email = `new-${randomUUID().slice(0, 8)}@example.com`;
    await signUpInConsole(page, email);
    const [link] = await authLinks(email, 'signup');
    await page.goto(link!);
    const verification = new EmailVerificationPage(page, product.consoleUrl);
    await verification.verifiedEmail().waitFor({ timeout: 15_000 });
    await verification.continueToSignIn(authFr.verification.continue).click();
    await page.waitForURL((url) => url.pathname === '/agents/new');
    await page.getByText(agentsFr.wizard.title).first().waitFor();
    await screenshot(page, 'auth-verified-wizard');
    await page.reload();
    await page.waitForTimeout(1500);
    expect(new URL(page.url()).pathname).toBe('/agents/new');
    expect(await page.getByText(errorsFr.database.forbidden).count()).toBe(0);
    expect(refused).toEqual([]);
    await context.close();
  });
});

describe('account recovery', () => {
  it('forgot password sends a link that sets a new password', async () => {
    const owner = await confirmedOwner('fr');
    const { context, page } = await newPage(browser, DESKTOP);
    const login = new LoginPage(page, product.consoleUrl);
    const recovery = new AccountRecovery(page);
    await login.open();
    await login.emailInput().fill(owner.email);
    await recovery.forgotPasswordButton(authFr.login.forgotPassword).click();
    expect(await recovery.forgotEmailInput().inputValue()).toBe(owner.email);
    await page.getByRole('button', { name: authFr.forgot.submit }).click();
    await page.getByText(authFr.forgot.sentBody.replace('{{email}}', owner.email)).waitFor();
    const [link] = await authLinks(owner.email, 'recovery');
    expect(new URL(link!).searchParams.get('redirect_to')).toBe(`${product.consoleUrl}/reset-password`);
    await page.goto(link!);
    await recovery.newPasswordInput().waitFor({ timeout: 15_000 });
    expect(await recovery.resetEmail().textContent()).toBe(owner.email);
    await recovery.newPasswordInput().fill('a-brand-new-secret');
    await page.getByRole('button', { name: authFr.reset.submit }).click();
    await page.waitForURL((url) => url.pathname === '/agents/new');
    await screenshot(page, 'auth-password-reset');
    const { error } = await anonClient().auth.signInWithPassword({
      email: owner.email,
      password: 'a-brand-new-secret',
    });
    expect(error).toBeNull();
    const old = await anonClient().auth.signInWithPassword({ email: owner.email, password: owner.password });
    expect(old.error?.code).toBe('invalid_credentials');
    await context.close();
  });

  it('a used reset link says so and offers a new one', async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    await page.goto(`${product.consoleUrl}/reset-password#error=access_denied&error_code=otp_expired`);
    await page.getByText(authFr.reset.invalidBody).waitFor();
    await page.getByRole('link', { name: authFr.reset.requestNew }).click();
    await new AccountRecovery(page).forgotEmailInput().waitFor();
    await context.close();
  });

  it('resend verification email sends a new link, from the check-email screen and from the unverified sign-in', async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    const email = `resend-${randomUUID().slice(0, 8)}@example.com`;
    const login = await signUpInConsole(page, email);
    const recovery = new AccountRecovery(page);
    await authLinks(email, 'signup');
    // The server allows one confirmation email per address per max_frequency (1 s here).
    await page.waitForTimeout(1200);
    await recovery.resendButton(authFr.resend.button).click();
    await expect.poll(() => recovery.resendResult().textContent()).toBe(authFr.resend.sent.replace('{{email}}', email));
    const links = await authLinks(email, 'signup', 2);

    // Back on the sign-in form, the unverified address offers the same.
    await page.getByRole('button', { name: authFr.checkEmail.backToSignIn }).click();
    await login.fillSignIn(email, 'bakery-secret-42');
    await login.submit();
    await expect.poll(() => login.errorMessage().textContent()).toContain(errorsFr.auth.emailNotConfirmed);
    await page.waitForTimeout(1200);
    await recovery.resendButton(authFr.resend.button).click();
    await expect.poll(() => recovery.resendResult().textContent()).toBe(authFr.resend.sent.replace('{{email}}', email));
    const again = await authLinks(email, 'signup', 3);
    await screenshot(page, 'auth-resend-unverified');

    // The first link was replaced; the newest verifies.
    await page.goto(links[0]!);
    await new EmailVerificationPage(page, product.consoleUrl).alert().waitFor({ timeout: 15_000 });
    await page.goto(again[again.length - 1]!);
    await new EmailVerificationPage(page, product.consoleUrl).verifiedEmail().waitFor({ timeout: 15_000 });
    await context.close();
  });

  it('resend is refused in the user’s words when asked again too soon', async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    const email = `soon-${randomUUID().slice(0, 8)}@example.com`;
    await signUpInConsole(page, email);
    const recovery = new AccountRecovery(page);
    await recovery.resendButton(authFr.resend.button).click();
    await expect.poll(() => recovery.resendResult().textContent()).toBe(errorsFr.auth.emailRateLimited);
    await context.close();
  });

  it('a broken verification link offers to resend the email to an address the user types', async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    const recovery = new AccountRecovery(page);
    await page.goto(`${product.consoleUrl}/email-verification#error=access_denied&error_code=otp_expired`);
    await recovery.resendEmailInput().waitFor();
    await recovery.resendEmailInput().fill('nobody@example.com');
    await recovery.resendButton(authFr.resend.button).click();
    // The same answer whether or not the address has an account.
    await expect
      .poll(() => recovery.resendResult().textContent())
      .toBe(authFr.resend.sent.replace('{{email}}', 'nobody@example.com'));
    await context.close();
  });
});

describe('stale sessions', () => {
  it('a stale session is signed out with a message', async () => {
    const owner = await confirmedOwner('fr');
    const { context, page } = await newPage(browser, DESKTOP);
    const login = new LoginPage(page, product.consoleUrl);
    await login.signIn(owner.email, owner.password);
    await page.waitForURL((url) => url.pathname !== '/login');
    // The stored session no longer holds: revoked elsewhere and its access token no longer valid.
    await page.evaluate(() => {
      for (const key of Object.keys(window.localStorage)) {
        if (!key.startsWith('sb-') || !key.endsWith('-auth-token')) continue;
        const stored = JSON.parse(window.localStorage.getItem(key) ?? '{}') as Record<string, unknown>;
        stored.access_token = 'not-a-valid-token';
        stored.refresh_token = 'revoked';
        window.localStorage.setItem(key, JSON.stringify(stored));
      }
    });
    await login.goto('/credits');
    const recovery = new AccountRecovery(page);
    await recovery.signedOutNotice().waitFor({ timeout: 15_000 });
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(await recovery.signedOutNotice().textContent()).toBe(errorsFr.database.sessionExpired);
    expect(await page.getByText(errorsFr.database.forbidden).count()).toBe(0);
    await screenshot(page, 'auth-stale-session');
    await login.fillSignIn(owner.email, owner.password);
    await login.submit();
    await page.waitForURL((url) => url.pathname === '/credits');
    await context.close();
  });
});

describe('failed sign-in throttle', () => {
  it('after too many wrong passwords the sign-in form says to wait', async () => {
    const owner = await confirmedOwner('fr');
    const { context, page } = await newPage(browser, DESKTOP);
    const login = new LoginPage(page, product.consoleUrl);
    await login.open();
    for (let i = 1; i < SIGN_IN_THROTTLE.maxFailures; i++) {
      await login.fillSignIn(owner.email, 'not-my-password');
      await login.submitSignIn();
      await page.getByText(errorsFr.auth.invalidCredentials).waitFor();
    }
    await login.fillSignIn(owner.email, 'not-my-password');
    await login.submitSignIn();
    const wait = errorsFr.auth.signInThrottled.replace('{{minutes}}', String(SIGN_IN_THROTTLE.lockMinutes));
    await page.getByText(wait).waitFor();
    // Even the right password is refused until the wait is over, and the form still says so.
    await login.fillSignIn(owner.email, owner.password);
    await login.submitSignIn();
    await page.getByText(wait).waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    await screenshot(page, 'auth-sign-in-throttled');
    await context.close();
  });
});
