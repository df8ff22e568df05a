import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { createClient } from '@supabase/supabase-js';
import type { Browser, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import WebSocket from 'ws';
import { shellEn } from '../../renderer/src/app/locales/en.ts';
import { errorsFr } from '../../renderer/src/errors/locales/fr.ts';
import { agentsEn } from '../../renderer/src/features/agents/locales/en.ts';
import { authEn } from '../../renderer/src/features/auth/locales/en.ts';
import { authFr } from '../../renderer/src/features/auth/locales/fr.ts';
import { knowledgeEn } from '../../renderer/src/features/knowledge/locales/en.ts';
import { landingEn } from '../../renderer/src/features/landing/locales/en.ts';
import { sandboxEn } from '../../renderer/src/features/sandbox/locales/en.ts';
import { CreditsPage, EmailVerificationPage } from './pages/AccountPages.ts';
import { LandingPage } from './pages/LandingPage.ts';
import { AgentListPage, AgentPromptsPage, AgentWizardPage } from './pages/AgentsPages.ts';
import { KnowledgeTabPage } from './pages/ConfigureTabsPages.ts';
import { ConsolePage } from './pages/ConsolePage.ts';
import { LoginPage } from './pages/LoginPage.ts';
import { SandboxPage } from './pages/SandboxPage.ts';
import { DESKTOP, launchBrowser, newPage } from './support/browser.ts';

/**
 * What a new user trips over (dead ends, sign-in and sign-up, offline mode, the usage box, smaller
 * things), in Chromium against the product
 * as `npm start` runs it: no OpenAI key (offline mode), the seeded demo owner on Enterprise, and new
 * owners created confirmed through the auth admin API (English profiles).
 */
const product = inject('product');
const { demo } = product;
const DEMO_AGENT_ID = 'a0000000-0000-4000-8000-000000000001';
const shots = path.resolve('test-results', 'screenshots', 'new-user');

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
  mkdirSync(shots, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
});

async function shot(page: Page, name: string): Promise<void> {
  await page.waitForTimeout(300);
  await page.screenshot({ path: path.join(shots, `${name}.png`) });
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

interface Owner {
  id: string;
  email: string;
  password: string;
}

/** A confirmed owner on the free pack (30 welcome credits), as after sign-up and verification. */
async function newOwner(label: string): Promise<Owner> {
  const email = `${label}-${randomUUID().slice(0, 8)}@example.com`;
  const password = `pw-${randomUUID()}`;
  const { data, error } = await serviceClient().auth.admin.createUser({
    email,
    password,
    email_confirm: true,
    user_metadata: { name: label, lang: 'en' },
  });
  if (error || !data.user) throw new Error(`createUser: ${error?.message}`);
  return { id: data.user.id, email, password };
}

async function signedIn(
  email: string,
  password: string,
): Promise<{ page: Page; shell: ConsolePage; close: () => Promise<void> }> {
  const { context, page } = await newPage(browser, DESKTOP);
  const shell = new ConsolePage(page, product.consoleUrl);
  await shell.signIn(email, password);
  return { page, shell, close: () => context.close() };
}

/** Requests the page makes that match, counted from now on. */
function countRequests(page: Page, matches: (request: Request) => boolean): () => number {
  let count = 0;
  page.on('request', (request) => {
    if (request.method() !== 'OPTIONS' && matches(request)) count += 1;
  });
  return () => count;
}

describe('no dead ends', () => {
  it('opening /test-agent on the console shows the demo agent’s public page', async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    await new ConsolePage(page, product.consoleUrl).goto('/test-agent');
    await page.waitForURL((url) => url.hostname.startsWith('demo.'));
    await page.getByRole('heading', { name: 'Clara' }).first().waitFor();
    await shot(page, 'test-agent');
    await context.close();
  });

  it('a signed-in owner arriving at / sees Access Dashboard instead of Sign In, and it opens the console', async () => {
    const { page, shell, close } = await signedIn(demo.DEMO_OWNER_EMAIL, demo.DEMO_OWNER_PASSWORD);
    await shell.goto('/');
    const dashboard = page.getByRole('banner').getByRole('link', { name: landingEn.nav.accessDashboard });
    await dashboard.waitFor();
    expect(await page.getByRole('banner').getByRole('link', { name: landingEn.nav.signIn }).count()).toBe(0);
    await shot(page, 'landing-signed-in');
    await dashboard.click();
    await page.getByTestId('dashboard-page').waitFor();
    expect(await shell.notFoundHeading(shellEn.notFound).count()).toBe(0);
    await close();
  });

  it('the agent card’s Edit opens the agent’s configuration', async () => {
    const { page, close } = await signedIn(demo.DEMO_OWNER_EMAIL, demo.DEMO_OWNER_PASSWORD);
    const list = new AgentListPage(page, product.consoleUrl, agentsEn);
    await list.open();
    await list.card('Clara').getByRole('button', { name: agentsEn.card.edit }).click();
    await page.waitForURL((url) => url.pathname === `/agents/${DEMO_AGENT_ID}/configure`);
    await page.getByRole('heading', { name: agentsEn.configure.title }).waitFor();
    expect(await page.getByTestId('agent-page-pending').count()).toBe(0);
    await close();
  });
});

