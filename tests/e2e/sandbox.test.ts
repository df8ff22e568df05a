import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { sandboxFr } from '../../renderer/src/features/sandbox/locales/fr.ts';
import { ConsolePage } from './pages/ConsolePage.ts';
import { DESKTOP, launchBrowser, newPage } from './support/browser.ts';

/**
 * The owner's Test Agent sandbox on the seeded demo agent, against the product as
 * `npm start` runs it (no OpenAI key: agent-chat answers offline from the knowledge base).
 */
const product = inject('product');
const { demo } = product;
const DEMO_AGENT_ID = 'a0000000-0000-4000-8000-000000000001';
const SHOTS = '/tmp/shots';
const SANDBOX = `/agents/${DEMO_AGENT_ID}/test`;

async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

/** A 440 Hz tone stands in for the microphone; MediaRecorder records it for real. */
async function fakeMicrophone(page: Page, mode: 'tone' | 'denied' | 'no-format'): Promise<void> {
  await page.addInitScript((m) => {
    Object.defineProperty(navigator, 'mediaDevices', {
      configurable: true,
      value: {
        getUserMedia: async () => {
          if (m === 'denied') throw new DOMException('denied', 'NotAllowedError');
          const ctx = new AudioContext();
          const osc = ctx.createOscillator();
          const out = ctx.createMediaStreamDestination();
          osc.connect(out);
          osc.start();
          return out.stream;
        },
      },
    });
    if (m === 'no-format') MediaRecorder.isTypeSupported = () => false;
  }, mode);
}

