import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createPhoneCallStore } from '../../../supabase/functions/_shared/phone/call-store-db.ts';
import { relayDepsFromEnv } from '../../../supabase/functions/phone-relay/deps.ts';
import { naturalVoiceFromEnv } from '../../../supabase/functions/phone-relay/media-stream-wiring.ts';
import { startRelayServer, type RelayServer } from '../../../supabase/functions/phone-relay/node-server.ts';
import { createRelay } from '../../../supabase/functions/phone-relay/relay.ts';
import { startFakeOpenAI, type ChatRequestBody, type FakeOpenAI } from '../../fakes/openai/server.ts';
import { startFakeTwilio, type FakeTwilio } from '../../fakes/twilio/index.ts';
import { callMediaStream, type MediaStreamCaller } from '../../fakes/twilio/media-streams.ts';
import { serviceInsert } from '../security/support/actors.ts';
import { startTestStack, type TestStack } from '../support/stack.ts';
import { ageCall, callSid, credits, drainCredits, freshNumber, ledgerOf } from './support.ts';

/**
 * A natural-voice phone call end to end on the product's database: Twilio's signed incoming webhook
 * (fake Twilio) opens the call and answers `<Connect><Stream>` with a call token; a fake caller
 * speaking real speech frames connects to the relay's Media Streams session, which bridges it to
 * the fake realtime model (energy VAD, scripted transcripts) and runs the demo agent's knowledge and
 * calendar through the core; barge-in cuts the stored reply; Twilio's final status settles one
 * ledger entry. The caller connects where the TwiML says: the local stack's in-process relay route
 * (the same relay the standalone process runs); the zero-credit case runs on a standalone relay
 * server with a fast heartbeat.
 */
const DEMO_AGENT = 'a0000000-0000-4000-8000-000000000001';
const DEMO_OWNER = 'd0000000-0000-4000-8000-000000000001';
const TOKEN_SECRET = 'phone-token-secret-natural-voice';
const TITLE = 'Natural voice booking';
const LONG_ANSWER =
  'Our menu has French onion soup, leeks vinaigrette, beef bourguignon, roast cod with beurre blanc, a mushroom risotto, creme brulee and chocolate mousse.';

function futureWeekday(): string {
  const day = new Date(Date.now() + 17 * 86_400_000);
  while (day.getUTCDay() === 0 || day.getUTCDay() === 6) day.setUTCDate(day.getUTCDate() + 1);
  return day.toISOString().slice(0, 10);
}
const DATE = futureWeekday();

/** The scripted model: it answers from what the tools returned, so the answer proves the tool ran. */
function responder(request: ChatRequestBody) {
  const messages = (request.messages as { role: string; content?: unknown }[]) ?? [];
  const last = messages[messages.length - 1];
  const text = typeof last?.content === 'string' ? last.content : '';
  if (last?.role === 'system' && text.includes('Greet')) return { text: 'Hello, Clara here.' };
  if (last?.role === 'system' && text.includes('goodbye')) return { text: 'Our time is up, goodbye.' };
  if (last?.role === 'tool' && text.includes('Tuesday to Saturday')) return { text: 'We open Tuesday to Saturday.' };
  if (last?.role === 'tool' && text.includes('"booked":true')) return { text: 'Your table is booked.' };
  if (last?.role === 'tool' && text.includes('transferring')) return { text: 'Transferring you now.' };
  if (last?.role === 'tool') return { text: 'Sorry, that did not work.' };
  if (/human/i.test(text)) return { toolCalls: [{ name: 'transfer_call', arguments: {} }] };
  if (/open/i.test(text)) return { toolCalls: [{ name: 'search_knowledge', arguments: { query: 'opening hours' } }] };
  if (/book/i.test(text)) {
    return {
      toolCalls: [
        {
          name: 'manage_calendar',
          arguments: { action: 'create_appointment', date: DATE, time: '12:00', title: TITLE },
        },
      ],
    };
  }
  if (/menu/i.test(text)) return { text: LONG_ANSWER };
  return { text: 'Okay.' };
}

let stack: TestStack;
let fake: FakeOpenAI;
let twilio: FakeTwilio;
let relay: RelayServer;
let number: string;
const service = () => stack.serviceClient();

