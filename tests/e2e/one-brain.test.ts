import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import type { Browser, BrowserContext, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import WebSocket from 'ws';
import { makeHandler as makeChatHandler } from '../../supabase/functions/agent-chat/handler.ts';
import { makeHandler as makeVoiceHandler } from '../../supabase/functions/voice-session/handler.ts';
import { startFakeOpenAI, type FakeOpenAI } from '../fakes/openai/server.ts';
import { AgentSitePage } from './pages/AgentSitePage.ts';
import { ConsolePage } from './pages/ConsolePage.ts';
import { SandboxPage } from './pages/SandboxPage.ts';
import { DESKTOP, launchBrowser, newPage } from './support/browser.ts';
import { stubWebRtc } from './support/browser-voice.ts';
import {
  booking,
  brain,
  DEMO_AGENT_ID,
  DEMO_OWNER_ID,
  expectBooked,
  expectSameBrain,
  PASSAGE,
  QUESTION,
  storedConversation,
  TITLE,
} from './support/one-brain.ts';

/**
 * One brain for every channel: the same scripted model answers web chat,
 * the owner's sandbox and a browser voice call (fake realtime call + sideband, stubbed WebRTC).
 * On each channel the same question is answered from the same knowledge passage, and one request
 * books an appointment after an availability check in one turn (two tool rounds). The transcript
 * the server stored has the same shape on every channel; one-brain-twilio.test.ts holds phone and
 * WhatsApp to the same checks (support/one-brain.ts). The product runs without an OpenAI key, so
 * the pages' agent-chat and voice-session requests go to the real handlers configured as a
 * deployment with a key (the fake) would be.
 */
const product = inject('product');

describe('one brain: web chat, owner sandbox and browser voice share the conversation core', () => {
  let browser: Browser;
  let fake: FakeOpenAI;
  let service: SupabaseClient;
  let chat: (request: Request) => Promise<Response>;
  let voice: (request: Request) => Promise<Response>;
  let initialCredits = 0;

  beforeAll(async () => {
    browser = await launchBrowser();
    fake = await startFakeOpenAI({ apiKey: 'sk-test-one-brain' });
    fake.setChatResponder(brain);
    const env: Record<string, string> = {
      SUPABASE_URL: product.apiUrl,
      SUPABASE_SERVICE_ROLE_KEY: product.serviceRoleKey,
      SUPABASE_ANON_KEY: product.anonKey,
      OPENAI_API_KEY: fake.apiKey,
      OPENAI_BASE_URL: fake.baseURL,
    };
    // supabase-js realtime and the sideband client need a WebSocket class on Node 20 (the local stack installs the same).
    globalThis.WebSocket ??= WebSocket as unknown as typeof globalThis.WebSocket;
    chat = makeChatHandler({ get: (name) => env[name] });
    voice = makeVoiceHandler({ get: (name) => env[name] });
    service = createClient(product.apiUrl, product.serviceRoleKey, {
      auth: { persistSession: false, autoRefreshToken: false },
      realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
    });
    const { data } = await service.from('profiles').select('credits').eq('id', DEMO_OWNER_ID).single();
    initialCredits = (data as { credits: number }).credits;
  });
  afterAll(async () => {
    await service?.from('appointments').delete().eq('title', TITLE);
    await service?.from('profiles').update({ credits: initialCredits }).eq('id', DEMO_OWNER_ID);
    await browser?.close();
    await fake?.close();
  });

  /** The page's function requests go to the handlers built above. */
  async function routeFunctions(context: BrowserContext): Promise<void> {
    const relay = (handler: (request: Request) => Promise<Response>) => async (route: Route) => {
      const request = route.request();
      const body = request.postData();
      // The runtime hands a function `/<name>`, without the gateway's `/functions/v1`.
      const response = await handler(
        new Request(request.url().replace('/functions/v1/', '/'), {
          method: request.method(),
          headers: request.headers(),
          ...(body && request.method() !== 'GET' && request.method() !== 'OPTIONS' ? { body } : {}),
        }),
      );
      await route.fulfill({
        status: response.status,
        headers: Object.fromEntries(response.headers),
        body: Buffer.from(await response.arrayBuffer()),
      });
    };
    await context.route('**/functions/v1/agent-chat', relay(chat));
    await context.route('**/functions/v1/voice-session**', relay(voice));
  }

  it('web chat on the public page', async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    await routeFunctions(context);
    const site = new AgentSitePage(page, product.publicSiteUrl);
    await site.openAgent('demo');
    await site.openChat();
    await site.sendChat(QUESTION);
    await expect.poll(() => site.assistantMessages.last().textContent(), { timeout: 15_000 }).toContain(PASSAGE);
    await site.sendChat(booking('12:00'));
    await expect.poll(() => site.assistantMessages.last().textContent(), { timeout: 15_000 }).toContain('booked');
    const stored = await storedConversation(service, booking('12:00'));
    expect(stored.channel).toBe('web_chat');
    expectSameBrain(stored, '12:00');
    await expectBooked(service, '12:00', 'web_chat');
    await context.close();
  });

  it("the owner's sandbox in the console", async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    await routeFunctions(context);
    await new ConsolePage(page, product.consoleUrl).signIn(
      product.demo.DEMO_OWNER_EMAIL,
      product.demo.DEMO_OWNER_PASSWORD,
    );
    const sandbox = new SandboxPage(page, product.consoleUrl);
    await sandbox.open(DEMO_AGENT_ID);
    await sandbox.ask(QUESTION);
    await expect.poll(() => sandbox.replyText(sandbox.lastReply()), { timeout: 15_000 }).toContain(PASSAGE);
    await sandbox.ask(booking('14:00'));
    await expect.poll(() => sandbox.replyText(sandbox.lastReply()), { timeout: 15_000 }).toContain('booked');
    const stored = await storedConversation(service, booking('14:00'));
    expect(stored.channel).toBe('sandbox');
    expectSameBrain(stored, '14:00');
    await expectBooked(service, '14:00', 'sandbox');
    await context.close();
  });

  it('a browser voice call: the page carries audio, the server runs the same brain on the sideband', async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    await routeFunctions(context);
    await stubWebRtc(page, { openAfterMs: 100 });
    const site = new AgentSitePage(page, product.publicSiteUrl);
    await site.openAgent('demo');
    const overlay = await site.openCallOverlay();
    await overlay.getByTestId('call-start').click();
    await page.locator('[data-testid="call-overlay"][data-status="in_progress"]').waitFor();
    const call = fake.realtimeCalls.at(-1)!;
    await fake.waitForSideband(call.id, { sessionUpdates: 1 });

    const answered = await fake.userSays(call.id, QUESTION);
    expect(answered.toolCalls.map((c) => c.name)).toEqual(['search_knowledge']);
    expect(answered.text).toBe(`We serve ${PASSAGE}.`);
    const booked = await fake.userSays(call.id, booking('16:00'));
    expect(booked.toolCalls.map((c) => JSON.parse(c.arguments).action)).toEqual([
      'check_availability',
      'create_appointment',
    ]);
    // The caller leaves; the page never calls `end`: the server sees the real end and settles.
    const stored = await storedConversation(service, booking('16:00'));
    await page.close();
    fake.endCall(call.id);
    expect(stored.channel).toBe('web_voice');
    expectSameBrain(stored, '16:00');
    expect(stored.messages[0]).toMatchObject({ role: 'assistant', content: expect.stringContaining('recorded') });
    await expectBooked(service, '16:00', 'web_voice');
    await expect
      .poll(
        async () =>
          (await service.from('calls').select('status').eq('provider_call_id', call.id).single()).data?.status,
        { timeout: 15_000 },
      )
      .toBe('completed');
    await context.close();
  });
});