describe('sign-in and sign-up', () => {
  it('a mistyped email says “Invalid email address” once the field is left, and the message goes as it is fixed', async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    const login = new LoginPage(page, product.consoleUrl);
    await login.open();
    await login.emailInput().fill('ada@example');
    expect(await login.fieldMessage('email').count()).toBe(0);
    await login.leaveField('email');
    expect(await login.fieldMessage('email').textContent()).toBe(errorsFr.auth.invalidEmail);
    await shot(page, 'login-invalid-email');
    await login.emailInput().fill('ada@example.com');
    await login.fieldMessage('email').waitFor({ state: 'detached' });
    await context.close();
  });

  it('a short sign-up password shows the weak-password message as the user types', async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    const login = new LoginPage(page, product.consoleUrl);
    await login.open();
    await login.switchToSignUp();
    await login.fillSignUp('Ada', 'ada@example.com', '123');
    await login.leaveField('password');
    expect(await login.fieldMessage('password').textContent()).toBe(errorsFr.auth.weakPassword);
    await login.passwordInput().fill('12345');
    expect(await login.fieldMessage('password').textContent()).toBe(errorsFr.auth.weakPassword);
    await shot(page, 'signup-weak-password');
    await login.passwordInput().fill('123456');
    await login.fieldMessage('password').waitFor({ state: 'detached' });
    // The “at least 6 characters” hint is back under the field once the password is long enough.
    await page.getByText(authFr.login.passwordHint).waitFor();
    await context.close();
  });

  it('a double click on Create Account sends one sign-up request', async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    const login = new LoginPage(page, product.consoleUrl);
    const signUps = countRequests(page, (r) => new URL(r.url()).pathname === '/auth/v1/signup');
    await login.open();
    await login.switchToSignUp();
    await login.fillSignUp('Ada', `ada-${randomUUID().slice(0, 8)}@example.com`, 'bakery-secret-42');
    await login.doubleClickSubmitBeforeRepaint();
    await page.getByText(authFr.checkEmail.title).waitFor();
    // The first answer is there; a second request would have left at the same moment.
    await page.waitForTimeout(500);
    expect(signUps()).toBe(1);
    await context.close();
  });

  it('after the server’s rate limit, sign-in says “Too many failed attempts”', async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    // The shared e2e product's auth limits are raised for the whole suite (one loopback address),
    // so exhausting them here would starve the other files; this answers exactly as the embedded
    // auth does over the limit (429 over_request_rate_limit, versioned error body, Retry-After).
    await page.route('**/auth/v1/token?grant_type=password', (route) =>
      route.request().method() === 'OPTIONS'
        ? route.continue()
        : route.fulfill({
            status: 429,
            json: { code: 'over_request_rate_limit', message: 'Request rate limit reached' },
            headers: {
              'access-control-allow-origin': product.consoleUrl,
              'access-control-expose-headers': 'x-supabase-api-version, x-sb-error-code, retry-after',
              'x-supabase-api-version': '2024-01-01',
              'x-sb-error-code': 'over_request_rate_limit',
              'retry-after': '300',
            },
          }),
    );
    const login = new LoginPage(page, product.consoleUrl);
    await login.open();
    await login.fillSignIn(demo.DEMO_OWNER_EMAIL, 'wrong-password');
    await login.submit();
    await login.errorMessage().waitFor();
    expect((await login.errorMessage().innerText()).trim()).toBe(errorsFr.auth.tooManyAttempts);
    await shot(page, 'login-too-many-attempts');
    await context.close();
  });

  it('a double click on Activate free pack activates it once, without an error', async () => {
    const owner = await newOwner('freepack');
    const { page, shell, close } = await signedIn(owner.email, owner.password);
    const activations = countRequests(page, (r) => r.url().includes('/rest/v1/rpc/activate_free_pack'));
    const credits = new CreditsPage(page, product.consoleUrl);
    await credits.goto('/credits');
    await credits.freePackButton().waitFor();
    await credits.freePackButton().evaluate((button: HTMLButtonElement) => {
      button.click();
      button.click();
    });
    await expect.poll(() => credits.balance().textContent()).toContain('60');
    expect(activations()).toBe(1);
    expect(await page.getByTestId('free-pack').getByRole('alert').count()).toBe(0);
    await shell.usageMinutes().waitFor();
    await close();
  });

  it('a double click on Create agent creates one agent', async () => {
    const owner = await newOwner('creator');
    const { page, shell, close } = await signedIn(owner.email, owner.password);
    // The wizard's answers as the owner left them on the review step (the draft it keeps locally).
    const draft = {
      step: 'review',
      reached: 'review',
      sectorId: 'food_restaurant',
      subSectorId: 'restaurant',
      brief: 'A small bakery in Lyon.',
      name: 'Ada',
      companyName: 'Boulangerie Ada',
      subdomain: `ada-${randomUUID().slice(0, 8)}`,
      voice: 'female',
      prompt: 'You are Ada, the assistant of Boulangerie Ada.',
    };
    await page.evaluate(
      ([key, value]) => window.localStorage.setItem(key as string, value as string),
      [`concierge.agentWizardDraft.${owner.id}`, JSON.stringify(draft)],
    );
    const inserts = countRequests(
      page,
      (r) => r.method() === 'POST' && new URL(r.url()).pathname === '/rest/v1/agents',
    );
    await shell.goto('/agents/new');
    const wizard = new AgentWizardPage(page, agentsEn);
    await wizard.createButton().waitFor();
    await wizard.createButton().evaluate((button: HTMLButtonElement) => {
      button.click();
      button.click();
    });
    await page.waitForURL((url) => url.pathname === '/agents');
    expect(inserts()).toBe(1);
    // A free owner may have one agent: a second request would also have shown the pack-limit callout.
    const { count } = await serviceClient()
      .from('agents')
      .select('id', { count: 'exact', head: true })
      .eq('user_id', owner.id);
    expect(count).toBe(1);
    await close();
  });
});

