import { createClient } from '@supabase/supabase-js';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  parseAppFrame,
  parseTwilioFrame,
  type TwilioToAppFrame,
} from '../../supabase/functions/_shared/contracts/conversation-relay.ts';
import type { Database } from '../../supabase/types/database.ts';
import { ConsolePage } from './pages/ConsolePage.ts';
import { SandboxPage } from './pages/SandboxPage.ts';
import { DESKTOP, launchBrowser, newPage } from './support/browser.ts';

/**
 * "Call as a phone caller" (issue 16 §5): the owner's browser plays Twilio's side of
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
  const service = createClient<Database>(product.apiUrl, product.serviceRoleKey, {
    auth: { persistSession: false, autoRefreshToken: false },
  });

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
    // No speech recognition in headless Chromium: the typed fallback says so.
    await expect(sandbox.phoneListening().getAttribute('data-listening')).resolves.toBe('unsupported');
    const welcome = await sandbox.phoneAgentLine(0);
    expect(welcome).not.toBe('');

    const setup = relay.sent.find((f) => f.type === 'setup');
    expect(setup).toMatchObject({
      type: 'setup',
      from: 'sandbox',
      customParameters: { callToken: expect.any(String) },
    });
    const callSid = setup?.type === 'setup' ? setup.callSid : '';

    await sandbox.sayOnPhone(QUESTION);
    await expect.poll(() => sandbox.phoneCallerLines().last().textContent()).toContain(QUESTION);
    const answer = await sandbox.phoneAgentLine(1);
    expect(answer).toMatch(/Tuesday to Saturday/i);
    expect(relay.sent).toContainEqual({ type: 'prompt', voicePrompt: QUESTION, lang: 'en-US', last: true });
    // Streamed as a talk cycle: text tokens, closed by last: true, and they add up to what is shown.
    const texts = relay.received.filter((f): f is { type: 'text'; token: string; last: boolean } => {
      return typeof f === 'object' && f !== null && (f as { type?: unknown }).type === 'text';
    });
    expect(texts.some((f) => !f.last && f.token !== '')).toBe(true);
    expect(texts.at(-1)?.last).toBe(true);
    expect(
      texts
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
    const { data: messages } = await service
      .from('messages')
      .select('role, content')
      .eq('conversation_id', call?.conversation_id ?? '')
      .order('created_at', { ascending: true });
    const transcript = (messages ?? []).map((m) => `${m.role}:${m.content.trim()}`);
    expect(transcript).toContain(`user:${QUESTION}`);
    expect(transcript).toContain(`assistant:${answer}`);
    expect(transcript[0]).toBe(`assistant:${welcome}`);
    await context.close();
  });
});
