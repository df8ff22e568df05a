import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  VoiceControlConnection,
  VoiceControlEvent,
} from '../../../supabase/functions/_shared/conversation/channels/browser-voice.ts';
import { makeHandler } from '../../../supabase/functions/voice-session/handler.ts';
import { startFakeOpenAI, type FakeOpenAI } from '../../fakes/openai/server.ts';
import { startTestStack, type TestStack } from '../support/stack.ts';

/**
 * A browser voice call is kept alive and billed for a person being there (second outside review),
 * against the product's database: the server's own control connection to the call (an in-memory
 * sideband the test plays the model on) does not renew the lease by being open; a call whose
 * caller's audio never arrived costs nothing, with its reason; a silent call ends at the agent's
 * idle cut-off after a goodbye; and a call ends at the agent's longest call.
 */
const OFFER = 'v=0\r\no=- 4611731400430051336 2 IN IP4 127.0.0.1\r\ns=-\r\nt=0 0\r\n';

/** A sideband the test drives: `push` plays the model's events, `sent` is what the server said. */
function scriptedSideband() {
  const queue: VoiceControlEvent[] = [];
  let wake: (() => void) | null = null;
  const sent: { type: string; [key: string]: unknown }[] = [];
  const push = (event: VoiceControlEvent) => {
    queue.push(event);
    wake?.();
  };
  const connection: VoiceControlConnection = {
    updateSession: (session) => void sent.push({ type: 'session.update', session }),
    sendFunctionOutput: (callId, output) => void sent.push({ type: 'function_call_output', callId, output }),
    createResponse: (options) => void sent.push({ type: 'response.create', ...options }),
    async *events() {
      for (;;) {
        while (queue.length === 0) await new Promise<void>((resolve) => (wake = resolve));
        const event = queue.shift()!;
        yield event;
        if (event.type === 'closed') return;
      }
    },
    close: () => push({ type: 'closed', code: 1000, reason: 'closed by server' }),
  };
  return { connection, sent, push };
}

let stack: TestStack;
let fake: FakeOpenAI;

beforeAll(async () => {
  fake = await startFakeOpenAI({ apiKey: 'sk-test-voice-presence' });
  stack = await startTestStack({ functionEnv: { OPENAI_API_KEY: fake.apiKey, OPENAI_BASE_URL: fake.baseURL } });
}, 120_000);

afterAll(async () => {
  await stack?.stop();
  await fake?.close();
});