beforeAll(async () => {
  fake = await startFakeOpenAI({ apiKey: 'sk-test-natural-voice' });
  fake.setChatResponder(responder);
  twilio = await startFakeTwilio();
  const functionEnv = {
    ...twilio.env,
    PHONE_CALL_TOKEN_SECRET: TOKEN_SECRET,
    OPENAI_API_KEY: fake.apiKey,
    OPENAI_BASE_URL: fake.baseURL,
  };
  stack = await startTestStack({ functionEnv });
  twilio.calls.webhookBaseUrl = `${stack.url}/functions/v1`;
  // The demo agent (knowledge + calendar) answers a number in natural-voice mode.
  number = freshNumber();
  const row = await serviceInsert<{ id: string }>(service(), 'phone_numbers', {
    phone_number: number,
    user_id: DEMO_OWNER,
    country_code: 'US',
  });
  await serviceInsert(service(), 'phone_number_assignments', {
    phone_number_id: row.id,
    agent_id: DEMO_AGENT,
    user_id: DEMO_OWNER,
  });
  await service()
    .from('agents')
    .update({ phone_voice_mode: 'natural_voice', transfer_number: '+33199000000' })
    .eq('id', DEMO_AGENT);
  const env: Record<string, string> = {
    ...functionEnv,
    SUPABASE_URL: stack.url,
    SUPABASE_ANON_KEY: stack.anonKey,
    SUPABASE_SERVICE_ROLE_KEY: stack.serviceRoleKey,
  };
  const functions = { get: (name: string) => env[name] };
  // A standalone relay (node-server.ts) on the same database, heartbeating every 200 ms.
  relay = await startRelayServer({
    env: functions,
    relay: createRelay(
      relayDepsFromEnv(functions, createPhoneCallStore(service()), {
        timing: { heartbeatMs: 200 },
        naturalVoice: naturalVoiceFromEnv(functions, {
          WebSocketImpl: WebSocket as unknown as typeof globalThis.WebSocket,
        }),
        log: () => {},
      }),
    ),
  });
});

afterAll(async () => {
  await relay?.shutdown(1_000);
  await stack?.stop();
  await twilio?.close();
  await fake?.close();
});

/**
 * Twilio's side: the signed incoming webhook, then the stream the TwiML names (the stack's relay),
 * or the same path on the standalone relay.
 */