describe('offline mode is said up front', () => {
  it('the sandbox says before use that voice calls and voice messages need an AI key', async () => {
    const { page, close } = await signedIn(demo.DEMO_OWNER_EMAIL, demo.DEMO_OWNER_PASSWORD);
    const sandbox = new SandboxPage(page, product.consoleUrl);
    await sandbox.open(DEMO_AGENT_ID);
    await sandbox.voiceNotice().waitFor();
    expect(await sandbox.voiceNotice().textContent()).toContain(sandboxEn.voiceNotice.offlineTitle);
    expect(await sandbox.voiceNotice().textContent()).toContain(sandboxEn.voiceNotice.offlineBody);
    expect(await sandbox.callButton().isDisabled()).toBe(true);
    expect(await sandbox.micButton().isDisabled()).toBe(true);
    expect(await sandbox.micNote().textContent()).toBe(sandboxEn.voiceNotice.micOffline);
    await shot(page, 'sandbox-offline');
    await close();
  });
});

describe('the sidebar usage box', () => {
  it('shows minutes used of the free pack’s minutes, and counts the free pack at once', async () => {
    const owner = await newOwner('usage');
    const { page, shell, close } = await signedIn(owner.email, owner.password);
    await shell.goto('/credits');
    await expect.poll(() => shell.usageMinutes().textContent()).toBe('Pack minutes this period: 0 / 30');
    await new CreditsPage(page, product.consoleUrl).freePackButton().click();
    await expect.poll(() => shell.usageMinutes().textContent()).toBe('Pack minutes this period: 0 / 60');
    await close();
  });

  it('shows a purchase as soon as the payment is recorded, without reloading', async () => {
    const owner = await newOwner('buyer');
    const { page, shell, close } = await signedIn(owner.email, owner.password);
    await shell.goto('/agents');
    await expect.poll(() => shell.usageMinutes().textContent()).toBe('Pack minutes this period: 0 / 30');
    // What the Stripe webhook does once the checkout is paid.
    const { error } = await serviceClient().rpc('record_checkout_payment', {
      event_id: `evt-${owner.id}`,
      event_type: 'checkout.session.completed',
      user_id: owner.id,
      pack_id: 'pro',
    });
    expect(error).toBeNull();
    await expect
      .poll(() => shell.usageMinutes().textContent(), { timeout: 10_000 })
      .toBe('Pack minutes this period: 0 / 500');
    expect(await shell.usageBox().textContent()).toContain(shellEn.sidebar.packTitle.replace('{{pack}}', 'Pro'));
    await shot(page, 'usage-box-pro');
    await close();
  });
});

