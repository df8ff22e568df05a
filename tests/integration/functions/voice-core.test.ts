import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  VoiceControlConnection,
  VoiceControlEvent,
} from '../../../supabase/functions/_shared/conversation/channels/browser-voice.ts';
import { SPOKEN_STYLE } from '../../../supabase/functions/_shared/conversation/prompt.ts';
import { makeHandler } from '../../../supabase/functions/voice-session/handler.ts';
import { startFakeOpenAI, type FakeOpenAI } from '../../fakes/openai/server.ts';
import { startTestStack, type TestStack } from '../support/stack.ts';

/**
 * Browser voice through the conversation core, against the product's database: the server's own
 * control connection to the call (here an in-memory sideband the test plays the model on) runs the
 * tools, writes the transcript and settles the call at its real end. What the page says about the
 * call (its transcript, its duration, whether it ends it at all) changes nothing.
 */
const DEMO_OWNER = 'd0000000-0000-4000-8000-000000000001';
const OFFER = 'v=0\r\no=- 4611731400430051336 2 IN IP4 127.0.0.1\r\ns=-\r\nt=0 0\r\n';
const TITLE = 'Voice core booking';

/** A weekday two to three weeks ahead (default opening hours: Monday to Friday 09:00-18:00). */
function futureWeekday(): string {
  const day = new Date(Date.now() + 16 * 86_400_000);
  while (day.getUTCDay() === 0 || day.getUTCDay() === 6) day.setUTCDate(day.getUTCDate() + 1);
  return day.toISOString().slice(0, 10);
}

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
  fake = await startFakeOpenAI({ apiKey: 'sk-test-voice-core' });
  stack = await startTestStack({ functionEnv: { OPENAI_API_KEY: fake.apiKey, OPENAI_BASE_URL: fake.baseURL } });
});

afterAll(async () => {
  await stack?.stop();
  await fake?.close();
});

