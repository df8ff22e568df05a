/**
 * The natural-voice session end to end on loopback, without the database: a fake Twilio caller
 * (real espeak-ng speech as μ-law frames) → the relay session → the fake OpenAI realtime model
 * (energy VAD, scripted transcripts, tone audio), with the core's realtime control running the
 * tools and writing the transcript into a fake store. The stack-backed flow (ledger, recording) is
 * in tests/integration.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startRelayTestHost, type RelayTestHost } from '../../../tests/support/relay-host.ts';
import { startFakeOpenAI, type FakeOpenAI, type ChatRequestBody } from '../../../tests/fakes/openai/server.ts';
import { callMediaStream, type MediaStreamCaller } from '../../../tests/fakes/twilio/media-streams.ts';
import type { LoadedAgent } from '../_shared/conversation/agents.ts';
import type { TranscriptLine } from '../_shared/conversation/transcript.ts';
import type { ToolInvocation } from '../_shared/conversation/turn.ts';
import type { PhoneCallLease, PhoneCallSession, PhoneCallStore } from '../_shared/phone/call-store.ts';
import { signPhoneCallToken } from '../_shared/phone/call-token.ts';
import { connectRealtimeSocket, realtimeUrl } from '../_shared/voice/sideband.ts';
import type { LiveCall } from './context.ts';
import { createMediaStreamSession, type MediaStreamDeps } from './media-stream.ts';
import type { RelaySessionHandler } from './socket.ts';

/** The session on its two paths, hosted on a bare loopback host (the relay's own is tested with it in tests/). */
const routesFor = (deps: MediaStreamDeps) =>
  new Map<string, RelaySessionHandler>([
    ['/phone-relay/media-stream', createMediaStreamSession(deps, 'twilio')],
    ['/phone-relay/sandbox/media-stream', createMediaStreamSession(deps, 'sandbox')],
  ]);

const SECRET = 'token-secret';
const AUTH_TOKEN = 'twilio-auth-token';
const CALL_ID = 'c0000000-0000-4000-8000-000000000001';
const AGENT: LoadedAgent = {
  id: 'a0000000-0000-4000-8000-000000000001',
  ownerId: 'd0000000-0000-4000-8000-000000000001',
  name: 'Clara',
  companyName: 'Le Petit Bistrot',
  systemPrompt: 'You are Clara, the host.',
  defaultLanguage: 'en_US',
  voice: 'female',
  whatsappVoiceReplies: false,
  publicChatEnabled: true,
  hasKnowledge: true,
  timeZone: null,
  interactions: [],
  tools: [
    {
      id: 'calendar',
      name: 'Calendar',
      description: null,
      functionDefinition: {
        name: 'manage_calendar',
        parameters: { properties: { action: { type: 'string' } }, required: ['action'] },
      },
      config: {},
    },
  ],
};

/** Stands in for the calls part's catalogue tool (offered on phone calls with a transfer number). */
const TRANSFER_TOOL: LoadedAgent['tools'][number] = {
  id: 'transfer',
  name: 'Transfer',
  description: null,
  functionDefinition: { name: 'transfer_call', parameters: { type: 'object', properties: {} } },
  config: {},
};

const LONG_ANSWER =
  'Our menu has many dishes: starters, soups, mains, cheeses, desserts, and a long wine list from every region of France.';