/** voice-session as deployed, its control connection on the scripted sideband, renewing every 100 ms. */
function voiceSession() {
  const sideband = scriptedSideband();
  const controls: Promise<void>[] = [];
  const connected: string[] = [];
  const env: Record<string, string> = {
    SUPABASE_URL: stack.url,
    SUPABASE_ANON_KEY: stack.anonKey,
    SUPABASE_SERVICE_ROLE_KEY: stack.serviceRoleKey,
    OPENAI_API_KEY: fake.apiKey,
    OPENAI_BASE_URL: fake.baseURL,
  };
  const handler = makeHandler(
    { get: (name) => env[name] },
    {
      connectSideband: async ({ callId }) => {
        connected.push(callId);
        return sideband.connection;
      },
      host: (control) => void controls.push(control),
      control: { leaseRenewMs: 100 },
    },
  );
  const post = (body: unknown) =>
    handler(
      new Request(`${stack.url}/voice-session`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${stack.anonKey}` },
        body: JSON.stringify(body),
      }),
    );
  const start = async () => {
    const started = await post({ subdomain: 'demo', sdp: OFFER });
    expect(started.status).toBe(200);
    const held = (await started.json()) as { callId: string; callToken: string };
    await expect.poll(() => connected.length).toBe(1);
    // The session and the greeting went out: the control is running.
    await expect.poll(() => sideband.sent.length).toBeGreaterThanOrEqual(2);
    return held;
  };
  return { ...sideband, controls, connected, post, start };
}

interface CallRow {
  status: string;
  duration: number;
  credits_charged: number;
  uncharged_reason: string | null;
  last_seen_at: string;
  timestamp: string;
}

async function callRow(callId: string): Promise<CallRow> {
  const { data, error } = await stack.serviceClient().from('calls').select('*').eq('id', callId).single();
  expect(error).toBeNull();
  return data as CallRow;
}

/** Moves the call's start and its last sign of a person into the past (seconds before now). */
async function age(callId: string, startedSecondsAgo: number, lastSeenSecondsAgo?: number) {
  const at = (seconds: number) => new Date(Date.now() - seconds * 1000).toISOString();
  const { error } = await stack
    .serviceClient()
    .from('calls')
    .update({
      timestamp: at(startedSecondsAgo),
      ...(lastSeenSecondsAgo === undefined ? {} : { last_seen_at: at(lastSeenSecondsAgo) }),
    })
    .eq('id', callId);
  expect(error).toBeNull();
}

async function setDemoAgent(fields: { voice_idle_seconds?: number; voice_max_call_seconds?: number }) {
  const { error } = await stack.serviceClient().from('agents').update(fields).eq('subdomain', 'demo');
  expect(error).toBeNull();
}

const goodbyes = (sent: { type: string; [key: string]: unknown }[]) =>
  sent.filter((e) => e.type === 'response.create' && /goodbye/i.test(String(e.instructions ?? '')));

describe('a browser call no person is on (anonymous visitor, the demo owner pays)', () => {
  it("costs nothing when the caller's audio never reached it, and says why", async () => {
    const voice = voiceSession();
    const { callId, callToken } = await voice.start();
    // The reviewer's storm call: opened, held for a while, never a word from the caller.
    await age(callId, 150);
    const ended = await voice.post({ action: 'end', callId, callToken });
    await expect(ended.json()).resolves.toMatchObject({ creditsCharged: 0 });
    const row = await callRow(callId);
    expect(row).toMatchObject({ status: 'completed', credits_charged: 0, uncharged_reason: 'no_caller_audio' });
    expect(row.duration).toBeGreaterThanOrEqual(150);
    const usage = (await stack.serviceClient().from('credit_ledger').select('amount').eq('call_id', callId)).data;
    expect(usage).toEqual([]);
    await Promise.all(voice.controls);
  });

  it("whose page never heartbeats is not kept alive by the server's own connection, and is charged only while a person was there", async () => {
    const voice = voiceSession();
    const { callId } = await voice.start();
    voice.push({ type: 'caller_audio' });
    voice.push({ type: 'user_transcript', itemId: 'u1', text: 'Hello?' });
    // The caller's audio renews the lease once; then the connection alone renews nothing.
    await expect
      .poll(async () => (await callRow(callId)).uncharged_reason ?? 'heard', { timeout: 5_000 })
      .toBe('heard');
    await new Promise((resolve) => setTimeout(resolve, 300));
    const seen = (await callRow(callId)).last_seen_at;
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect((await callRow(callId)).last_seen_at).toBe(seen);

    // Ten minutes in, the last sign of a person nine minutes ago: the lease is over.
    await age(callId, 600, 540);
    await Promise.all(voice.controls);
    const row = await callRow(callId);
    expect(row.status).toBe('completed');
    expect(row.duration).toBeGreaterThanOrEqual(59);
    expect(row.duration).toBeLessThanOrEqual(61);
    expect(row.credits_charged).toBe(1);
    expect(fake.hangups).toContain(fake.realtimeCalls.at(-1)?.id);
  });
});

describe("the agent's bounds on a call (the owner's settings)", () => {
  it('a silent call ends at the idle cut-off, after the agent says goodbye', async () => {
    await setDemoAgent({ voice_idle_seconds: 15 });
    const voice = voiceSession();
    const { callId } = await voice.start();
    voice.push({ type: 'assistant_transcript', itemId: 'a0', responseId: 'r0', text: 'Hello, how can I help?' });
    voice.push({ type: 'caller_audio' });
    voice.push({ type: 'user_transcript', itemId: 'u1', text: 'Hmm, one moment.' });
    // Then nothing from the caller: the agent says goodbye after the cut-off.
    await expect.poll(() => goodbyes(voice.sent).length, { timeout: 30_000, interval: 500 }).toBe(1);
    expect((await callRow(callId)).status).toBe('recording');
    voice.push({ type: 'assistant_transcript', itemId: 'a1', responseId: 'r1', text: 'I will hang up now. Goodbye!' });
    await Promise.all(voice.controls);
    expect((await callRow(callId)).status).toBe('completed');
    expect(fake.hangups).toContain(fake.realtimeCalls.at(-1)?.id);
    await setDemoAgent({ voice_idle_seconds: 60 });
  }, 60_000);

  it("a call says goodbye before the agent's longest call and ends there", async () => {
    await setDemoAgent({ voice_max_call_seconds: 300 });
    const voice = voiceSession();
    const { callId } = await voice.start();
    voice.push({ type: 'caller_audio' });
    voice.push({ type: 'user_transcript', itemId: 'u1', text: 'Tell me everything about the menu.' });
    // Four minutes fifty in, with credits left: the call cannot grow past the agent's 5 minutes.
    await age(callId, 290);
    await expect.poll(() => goodbyes(voice.sent).length, { timeout: 5_000 }).toBe(1);
    await age(callId, 305);
    await Promise.all(voice.controls);
    const row = await callRow(callId);
    expect(row).toMatchObject({ status: 'completed', duration: 300, credits_charged: 5 });
    await setDemoAgent({ voice_max_call_seconds: 3600 });
  });
});