describe('smaller things', () => {
  it('the free-trial button opens the sign-up form, not the sign-in one', async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    const landing = new LandingPage(page, product.consoleUrl);
    await landing.open();
    await page.getByRole('button', { name: 'EN', exact: true }).click();
    await landing.primaryCta().click();
    await page.waitForURL((url) => url.pathname === '/login');
    await page.getByRole('button', { name: authEn.login.submitSignUp, exact: true }).waitFor();
    expect(await page.getByRole('button', { name: authEn.login.submitSignIn, exact: true }).count()).toBe(0);
    await shot(page, 'trial-opens-sign-up');
    await context.close();
  });

  it('the verification page, in French, accepts a mode=verifyEmail&oobCode= link', async () => {
    const email = `oob-${randomUUID().slice(0, 8)}@example.com`;
    const { error } = await anonClient().auth.signUp({
      email,
      password: 'bakery-secret-42',
      // Verifying signs the user in, so their own language (French here) then words the page.
      options: { emailRedirectTo: `${product.consoleUrl}/email-verification`, data: { lang: 'fr' } },
    });
    expect(error).toBeNull();
    let token: string | null = null;
    await expect
      .poll(
        async () => {
          const inbox = (await (
            await fetch(product.inboxUrl, { headers: { authorization: `Bearer ${product.serviceRoleKey}` } })
          ).json()) as { to: string; links: string[] }[] | { emails: { to: string; links: string[] }[] };
          const emails = Array.isArray(inbox) ? inbox : inbox.emails;
          const link = emails.find((e) => e.to === email)?.links.find((l) => l.includes('/auth/v1/verify'));
          token = link ? new URL(link).searchParams.get('token') : null;
          return token;
        },
        { timeout: 15_000 },
      )
      .toBeTruthy();
    const { context, page } = await newPage(browser, DESKTOP);
    const verification = new EmailVerificationPage(page, product.consoleUrl);
    await verification.goto(`/email-verification?mode=verifyEmail&oobCode=${token ?? ''}&lang=fr`);
    await verification.verifiedEmail().waitFor({ timeout: 15_000 });
    expect(await verification.verifiedEmail().textContent()).toBe(
      authFr.verification.successBody.replace('{{email}}', email),
    );
    expect(await page.locator('html').getAttribute('lang')).toBe('fr');
    await shot(page, 'verification-oobcode-fr');
    await context.close();
  });

  it('uploading the same knowledge file twice asks first', async () => {
    const { page, close } = await signedIn(demo.DEMO_OWNER_EMAIL, demo.DEMO_OWNER_PASSWORD);
    const knowledge = new KnowledgeTabPage(page, product.consoleUrl, knowledgeEn);
    await knowledge.open(DEMO_AGENT_ID);
    await knowledge.document('menu-and-hours.txt').waitFor();
    const before = await knowledge.documentNames();
    const uploads = countRequests(page, (r) => r.method() === 'POST' && r.url().includes('/storage/v1/object/'));
    await knowledge.upload([{ name: 'menu-and-hours.txt', mimeType: 'text/plain', buffer: Buffer.from('Menu again') }]);
    await knowledge.duplicateDialog().waitFor();
    expect(await knowledge.duplicateDialog().textContent()).toContain('menu-and-hours.txt');
    await shot(page, 'knowledge-duplicate');
    await knowledge.answerDuplicate('skip');
    await page.waitForTimeout(500);
    expect(uploads()).toBe(0);
    expect(await knowledge.documentNames()).toEqual(before);
    await close();
  });

  it('typing in the prompt editor does not move the toolbar', async () => {
    const { page, close } = await signedIn(demo.DEMO_OWNER_EMAIL, demo.DEMO_OWNER_PASSWORD);
    const prompts = new AgentPromptsPage(page, product.consoleUrl, agentsEn);
    await prompts.open(DEMO_AGENT_ID);
    await prompts.saveButton().waitFor();
    await page.waitForTimeout(500);
    const before = await prompts.saveButton().boundingBox();
    await shot(page, 'prompts-clean');
    await prompts.editor().press('End');
    await prompts.editor().pressSequentially(' ');
    await page.getByText(agentsEn.prompts.unsaved).waitFor();
    const after = await prompts.saveButton().boundingBox();
    await shot(page, 'prompts-dirty');
    expect(after).toEqual(before);
    await close();
  });

  it('the production console logs no Blueprint warnings on the pages a new owner visits', async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (['warning', 'error'].includes(message.type()) && /blueprint/i.test(message.text()))
        warnings.push(message.text());
    });
    const shell = new ConsolePage(page, product.consoleUrl);
    await shell.goto('/');
    await page.getByRole('banner').waitFor();
    const login = new LoginPage(page, product.consoleUrl);
    await login.open();
    await login.switchToSignUp();
    await shell.signIn(demo.DEMO_OWNER_EMAIL, demo.DEMO_OWNER_PASSWORD);
    for (const target of [
      '/agents',
      '/agents/new',
      `/agents/${DEMO_AGENT_ID}/configure`,
      `/agents/${DEMO_AGENT_ID}/prompts`,
      `/agents/${DEMO_AGENT_ID}/integrations`,
      `/agents/${DEMO_AGENT_ID}/interactions`,
      `/agents/${DEMO_AGENT_ID}/test`,
      '/credits',
      '/profile',
      `/agents/${DEMO_AGENT_ID}/branding`,
    ]) {
      await shell.goto(target);
      await page.getByRole('navigation', { name: shellEn.nav.main }).waitFor();
      await page.waitForTimeout(800);
    }
    // Popovers, dialogs and the phone drawer mount Blueprint's overlays.
    await shell.goto(`/agents/${DEMO_AGENT_ID}/configure`);
    await page.locator('#configure-language').click();
    await page.getByPlaceholder(agentsEn.configure.languageSearch).waitFor();
    await page.keyboard.press('Escape');
    const list = new AgentListPage(page, product.consoleUrl, agentsEn);
    await list.open();
    await list.openDelete('Clara');
    await list.deleteDialog().waitFor();
    await page.keyboard.press('Escape');
    await shell.setViewport(375, 812);
    await page.getByRole('button', { name: shellEn.nav.openMenu }).click();
    await page.getByRole('button', { name: shellEn.sidebar.newAgent }).waitFor();
    await page.waitForTimeout(500);
    expect(warnings).toEqual([]);
    await context.close();
  });
});