/** The scripted model: greeting, goodbye, knowledge and booking through tools, a long answer. */
function responder(request: ChatRequestBody) {
  const messages = (request.messages as { role: string; content?: unknown }[]) ?? [];
  const last = messages[messages.length - 1];
  const text = typeof last?.content === 'string' ? last.content : '';
  if (last?.role === 'system' && text.includes('Greet')) return { text: 'Hello, Clara here.' };
  if (last?.role === 'system' && text.includes('goodbye')) return { text: 'Goodbye, thank you.' };
  if (last?.role === 'tool' && text.includes('transferred')) return { text: 'Transferring you now.' };
  if (last?.role === 'tool') return { text: text.includes('7am') ? 'We open at 7am.' : 'Booked for Friday at noon.' };
  if (/human/i.test(text)) return { toolCalls: [{ name: 'transfer_call', arguments: {} }] };
  if (/open/i.test(text)) return { toolCalls: [{ name: 'search_knowledge', arguments: { query: 'opening hours' } }] };
  if (/book/i.test(text))
    return { toolCalls: [{ name: 'manage_calendar', arguments: { action: 'create_appointment' } }] };
  if (/menu/i.test(text)) return { text: LONG_ANSWER };
  if (/pressed the key 1/.test(text)) return { text: 'You pressed one.' };
  return { text: 'Okay.' };
}

interface Harness {
  deps: MediaStreamDeps;
  lines: TranscriptLine[];
  runs: ToolInvocation[];
  attached: string[];
  ended: string[];
  lease: { next: PhoneCallLease };
}

function harness(fake: FakeOpenAI, voiceMode: PhoneCallSession['voiceMode'] = 'natural_voice'): Harness {
  const lines: TranscriptLine[] = [];
  const runs: ToolInvocation[] = [];
  const attached: string[] = [];
  const ended: string[] = [];
  const lease = { next: { open: true, final: false, secondsLeft: 300 } as PhoneCallLease };
  const store: PhoneCallStore = {
    async attach(callId, callSid) {
      attached.push(`${callId}/${callSid}`);
      return {
        callId,
        callSid,
        source: callSid.startsWith('SB') ? 'sandbox' : 'twilio',
        agentId: AGENT.id,
        ownerId: AGENT.ownerId,
        conversationId: 'conv-1',
        voiceMode,
        language: 'en_US',
        voice: 'female',
        fromNumber: '+14155550100',
        transferNumber: null,
        secondsLeft: 300,
      };
    },
    heartbeat: async () => lease.next,
    async markEnded(_callId, reason) {
      ended.push(reason);
    },
    rate: async () => {},
  };
  const deps: MediaStreamDeps = {
    store,
    tokenSecret: SECRET,
    agentFor: () => async () => ({ ...AGENT, tools: [...AGENT.tools, TRANSFER_TOOL] }),
    model: 'gpt-realtime',
    connectModel: (model, onFrame) =>
      connectRealtimeSocket(
        realtimeUrl(fake.baseURL, 'model', model),
        { apiKey: fake.apiKey, onFrame, WebSocketImpl: WebSocket as unknown as typeof globalThis.WebSocket },
        'fake model',
      ),
    control: {
      runTool: async (invocation) => {
        runs.push(invocation);
        return {
          ok: true,
          result:
            invocation.functionName === 'transfer_call'
              ? { status: 'transferring', transferred: true }
              : { booked: true },
        };
      },
      retrieve: async () => ({
        passages: [
          {
            chunkId: '1',
            documentId: 'doc-hours',
            documentName: 'hours.txt',
            content: 'We open at 7am.',
            score: 1,
            vectorRank: 1,
            textRank: 1,
          },
        ],
        citations: [{ documentId: 'doc-hours', name: 'hours.txt', snippet: 'We open at 7am.' }],
      }),
      writeTranscript: async (line) => (lines.push(line), { messageId: `m${lines.length}` }),
    },
    leaseRenewMs: 50,
  };
  return { deps, lines, runs, attached, ended, lease };
}

let fake: FakeOpenAI;
let host: RelayTestHost | null = null;
let caller: MediaStreamCaller | null = null;

beforeAll(async () => {
  fake = await startFakeOpenAI();
  fake.setChatResponder(responder);
});
afterAll(() => fake.close());
afterEach(async () => {
  await caller?.hangUp().catch(() => {});
  caller = null;
  await host?.close();
  host = null;
});

