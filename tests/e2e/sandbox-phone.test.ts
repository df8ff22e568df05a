import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  parseAppFrame,
  parseTwilioFrame,
  type TwilioToAppFrame,
} from '../../supabase/functions/_shared/contracts/conversation-relay.ts';
import { ConsolePage } from './pages/ConsolePage.ts';
import { SandboxPage } from './pages/SandboxPage.ts';
import { DESKTOP, launchBrowser, newPage } from './support/browser.ts';
import { productClient } from './support/clients.ts';

/**
 * "Call as a phone caller": the owner's browser plays Twilio's side of
 * ConversationRelay against the product's own relay, through the same phone path a caller takes
 * (sandbox call opened by twilio-voice, relay session over the conversation core). The product
 * runs with no OpenAI key, so the offline provider answers from the knowledge base, and headless
 * Chromium has no speech recognition, so the owner types what the caller says.
 */
const product = inject('product');
const { demo } = product;
const DEMO_AGENT_ID = 'a0000000-0000-4000-8000-000000000001';
const QUESTION = 'What are your opening hours?';

/** The frames of the page's relay socket, both ways, parsed with the protocol's own schemas. */
function recordRelayFrames(page: Page) {
  const sent: TwilioToAppFrame[] = [];
  const received: unknown[] = [];
  const urls: string[] = [];
  page.on('websocket', (socket) => {
    if (!socket.url().includes('/phone-relay/')) return;
    urls.push(socket.url());
    socket.on('framesent', (frame) => {
      const parsed = parseTwilioFrame(frame.payload);
      if (parsed) sent.push(parsed);
    });
    socket.on('framereceived', (frame) => received.push(parseAppFrame(frame.payload)));
  });
  return { sent, received, urls };
}

describe('Test Agent sandbox: Call as a phone caller', () => {
  let browser: Browser;
  const service = productClient(product, product.serviceRoleKey);

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('calls the agent through the phone path, hears the knowledge answer streamed, hangs up; the call and its transcript are stored', async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    const relay = recordRelayFrames(page);
    const shell = new ConsolePage(page, product.consoleUrl);
    await shell.signIn(demo.DEMO_OWNER_EMAIL, demo.DEMO_OWNER_PASSWORD);
    const sandbox = new SandboxPage(page, product.consoleUrl);
    await sandbox.open(DEMO_AGENT_ID);

    await sandbox.callAsPhoneCaller();
    expect(relay.urls).toHaveLength(1);
    expect(relay.urls[0]).toMatch(/\/phone-relay\/sandbox\/conversation-relay$/);
    await expect(sandbox.phoneMode().textContent()).resolves.toBe('Any model — Twilio speech');
    // Headless Chromium cannot recognise speech (no recognition, or one that fails at once): the
    // typed fallback says so.
    await expect.poll(() => sandbox.phoneListening().getAttribute('data-listening')).toMatch(/^(unsupported|failed)$/);
    // The welcome line first, as Twilio speaks the TwiML's welcomeGreeting.
    await expect(sandbox.phoneAgentLine(0)).resolves.not.toBe('');

    const setup = relay.sent.find((f) => f.type === 'setup');
    expect(setup).toMatchObject({
      type: 'setup',
      from: 'sandbox',
      customParameters: { callToken: expect.any(String) },
    });
    const callSid = setup?.type === 'setup' ? setup.callSid : '';

    await sandbox.sayOnPhone(QUESTION);
    await expect.poll(() => sandbox.phoneCallerLines().last().textContent()).toContain(QUESTION);
    const answer = await sandbox.phoneAnswer();
    const shown = (await sandbox.phoneAgentLines().allTextContents()).map((l) => l.replace(/^Agent/, '').trim());
    expect(answer).toMatch(/Tuesday to Saturday/i);
    expect(relay.sent).toContainEqual({ type: 'prompt', voicePrompt: QUESTION, lang: expect.any(String), last: true });
    // Streamed as a talk cycle: text tokens, closed by last: true, and they add up to what is shown.
    const texts = relay.received.filter((f): f is { type: 'text'; token: string; last: boolean } => {
      return typeof f === 'object' && f !== null && (f as { type?: unknown }).type === 'text';
    });
    const cycles: { token: string; last: boolean }[][] = [[]];
    for (const frame of texts) {
      cycles.at(-1)?.push(frame);
      if (frame.last) cycles.push([]);
    }
    const answerCycle = cycles.at(-2) ?? [];
    expect(answerCycle.filter((f) => !f.last && f.token !== '').length).toBeGreaterThan(0);
    expect(
      answerCycle
        .map((f) => f.token)
        .join('')
        .trim(),
    ).toBe(answer);

    const seconds = await sandbox.phoneTimer().textContent();
    expect(seconds).toMatch(/^\d\d:\d\d$/);
    await sandbox.endPhoneCall();
    await expect(sandbox.phoneEnded().getAttribute('data-reason')).resolves.toBe('hangup');
    await sandbox.closePhoneCall();

    // The server's record: a sandbox call on the demo agent, ended, and the conversation it opened
    // holding both sides (the welcome line, the question, the answer).
    await expect
      .poll(
        async () => {
          const { data } = await service.from('calls').select('*').eq('call_sid', callSid).maybeSingle();
          return data as Record<string, unknown> | null;
        },
        { timeout: 20_000 },
      )
      .toMatchObject({ source: 'sandbox', assigned_agent: DEMO_AGENT_ID, status: 'completed' });
    const { data: call } = await service.from('calls').select('conversation_id').eq('call_sid', callSid).single();
    expect(call?.conversation_id).toBeTruthy();
    const { data: messages, error } = await service
      .from('messages')
      .select('role, content')
      .eq('conversation_id', call?.conversation_id ?? '')
      .order('timestamp', { ascending: true });
    expect(error).toBeNull();
    const transcript = (messages ?? []).map((m) => `${m.role}:${m.content.trim()}`);
    expect(transcript).toContain(`user:${QUESTION}`);
    expect(transcript).toContain(`assistant:${answer}`);
    // The welcome line the page showed is the first thing stored.
    expect(transcript[0]).toMatch(/^assistant:/);
    expect(shown).toContain(transcript[0]?.slice('assistant:'.length));
    await context.close();
  });
});