describe('Test Agent sandbox', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  async function signedIn(mic: 'tone' | 'denied' | 'no-format' = 'tone') {
    const { context, page } = await newPage(browser, DESKTOP);
    await fakeMicrophone(page, mic);
    // This product has no OpenAI key, so the sandbox would say up front that voice is off (tested in
    // new-user.test.ts); these tests stand in for a product with a key, as for owner-assist below.
    await page.route('**/functions/v1/voice-session?**', (route) =>
      route.request().method() === 'GET'
        ? route.fulfill({ json: { available: true }, headers: { 'access-control-allow-origin': '*' } })
        : route.continue(),
    );
    const shell = new ConsolePage(page, product.consoleUrl);
    await shell.signIn(demo.DEMO_OWNER_EMAIL, demo.DEMO_OWNER_PASSWORD);
    await shell.goto(SANDBOX);
    return { context, page };
  }

  it('asks to sign in when nobody is signed in', async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    await new ConsolePage(page, product.consoleUrl).goto(SANDBOX);
    const gate = page.getByTestId('sandbox-auth-required');
    // Signed out, the console speaks French unless the visitor chose otherwise.
    await gate.getByRole('heading', { name: sandboxFr.authRequired.title }).waitFor();
    const signIn = gate.getByRole('button', { name: sandboxFr.authRequired.signIn });
    await expect(signIn.getAttribute('href')).resolves.toBe('/login');
    await shot(page, 'sandbox-auth-required');
    await signIn.click();
    await page.waitForURL((url) => url.pathname === '/login');
    // In English once the visitor picked it.
    await page.evaluate(() => localStorage.setItem('concierge.lang', 'en'));
    await new ConsolePage(page, product.consoleUrl).goto(SANDBOX);
    await page.getByRole('heading', { name: 'Authentication Required' }).waitFor();
    await page.getByRole('button', { name: 'Sign In' }).waitFor();
    await context.close();
  });

  it('greets, answers from the knowledge base with its source, counts messages and lists the documents', async () => {
    const { context, page } = await signedIn();
    // The one-second skeleton comes first.
    await page.getByTestId('sandbox-loading').waitFor();
    await page.getByTestId('sandbox-page').waitFor();
    await expect(page.getByTestId('chat-greeting').textContent()).resolves.toBe(
      "Hi there! I'm Clara. How can I assist you today?",
    );
    const knowledge = page.getByTestId('sandbox-knowledge');
    await knowledge.getByText('menu-and-hours.txt').waitFor();
    await expect(knowledge.getByTestId('sandbox-source').first().textContent()).resolves.toContain(
      'Opening hours: Tuesday to Saturday',
    );
    await expect(page.getByTestId('sandbox-stat-messages').textContent()).resolves.toBe('0');
    await expect(page.getByTestId('sandbox-stat-tools').textContent()).resolves.toBe('0');

    await page.getByTestId('chat-input').fill('What are your opening hours?');
    await page.getByTestId('chat-input').press('Enter');
    const reply = page.getByTestId('chat-message-assistant').last();
    await reply.getByTestId('chat-citation').first().waitFor({ timeout: 30_000 });
    await expect(reply.getByTestId('chat-citation').first().textContent()).resolves.toBe('menu-and-hours.txt');
    expect(((await reply.locator('.cv-text').textContent()) ?? '').trim()).not.toBe('');
    await expect.poll(() => page.getByTestId('sandbox-stat-messages').textContent()).toBe('2');
    await shot(page, 'sandbox-desktop');
    await context.close();
  });

  it('records a voice message, transcribes it through owner-assist and sends it', async () => {
    const { context, page } = await signedIn('tone');
    const transcribe: Record<string, unknown>[] = [];
    // The local product has no transcription model: owner-assist's transcribe task is answered here.
    await page.route('**/functions/v1/owner-assist', async (route) => {
      if (route.request().method() === 'OPTIONS') return route.continue();
      transcribe.push(route.request().postDataJSON() as Record<string, unknown>);
      await new Promise((r) => setTimeout(r, 400));
      return route.fulfill({
        json: { result: { text: 'Do you have a vegetarian dish?' }, offline: false },
        headers: { 'access-control-allow-origin': '*' },
      });
    });
    await page.getByTestId('sandbox-page').waitFor();
    const mic = page.getByTestId('sandbox-mic');
    await mic.click();
    await page.locator('[data-testid="sandbox-mic"][data-phase="recording"]').waitFor();
    await page.getByTestId('sandbox-wave').waitFor();
    await expect(mic.getAttribute('class')).resolves.toContain('intent-danger');
    await shot(page, 'sandbox-recording');
    await page.waitForTimeout(600);
    await mic.click();
    await page.locator('[data-testid="sandbox-mic"][data-phase="transcribing"]').waitFor();
    await expect(page.getByTestId('chat-input').isDisabled()).resolves.toBe(true);
    await page.getByTestId('chat-message-user').getByText('Do you have a vegetarian dish?').waitFor();
    expect(transcribe[0]).toMatchObject({ task: 'transcribe', language: 'en' });
    expect(String(transcribe[0]?.audio)).toMatch(/^data:audio\/(webm|ogg|mp4)[^,]*;base64,.{100,}/);
    await page.getByTestId('chat-message-assistant').last().getByTestId('chat-citation').first().waitFor({
      timeout: 30_000,
    });
    await context.close();
  });

  it('shows recording errors under the input', async () => {
    for (const [mode, text] of [
      ['denied', 'Failed to start recording'],
      ['no-format', 'No supported audio format found'],
    ] as const) {
      const { context, page } = await signedIn(mode);
      await page.getByTestId('sandbox-mic').click();
      await expect(page.getByTestId('sandbox-recording-error').textContent()).resolves.toBe(text);
      await context.close();
    }
  });

  it('opens the call overlay from the Voice Call card and closes it', async () => {
    const { context, page } = await signedIn();
    await page.getByTestId('sandbox-call').click();
    const overlay = page.getByTestId('call-overlay');
    await expect(overlay.getByTestId('call-title').textContent()).resolves.toBe('Start Call');
    await shot(page, 'sandbox-call-overlay');
    await overlay.getByTestId('call-close').click();
    await overlay.waitFor({ state: 'detached' });
    await context.close();
  });

  it('says the agent is not found, with a link back to the list', async () => {
    const { context, page } = await signedIn();
    await new ConsolePage(page, product.consoleUrl).goto('/agents/a0000000-0000-4000-8000-00000000dead/test');
    const missing = page.getByTestId('sandbox-not-found');
    await missing.getByRole('heading', { name: 'Agent not found' }).waitFor();
    await shot(page, 'sandbox-not-found');
    await missing.getByRole('button', { name: 'Back to agents' }).click();
    await page.waitForURL((url) => url.pathname === '/agents');
    await context.close();
  });
});