/** voice-session as deployed, with its control connection on the scripted sideband. */
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
      connectSideband: async ({ callId, apiKey }) => {
        expect(apiKey).toBe(fake.apiKey);
        connected.push(callId);
        return sideband.connection;
      },
      host: (control) => void controls.push(control),
      control: { leaseRenewMs: 100 },
    },
  );
  // The path the runtime hands a function (hosted and local): `/<name>`, without `/functions/v1`.
  const post = (body: unknown) =>
    handler(
      new Request(`${stack.url}/voice-session`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${stack.anonKey}` },
        body: JSON.stringify(body),
      }),
    );
  return { ...sideband, controls, connected, post };
}

describe('browser voice through the conversation core', () => {
  it('a page that never ends the call, then lies about it, changes nothing: the server records and bills once', async () => {
    const service = stack.serviceClient();
    const credits = async () =>
      ((await service.from('profiles').select('credits').eq('id', DEMO_OWNER).single()).data as { credits: number })
        .credits;
    const before = await credits();
    const voice = voiceSession();
    const started = await voice.post({ subdomain: 'demo', sdp: OFFER });
    expect(started.status).toBe(200);
    const { callId, callToken } = (await started.json()) as { callId: string; callToken: string };
    await expect.poll(() => voice.connected).toEqual([fake.realtimeCalls.at(-1)?.id]);

    // The session the server sent: spoken style, the agent's tools and the knowledge tool.
    await expect.poll(() => voice.sent.length).toBeGreaterThanOrEqual(2);
    const session = voice.sent[0]!.session as { instructions: string; tools: { name: string }[] };
    expect(session.instructions).toContain(SPOKEN_STYLE);
    expect(session.tools.map((t) => t.name)).toEqual(expect.arrayContaining(['manage_calendar', 'search_knowledge']));
    expect(voice.sent[1]).toMatchObject({ type: 'response.create', instructions: expect.stringContaining('recorded') });

    const date = futureWeekday();
    voice.push({ type: 'user_transcript', itemId: 'u1', text: `A table for two on ${date} at noon, please.` });
    const call = (id: string, args: Record<string, unknown>): VoiceControlEvent => ({
      type: 'function_call',
      callId: id,
      name: 'manage_calendar',
      arguments: JSON.stringify(args),
      itemId: `i_${id}`,
      responseId: `r_${id}`,
    });
    voice.push(call('c1', { action: 'check_availability', date }));
    voice.push(call('c2', { action: 'create_appointment', date, time: '12:00', title: TITLE }));
    voice.push({ type: 'assistant_transcript', itemId: 'a1', responseId: 'r3', text: `Booked for ${date} at noon.` });
    await expect.poll(() => voice.sent.filter((e) => e.type === 'function_call_output').length).toBe(2);
    const [checked, booked] = voice.sent.filter((e) => e.type === 'function_call_output');
    expect(JSON.parse(String(checked?.output))).toMatchObject({ date });
    expect(JSON.parse(String(booked?.output))).toMatchObject({ booked: true });

    // The call lasted 2 min 5 s as the database sees it; the page never calls `end`.
    await service
      .from('calls')
      .update({ timestamp: new Date(Date.now() - 125_000).toISOString() })
      .eq('id', callId);
    voice.push({ type: 'closed', code: 1000, reason: 'hung up' });
    await Promise.all(voice.controls);

    const settled = (
      await service.from('calls').select('status, duration, credits_charged, conversation_id').eq('id', callId).single()
    ).data as { status: string; duration: number; credits_charged: number; conversation_id: string };
    expect(settled).toMatchObject({ status: 'completed', credits_charged: 3 });
    expect(settled.duration).toBeGreaterThanOrEqual(125);
    expect(await credits()).toBe(before - 3);
    expect(fake.hangups).toContain(voice.connected[0]);

    // The page now lies: its transcript and a late `end` change neither the record nor the bill.
    const late = await voice.post({
      action: 'end',
      callId,
      callToken,
      transcript: [{ role: 'assistant', text: 'This call was free.' }],
    });
    await expect(late.json()).resolves.toEqual({ durationSeconds: settled.duration, creditsCharged: 3 });
    expect((await voice.post({ action: 'end', callId, callToken, durationSeconds: 5 })).status).toBe(400);
    expect((await voice.post({ action: 'heartbeat', callId, callToken })).status).toBe(404);
    expect(await credits()).toBe(before - 3);
    const usage = (await service.from('credit_ledger').select('amount').eq('call_id', callId)).data;
    expect(usage).toEqual([{ amount: -3 }]);

    const lines = (
      await service
        .from('messages')
        .select('role, content, verified, tool_calls, metadata')
        .eq('conversation_id', settled.conversation_id)
        .order('timestamp')
    ).data as {
      role: string;
      content: string;
      verified: boolean;
      tool_calls: unknown;
      metadata: { channel: string };
    }[];
    expect(lines.map((l) => [l.role, l.content, l.verified, l.metadata.channel])).toEqual([
      ['user', `A table for two on ${date} at noon, please.`, true, 'voice'],
      ['assistant', `Booked for ${date} at noon.`, true, 'voice'],
    ]);
    expect(lines[1]?.tool_calls).toEqual([
      { name: 'Calendar', function: 'manage_calendar', status: 'succeeded', step: 1 },
      { name: 'Calendar', function: 'manage_calendar', status: 'succeeded', step: 2 },
    ]);
    const appointments = (await service.from('appointments').select('conversation_id, starts_on').eq('title', TITLE))
      .data;
    expect(appointments).toEqual([{ conversation_id: settled.conversation_id, starts_on: date }]);
    await service.from('appointments').delete().eq('title', TITLE);
  });

  it('the page ending early settles the call once; the control connection then stops without a second charge', async () => {
    const service = stack.serviceClient();
    const voice = voiceSession();
    const started = await voice.post({ subdomain: 'demo', sdp: OFFER });
    const { callId, callToken } = (await started.json()) as { callId: string; callToken: string };
    await expect.poll(() => voice.sent.length).toBeGreaterThanOrEqual(2);
    voice.push({ type: 'user_transcript', itemId: 'u1', text: 'When do you open for dinner?' });
    voice.push({
      type: 'function_call',
      callId: 'k1',
      name: 'search_knowledge',
      arguments: JSON.stringify({ query: 'dinner opening hours' }),
      itemId: 'i1',
      responseId: 'r1',
    });
    voice.push({ type: 'assistant_transcript', itemId: 'a1', responseId: 'r2', text: 'Dinner is from 19:00.' });
    await expect.poll(() => voice.sent.some((e) => e.type === 'function_call_output')).toBe(true);
    const knowledge = voice.sent.find((e) => e.type === 'function_call_output');
    expect(String(knowledge?.output)).toContain('19:00-22:30');
    // The caller was heard: the controller reports it at once, and a heard call is billed.
    await expect
      .poll(async () => (await service.from('calls').select('caller_audio_at').eq('id', callId).single()).data, {
        timeout: 10_000,
      })
      .toEqual({ caller_audio_at: expect.any(String) });
    await service
      .from('calls')
      .update({ timestamp: new Date(Date.now() - 30_000).toISOString() })
      .eq('id', callId);
    const ended = await voice.post({ action: 'end', callId, callToken });
    const outcome = (await ended.json()) as { creditsCharged: number };
    expect(outcome.creditsCharged).toBe(1);
    // The provider hang-up closes the sideband; the controller's own settle finds the call settled.
    voice.push({ type: 'closed', code: 1000, reason: 'hung up' });
    await Promise.all(voice.controls);
    const usage = (await service.from('credit_ledger').select('amount').eq('call_id', callId)).data;
    expect(usage).toEqual([{ amount: -1 }]);
    const { data: call } = await service.from('calls').select('conversation_id').eq('id', callId).single();
    const { data: lines } = await service
      .from('messages')
      .select('role, citations')
      .eq('conversation_id', (call as { conversation_id: string }).conversation_id)
      .order('timestamp');
    expect(lines?.map((l) => l.role)).toEqual(['user', 'assistant']);
    expect((lines?.[1]?.citations as { name: string }[])[0]?.name).toBe('menu-and-hours.txt');
  });
});