async function dial(
  h: Harness,
  options: {
    path?: string;
    source?: 'twilio' | 'sandbox';
    callSid?: string;
    tokenSid?: string;
  } = {},
) {
  host = await startRelayTestHost(routesFor(h.deps));
  const path = options.path ?? '/phone-relay/media-stream';
  const callSid = options.callSid ?? 'CA00000000000000000000000000000001';
  const callToken = await signPhoneCallToken(
    { callId: CALL_ID, callSid: options.tokenSid ?? callSid, source: options.source ?? 'twilio' },
    SECRET,
  );
  caller = await callMediaStream({
    url: `${host.url}${path}`,
    publicUrl: `${host.publicBase}${path}`,
    authToken: path.includes('sandbox') ? null : AUTH_TOKEN,
    callSid,
    callToken,
    speed: 2,
  });
  return caller;
}

const until = async (ready: () => boolean, what: string, timeoutMs = 5_000) => {
  const end = Date.now() + timeoutMs;
  while (!ready()) {
    if (Date.now() > end) throw new Error(`timed out: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

describe('natural-voice phone session (Media Streams ↔ realtime model)', () => {
  it('greets, answers from knowledge, books through the tool, is cut by a barge-in and ends on hang-up', async () => {
    const h = harness(fake);
    const count = fake.realtimeAudio.sessions.length + 1;
    const call = await dial(h);
    const session = await fake.realtimeAudio.waitForSession({ count });
    await call.waitForAgentQuiet();
    expect(h.attached).toEqual([`${CALL_ID}/CA00000000000000000000000000000001`]);

    // The session: the core's spoken instructions, tools, μ-law both ways, server VAD.
    const update = session.clientEvents.find((e) => e.type === 'session.update') as {
      session: Record<string, unknown>;
    };
    expect(update.session).toMatchObject({
      type: 'realtime',
      audio: {
        input: { format: { type: 'audio/pcmu' }, turn_detection: { type: 'server_vad' } },
        output: { format: { type: 'audio/pcmu' }, voice: 'marin' },
      },
    });
    expect((update.session.tools as { name: string }[]).map((t) => t.name)).toEqual([
      'manage_calendar',
      'transfer_call',
      'search_knowledge',
    ]);

    fake.realtimeAudio.expectSpeech('When do you open in the morning?');
    await call.say('When do you open in the morning?');
    await until(() => h.lines.some((l) => l.content === 'We open at 7am.'), 'the knowledge answer');
    await call.waitForAgentQuiet();

    fake.realtimeAudio.expectSpeech('Book a table for Friday at noon.');
    await call.say('Book a table for Friday at noon.');
    await until(() => h.lines.some((l) => l.content === 'Booked for Friday at noon.'), 'the booking');
    await call.waitForAgentQuiet();
    expect(h.runs.map((r) => [r.functionName, r.arguments.action, r.channel])).toEqual([
      ['manage_calendar', 'create_appointment', 'phone'],
    ]);

    // Barge-in: the caller speaks over the long answer after hearing part of it.
    fake.realtimeAudio.expectSpeech('What is on the menu?', 'Stop, thanks.');
    await call.say('What is on the menu?');
    const before = call.playedMs;
    await until(() => call.playedMs - before > 1_500, 'part of the long answer played', 10_000);
    await call.say('Stop, thanks.');
    await until(() => h.lines.some((l) => l.content === 'Okay.'), 'the answer after the barge-in', 10_000);
    await call.waitForAgentQuiet();
    expect(call.clears).toBe(1);
    const truncate = session.clientEvents.find((e) => e.type === 'conversation.item.truncate') as {
      item_id: string;
      audio_end_ms: number;
    };
    const long = session.agentItems.find((i) => i.text === LONG_ANSWER)!;
    expect(truncate.item_id).toBe(long.itemId);
    expect(truncate.audio_end_ms).toBeGreaterThan(1_000);
    expect(truncate.audio_end_ms).toBeLessThan(long.audioMs);
    expect(long.truncatedAtMs).toBe(truncate.audio_end_ms);

    await call.hangUp();
    await until(() => h.ended.length > 0, 'the end of the call');
    expect(h.ended).toEqual(['hangup']);

    const said = h.lines.map((l) => [l.role, l.content]);
    const cut = said.find(
      ([role, content]) => role === 'assistant' && LONG_ANSWER.startsWith(content!) && content !== LONG_ANSWER,
    );
    expect(said.slice(0, 5)).toEqual([
      ['assistant', 'Hello, Clara here.'],
      ['user', 'When do you open in the morning?'],
      ['assistant', 'We open at 7am.'],
      ['user', 'Book a table for Friday at noon.'],
      ['assistant', 'Booked for Friday at noon.'],
    ]);
    // The stored reply is what the caller heard: cut near the truncate position, flagged.
    expect(cut).toBeDefined();
    const heardChars = truncate.audio_end_ms / 40;
    expect(Math.abs(cut![1]!.length - heardChars)).toBeLessThan(15);
    expect(h.lines.find((l) => l.content === cut![1])!.metadata).toEqual({ interrupted: true });
    expect(h.lines.find((l) => l.content === 'We open at 7am.')!.citations).toEqual([
      { documentId: 'doc-hours', name: 'hours.txt', snippet: 'We open at 7am.' },
    ]);
    expect(h.lines.every((l) => l.channel === 'phone' && l.conversationId === 'conv-1')).toBe(true);

    // μ-law passthrough: the model got the caller's payloads and the caller the model's, byte for byte.
    expect(session.appended.length).toBeGreaterThan(100);
    expect(session.appended).toEqual(call.sentPayloads.slice(0, session.appended.length));
    expect(call.agentPayloads).toEqual(session.deltas);
  }, 60_000);

  it('turns a key press into a caller line and an answer', async () => {
    const h = harness(fake);
    const call = await dial(h);
    await call.waitForAgentQuiet();
    call.pressKey('1');
    await until(() => h.lines.some((l) => l.content === 'You pressed one.'), 'the DTMF answer');
    expect(h.lines.map((l) => l.content)).toContain('The caller pressed the key 1.');
  }, 30_000);

  it('says goodbye and hangs up when the credit runs out', async () => {
    const h = harness(fake);
    const call = await dial(h);
    await call.waitForAgentQuiet();
    h.lease.next = { open: true, final: true, secondsLeft: 5 };
    const closed = await call.closed;
    expect(closed.code).toBe(1000);
    expect(h.lines.map((l) => l.content)).toContain('Goodbye, thank you.');
    await until(() => h.ended.length > 0, 'the end of the call');
    expect(h.ended).toEqual(['no_credit']);
  }, 30_000);

  it('says goodbye and ends the call when the relay drains', async () => {
    const h = harness(fake);
    const live: LiveCall[] = [];
    h.deps.register = (call) => (live.push(call), () => void live.splice(live.indexOf(call), 1));
    const call = await dial(h);
    await call.waitForAgentQuiet();
    expect(live).toHaveLength(1);
    live[0]!.shutdown();
    expect((await call.closed).code).toBe(1000);
    expect(h.lines.map((l) => l.content)).toEqual(['Hello, Clara here.', 'Goodbye, thank you.']);
    await until(() => h.ended.length > 0, 'the end of the call');
    expect(h.ended).toEqual(['agent_ended']);
    expect(live).toHaveLength(0);
  }, 30_000);

  it('hangs up at once when the lease is over', async () => {
    const h = harness(fake);
    h.lease.next = { open: false, final: true, secondsLeft: 0 };
    const call = await dial(h);
    expect((await call.closed).code).toBe(1000);
    await until(() => h.ended.length > 0, 'the end of the call');
    expect(h.ended).toEqual(['no_credit']);
  }, 30_000);

  it('ends a sandbox call once the agent has announced a transfer, recording it as a transfer', async () => {
    const h = harness(fake);
    const call = await dial(h, { path: '/phone-relay/sandbox/media-stream', source: 'sandbox', callSid: 'SB3' });
    await call.waitForAgentQuiet();
    fake.realtimeAudio.expectSpeech('Put me through to a human.');
    await call.say('Put me through to a human.');
    expect((await call.closed).code).toBe(1000);
    await until(() => h.ended.length > 0, 'the end of the call');
    expect(h.ended).toEqual(['transfer']);
    expect(h.lines.map((l) => l.content)).toContain('Transferring you now.');
    expect(h.runs.map((r) => r.functionName)).toEqual(['transfer_call']);
  }, 30_000);

  // A forged X-Twilio-Signature is refused by the relay before the upgrade (relay.admit, 403).
  it('refuses a token for another call or source, and a call in the other voice mode', async () => {
    const wrongSid = harness(fake);
    const b = await dial(wrongSid, { tokenSid: 'CA00000000000000000000000000000099' });
    expect((await b.closed).code).toBe(1008);
    await host?.close();
    const sandboxToken = harness(fake);
    const c = await dial(sandboxToken, { source: 'sandbox' });
    expect((await c.closed).code).toBe(1008);
    await host?.close();
    const anyModel = harness(fake, 'any_model');
    const d = await dial(anyModel);
    expect((await d.closed).code).toBe(1008);
    expect([wrongSid, sandboxToken].every((x) => x.attached.length === 0)).toBe(true);
    expect(anyModel.ended).toEqual(['error']);
  }, 30_000);

  it('keeps nothing a socket sends before start, and only small caller audio after it', async () => {
    const h = harness(fake);
    host = await startRelayTestHost(routesFor(h.deps));
    const callSid = 'SB4';
    const callToken = await signPhoneCallToken({ callId: CALL_ID, callSid, source: 'sandbox' }, SECRET);
    const socket = new WebSocket(`${host.url}/phone-relay/sandbox/media-stream`);
    await new Promise((resolve) => socket.once('open', resolve));
    const media = (payload: string, timestamp: number) =>
      JSON.stringify({ event: 'media', streamSid: 'MZ4', media: { payload, timestamp: String(timestamp) } });
    const unauthenticated = Buffer.alloc(160, 0x11).toString('base64');
    const oversized = Buffer.alloc(1200, 0x33).toString('base64');
    const audio = Buffer.alloc(160, 0x22).toString('base64');
    const sessions = fake.realtimeAudio.sessions.length;
    for (let i = 0; i < 20; i++) socket.send(media(unauthenticated, i * 20));
    socket.send(
      JSON.stringify({
        event: 'start',
        streamSid: 'MZ4',
        start: { callSid, streamSid: 'MZ4', customParameters: { callToken } },
      }),
    );
    socket.send(media(oversized, 400));
    socket.send(media(audio, 420));
    const session = await fake.realtimeAudio.waitForSession({ count: sessions + 1 });
    await until(() => session.appended.includes(audio), 'the caller audio to reach the model');
    expect(session.appended).not.toContain(unauthenticated);
    expect(session.appended).not.toContain(oversized);
    socket.close();
    await until(() => h.ended.length > 0, 'the end of the call');
  }, 30_000);

  it('takes the sandbox path without a Twilio signature, with a sandbox token only', async () => {
    const ok = harness(fake);
    const call = await dial(ok, { path: '/phone-relay/sandbox/media-stream', source: 'sandbox', callSid: 'SB1' });
    await until(() => ok.lines.length > 0, 'the greeting heard');
    expect(ok.lines[0]).toMatchObject({ role: 'assistant', content: 'Hello, Clara here.' });
    await call.hangUp();
    await host?.close();
    const twilioToken = harness(fake);
    const refused = await dial(twilioToken, {
      path: '/phone-relay/sandbox/media-stream',
      source: 'twilio',
      callSid: 'SB2',
    });
    expect((await refused.closed).code).toBe(1008);
  }, 30_000);
});