async function dial(
  sid: string,
  where: 'stack' | 'standalone' = 'stack',
): Promise<{ caller: MediaStreamCaller; callId: string }> {
  const answer = await twilio.calls.incoming(sid, '+33612345678', number);
  expect(answer.status).toBe(200);
  const stream = /<Stream url="([^"]+)"><Parameter name="callToken" value="([^"]+)"\/>/.exec(answer.body);
  if (!stream) throw new Error(`no Media Stream in ${answer.body}`);
  const [, publicUrl, callToken] = stream as unknown as [string, string, string];
  expect(publicUrl).toBe(`${stack.url.replace(/^http/, 'ws')}/functions/v1/phone-relay/media-stream`);
  const row = (await service().from('calls').select('id').eq('call_sid', sid).single()).data as { id: string };
  const caller = await callMediaStream({
    url: where === 'stack' ? publicUrl : `ws://127.0.0.1:${relay.port}/phone-relay/media-stream`,
    publicUrl,
    authToken: twilio.authToken,
    callSid: sid,
    callToken,
    speed: 2,
  });
  return { caller, callId: row.id };
}

async function transcriptOf(callId: string) {
  const call = (await service().from('calls').select('conversation_id').eq('id', callId).single()).data as {
    conversation_id: string;
  };
  return ((
    await service()
      .from('messages')
      .select('role, content, tool_calls, citations, metadata')
      .eq('conversation_id', call.conversation_id)
      .order('timestamp')
  ).data ?? []) as {
    role: string;
    content: string;
    tool_calls: unknown;
    citations: unknown;
    metadata: Record<string, unknown>;
  }[];
}

describe('natural-voice phone calls through the relay', () => {
  it('answers from knowledge, books through the tool, keeps what was heard after a barge-in, and bills once', async () => {
    const before = await credits(service(), DEMO_OWNER);
    const sid = callSid();
    const count = fake.realtimeAudio.sessions.length + 1;
    const { caller, callId } = await dial(sid);
    const session = await fake.realtimeAudio.waitForSession({ count });
    await caller.waitForAgentQuiet();

    fake.realtimeAudio.expectSpeech('When do you open?');
    await caller.say('When do you open?');
    await expect
      .poll(async () => (await transcriptOf(callId)).map((l) => l.content), { timeout: 10_000 })
      .toContain('We open Tuesday to Saturday.');
    await caller.waitForAgentQuiet();

    fake.realtimeAudio.expectSpeech(`Please book a table on ${DATE} at noon.`);
    await caller.say('Please book a table at noon.');
    await expect
      .poll(async () => (await transcriptOf(callId)).map((l) => l.content), { timeout: 10_000 })
      .toContain('Your table is booked.');
    await caller.waitForAgentQuiet();

    fake.realtimeAudio.expectSpeech('What is on the menu?', 'Thanks, that is enough.');
    await caller.say('What is on the menu?');
    const played = caller.playedMs;
    await expect.poll(() => caller.playedMs - played, { timeout: 10_000 }).toBeGreaterThan(1_500);
    await caller.say('Thanks, that is enough.');
    await expect
      .poll(async () => (await transcriptOf(callId)).map((l) => l.content), { timeout: 10_000 })
      .toContain('Okay.');
    expect(caller.clears).toBe(1);

    // The call has lasted 65 s as the database sees it when the caller hangs up.
    await ageCall(service(), callId, 65);
    await caller.hangUp();
    await expect
      .poll(
        async () =>
          (
            (await service().from('calls').select('ended_at').eq('id', callId).single()).data as {
              ended_at: string | null;
            }
          ).ended_at,
      )
      .not.toBeNull();

    const lines = await transcriptOf(callId);
    expect(lines.slice(0, 5).map((l) => [l.role, l.content])).toEqual([
      ['assistant', 'Hello, Clara here.'],
      ['user', 'When do you open?'],
      ['assistant', 'We open Tuesday to Saturday.'],
      ['user', `Please book a table on ${DATE} at noon.`],
      ['assistant', 'Your table is booked.'],
    ]);
    expect(lines.every((l) => l.metadata.channel === 'phone')).toBe(true);
    expect(lines[2]!.citations).toEqual([expect.objectContaining({ name: 'menu-and-hours.txt' })]);
    expect(lines[4]!.tool_calls).toEqual([
      { name: 'Calendar', function: 'manage_calendar', status: 'succeeded', step: 1 },
    ]);
    // The long answer is stored as far as the caller heard it, and says it was interrupted.
    const cut = lines.find((l) => l.role === 'assistant' && l.metadata.interrupted === true);
    expect(cut).toBeDefined();
    expect(LONG_ANSWER.startsWith(cut!.content)).toBe(true);
    expect(cut!.content.length).toBeLessThan(LONG_ANSWER.length);
    const truncate = session.clientEvents.find((e) => e.type === 'conversation.item.truncate') as {
      audio_end_ms: number;
    };
    expect(Math.abs(cut!.content.length - truncate.audio_end_ms / 40)).toBeLessThan(15);

    const appointments = (await service().from('appointments').select('starts_on').eq('title', TITLE)).data;
    expect(appointments).toEqual([{ starts_on: DATE }]);
    await service().from('appointments').delete().eq('title', TITLE);

    // Twilio's final status settles the call: one ledger entry, however often it is replayed.
    expect((await twilio.calls.status(sid, 'completed', 65)).status).toBe(204);
    expect((await twilio.calls.status(sid, 'completed', 65)).status).toBe(204);
    expect(await ledgerOf(service(), callId)).toEqual([{ amount: -2 }]);
    expect(await credits(service(), DEMO_OWNER)).toBe(before - 2);

    // The dual-channel recording lands in Storage under the owner's path, linked to the call.
    expect((await twilio.calls.recordingCompleted(sid)).status).toBe(204);
    const path = `${DEMO_OWNER}/${DEMO_AGENT}/calls/${callId}.wav`;
    const recorded = (await service().from('calls').select('recording_path').eq('id', callId).single()).data;
    expect(recorded).toEqual({ recording_path: path });
    const file = await service().storage.from('recordings').download(path);
    expect(file.error).toBeNull();
  }, 90_000);

  it('hands the caller to the transfer number through the transfer_call tool', async () => {
    const sid = callSid();
    const { caller, callId } = await dial(sid);
    await caller.waitForAgentQuiet();
    fake.realtimeAudio.expectSpeech('Can I talk to a human?');
    await caller.say('Can I talk to a human?');
    await expect
      .poll(async () => (await transcriptOf(callId)).map((l) => l.content), { timeout: 10_000 })
      .toContain('Transferring you now.');
    const update = twilio.calls.updates.find((u) => u.callSid === sid);
    expect(update?.twiml).toContain('<Dial');
    expect(update?.twiml).toContain('+33199000000');
    // Twilio runs the new TwiML: the stream stops.
    await caller.hangUp();
    await expect
      .poll(async () => (await service().from('calls').select('ended_reason').eq('id', callId).single()).data)
      .toEqual({ ended_reason: 'transfer' });
    // The transfer held the owner's free balance for the human leg; Twilio's final status bills
    // the whole call on its duration and frees the rest.
    await twilio.calls.status(sid, 'completed', 95);
    expect(await ledgerOf(service(), callId)).toEqual([{ amount: -2 }]);
  }, 60_000);

  it('says goodbye and hangs up when the owner runs out of credit mid-call', async () => {
    const sid = callSid();
    const { caller, callId } = await dial(sid, 'standalone');
    await caller.waitForAgentQuiet();
    // No credit left to top the reservation up, and the reservation nearly used: the next
    // heartbeat is final with a few seconds left.
    await drainCredits(service(), DEMO_OWNER);
    await ageCall(service(), callId, 295);
    const closed = await caller.closed;
    expect(closed.code).toBe(1000);
    await expect
      .poll(async () => (await transcriptOf(callId)).map((l) => l.content), { timeout: 10_000 })
      .toContain('Our time is up, goodbye.');
    const row = (await service().from('calls').select('ended_at, ended_reason').eq('id', callId).single()).data as {
      ended_at: string | null;
      ended_reason: string | null;
    };
    expect(row.ended_at).not.toBeNull();
    expect(row.ended_reason).toBe('no_credit');
  }, 60_000);
});
