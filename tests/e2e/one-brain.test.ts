import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import type { Browser, BrowserContext, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import WebSocket from 'ws';
import { makeHandler as makeChatHandler } from '../../supabase/functions/agent-chat/handler.ts';
import { makeHandler as makeVoiceHandler } from '../../supabase/functions/voice-session/handler.ts';
import { messageText, wireMessages, type ChatRequestBody, type FakeChatReply } from '../fakes/openai/protocol.ts';
import { startFakeOpenAI, type FakeOpenAI } from '../fakes/openai/server.ts';
import { AgentSitePage } from './pages/AgentSitePage.ts';
import { ConsolePage } from './pages/ConsolePage.ts';
import { SandboxPage } from './pages/SandboxPage.ts';
import { DESKTOP, launchBrowser, newPage } from './support/browser.ts';
import { stubWebRtc } from './support/browser-voice.ts';

/**
 * One brain for every channel: the same scripted model answers web chat,
 * the owner's sandbox and a browser voice call (fake realtime call + sideband, stubbed WebRTC).
 * On each channel the same question is answered from the same knowledge passage, and one request
 * books an appointment after an availability check in one turn (two tool rounds). The transcript
 * the server stored has the same shape on every channel. The product runs without an OpenAI key,
 * so the pages' agent-chat and voice-session requests go to the real handlers configured as a
 * deployment with a key (the fake) would be.
 */
const product = inject('product');
const DEMO_AGENT_ID = 'a0000000-0000-4000-8000-000000000001';
const DEMO_OWNER_ID = 'd0000000-0000-4000-8000-000000000001';
const TITLE = 'One brain booking';
const QUESTION = 'What are your opening hours?';
const PASSAGE = 'lunch 12:00-14:30 and dinner 19:00-22:30';

function futureWeekday(): string {
  const day = new Date(Date.now() + 17 * 86_400_000);
  while (day.getUTCDay() === 0 || day.getUTCDay() === 6) day.setUTCDate(day.getUTCDate() + 1);
  return day.toISOString().slice(0, 10);
}
const DATE = futureWeekday();
const booking = (time: string) => `A table for two on ${DATE} at ${time}, please.`;

/**
 * The scripted model, the same for chat completions and realtime responses: knowledge questions
 * are answered from the passage it was given (in the prompt on text channels, from search_knowledge
 * on voice); a booking is an availability check, then the booking, then a confirmation.
 */
function brain(body: ChatRequestBody): FakeChatReply {
  const all = wireMessages(body);
  const spoken = all.filter((m) => m.role !== 'system' && m.role !== 'developer');
  const lastUserIndex = spoken.map((m) => m.role).lastIndexOf('user');
  const question = lastUserIndex >= 0 ? messageText(spoken[lastUserIndex]!) : '';
  const toolOutputs = spoken
    .slice(lastUserIndex + 1)
    .filter((m) => m.role === 'tool')
    .map(messageText);
  const offered = (Array.isArray(body.tools) ? (body.tools as { function?: { name?: string } }[]) : []).map(
    (tool) => tool.function?.name,
  );
  if (question.includes('opening hours')) {
    const context = [...all.filter((m) => m.role === 'system').map(messageText), ...toolOutputs].join('\n');
    if (context.includes(PASSAGE)) return { text: `We serve ${PASSAGE}.` };
    if (offered.includes('search_knowledge'))
      return { toolCalls: [{ name: 'search_knowledge', arguments: { query: 'opening hours' } }] };
    return { text: 'I do not have that information.' };
  }
  const wanted = /table for two on (\d{4}-\d{2}-\d{2}) at (\d{2}:\d{2})/.exec(question);
  if (wanted) {
    const [, date, time] = wanted;
    if (toolOutputs.length === 0)
      return { toolCalls: [{ name: 'manage_calendar', arguments: { action: 'check_availability', date } }] };
    if (toolOutputs.length === 1)
      return {
        toolCalls: [{ name: 'manage_calendar', arguments: { action: 'create_appointment', date, time, title: TITLE } }],
      };
    return { text: `Your table is booked on ${date} at ${time}.` };
  }
  return { text: 'Hello, Le Petit Bistrot, this call is likely recorded. How can I help?' };
}

interface StoredMessage {
  role: string;
  content: string;
  verified: boolean;
  citations: { name: string }[] | null;
  tool_calls: { function: string; status: string; step: number }[] | null;
  metadata: { channel?: string };
}

/** What every channel must store alike: who spoke, verified, the tool rounds, the channel named. */
const shape = (rows: StoredMessage[]) =>
  rows.map((row) => ({
    role: row.role,
    verified: row.verified,
    tools: (row.tool_calls ?? []).map((t) => `${t.function}:${t.status}:${t.step}`),
    channelNamed: typeof row.metadata.channel === 'string',
  }));

const EXPECTED_SHAPE = [
  { role: 'user', verified: true, tools: [], channelNamed: true },
  { role: 'assistant', verified: true, tools: [], channelNamed: true },
  { role: 'user', verified: true, tools: [], channelNamed: true },
  {
    role: 'assistant',
    verified: true,
    tools: ['manage_calendar:succeeded:1', 'manage_calendar:succeeded:2'],
    channelNamed: true,
  },
];

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

  /** The conversation a message was stored in, and every message of it, oldest first. */
  async function storedConversation(content: string): Promise<{ channel: string; messages: StoredMessage[] }> {
    let conversationId = '';
    await expect
      .poll(
        async () => {
          const { data } = await service.from('messages').select('conversation_id').eq('content', content).limit(1);
          conversationId = (data?.[0] as { conversation_id?: string } | undefined)?.conversation_id ?? '';
          return conversationId;
        },
        { timeout: 15_000 },
      )
      .not.toBe('');
    const read = async () =>
      (
        await service
          .from('messages')
          .select('role, content, verified, citations, tool_calls, metadata')
          .eq('conversation_id', conversationId)
          .order('timestamp')
      ).data as StoredMessage[];
    // The booking's answer is the conversation's last line; wait for it to be written.
    await expect.poll(async () => (await read()).at(-1)?.content ?? '', { timeout: 15_000 }).toMatch(/booked/);
    const { data } = await service.from('conversations').select('channel').eq('id', conversationId).single();
    return { channel: (data as { channel: string }).channel, messages: await read() };
  }

  function expectSameBrain(stored: { messages: StoredMessage[] }, time: string): void {
    // A call starts with the agent's greeting; the conversation proper is the same everywhere.
    const rows = stored.messages.slice(-4);
    expect(shape(rows)).toEqual(EXPECTED_SHAPE);
    expect(rows[0]?.content).toBe(QUESTION);
    expect(rows[1]?.content).toBe(`We serve ${PASSAGE}.`);
    expect((rows[1]?.citations ?? []).map((c) => c.name)).toContain('menu-and-hours.txt');
    expect(rows[2]?.content).toBe(booking(time));
    expect(rows[3]?.content).toBe(`Your table is booked on ${DATE} at ${time}.`);
  }

  async function expectBooked(time: string, channel: string): Promise<void> {
    const { data } = await service
      .from('appointments')
      .select('starts_on, starts_at_time, conversation_id, conversations(channel)')
      .eq('title', TITLE)
      .eq('starts_at_time', `${time}:00`);
    expect(data).toHaveLength(1);
    expect(data?.[0]).toMatchObject({ starts_on: DATE, conversations: { channel } });
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
    const stored = await storedConversation(booking('12:00'));
    expect(stored.channel).toBe('web_chat');
    expectSameBrain(stored, '12:00');
    await expectBooked('12:00', 'web_chat');
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
    const stored = await storedConversation(booking('14:00'));
    expect(stored.channel).toBe('sandbox');
    expectSameBrain(stored, '14:00');
    await expectBooked('14:00', 'sandbox');
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
    const stored = await storedConversation(booking('16:00'));
    await page.close();
    fake.endCall(call.id);
    expect(stored.channel).toBe('web_voice');
    expectSameBrain(stored, '16:00');
    expect(stored.messages[0]).toMatchObject({ role: 'assistant', content: expect.stringContaining('recorded') });
    await expectBooked('16:00', 'web_voice');
    await expect
      .poll(
        async () =>
          (await service.from('voice_calls').select('status').eq('provider_call_id', call.id).single()).data?.status,
        { timeout: 15_000 },
      )
      .toBe('completed');
    await context.close();
  });
});
