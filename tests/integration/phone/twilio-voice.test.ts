import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoadedAgent } from '../../../supabase/functions/_shared/conversation/agents.ts';
import { verifyPhoneCallToken } from '../../../supabase/functions/_shared/phone/call-token.ts';
import { loadTransferTool } from '../../../supabase/functions/_shared/phone/tools.ts';
import { createToolRunner } from '../../../supabase/functions/_shared/tools/runner.ts';
import { startFakeTwilio, type FakeTwilio } from '../../fakes/twilio/index.ts';
import { expectedTwilioSignature } from '../../fakes/twilio/server.ts';
import { startCast, type Cast } from '../security/support/actors.ts';
import { ageCall, agentWithNumber, callSid, credits, drainCredits, ledgerOf, type PhoneAgent } from './support.ts';

/**
 * The twilio-voice function through the local stack, with the fake Twilio playing Twilio's side:
 * signed webhooks in, REST (recordings, live call updates) out through TWILIO_API_BASE_URL.
 */
const TOKEN_SECRET = 'phone-token-secret-for-tests';
let cast: Cast;
let twilio: FakeTwilio;
let phone: PhoneAgent;

const callRow = async (sid: string) =>
  (await cast.service.from('calls').select('*').eq('call_sid', sid).maybeSingle()).data as Record<
    string,
    unknown
  > | null;

function tokenOf(twiml: string): string {
  const match = /<Parameter name="callToken" value="([^"]+)"\/>/.exec(twiml);
  if (!match) throw new Error(`no call token in ${twiml}`);
  return match[1]!;
}

beforeAll(async () => {
  twilio = await startFakeTwilio();
  cast = await startCast({ functionEnv: { ...twilio.env, PHONE_CALL_TOKEN_SECRET: TOKEN_SECRET } });
  twilio.calls.webhookBaseUrl = `${cast.stack.url}/functions/v1`;
  phone = await agentWithNumber(cast.service, cast.owner, {
    name: 'Clara',
    default_language: 'fr_FR',
    voice: 'female',
    transfer_number: '+33199000000',
  });
});
afterAll(async () => {
  await cast?.stack.stop();
  await twilio?.close();
});

describe('incoming calls', () => {
  it('answers an assigned number with dual-channel recording and ConversationRelay carrying a valid call token', async () => {
    const sid = callSid();
    const started = Date.now();
    const answer = await twilio.calls.incoming(sid, '+33612345678', phone.number);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(answer.status).toBe(200);
    const base = `${cast.stack.url}/functions/v1/twilio-voice`;
    const relay = `${cast.stack.url.replace(/^http/, 'ws')}/functions/v1/phone-relay`;
    expect(answer.body).toContain(
      `<Start><Recording channels="dual" recordingStatusCallback="${base}/recording" recordingStatusCallbackMethod="POST" recordingStatusCallbackEvent="completed"/></Start>`,
    );
    expect(answer.body).toContain(`<Connect action="${base}/relay-action" method="POST">`);
    expect(answer.body).toContain(
      `<ConversationRelay url="${relay}/conversation-relay" welcomeGreeting="Bonjour ! Je suis Clara. Comment puis-je vous aider aujourd&apos;hui ?" language="fr-FR" ttsProvider="Google" voice="fr-FR-Neural2-A" interruptible="any" dtmfDetection="true">`,
    );
    const call = await callRow(sid);
    expect(call).toMatchObject({ assigned_agent: phone.agentId, source: 'twilio', voice_mode: 'any_model' });
    expect(await verifyPhoneCallToken(tokenOf(answer.body), TOKEN_SECRET)).toEqual({
      callId: call!.id,
      callSid: sid,
      source: 'twilio',
    });
  });

  it('a natural-voice agent gets a bidirectional Media Stream', async () => {
    const line = await agentWithNumber(cast.service, cast.otherOwner, { phone_voice_mode: 'natural_voice' });
    const answer = await twilio.calls.incoming(callSid(), '+33600000001', line.number);
    expect(answer.body).toMatch(
      /<Connect><Stream url="ws:\/\/[^"]+\/phone-relay\/media-stream"><Parameter name="callToken" value="[^"]+"\/><\/Stream><\/Connect>/,
    );
    expect(answer.body).toContain('<Recording channels="dual"');
  });

  it('an unassigned number hears a polite line and the call ends', async () => {
    const sid = callSid();
    const answer = await twilio.calls.incoming(sid, '+33600000002', '+19995550000');
    expect(answer.status).toBe(200);
    expect(answer.body).toBe(
      '<?xml version="1.0" encoding="UTF-8"?><Response><Say language="en-US">Sorry, this number is not taking calls at the moment. Goodbye.</Say><Hangup/></Response>',
    );
    expect(await callRow(sid)).toBeNull();
  });

  it("a call to an owner with no credit gets a polite message in the agent's language, and nothing is reserved", async () => {
    const broke = await cast.newUser('broke');
    const line = await agentWithNumber(cast.service, broke, { name: 'Max', default_language: 'fr_FR' });
    await drainCredits(cast.service, broke.id);
    const sid = callSid();
    const answer = await twilio.calls.incoming(sid, '+33600000003', line.number);
    expect(answer.body).toContain(
      '<Say language="fr-FR">Max ne peut pas prendre votre appel pour le moment. Merci de rappeler plus tard. Au revoir.</Say><Hangup/>',
    );
    expect(await callRow(sid)).toBeNull();
  });

  it('refuses forged or unsigned webhooks with 403 on every route', async () => {
    const sid = callSid();
    for (const route of ['incoming', 'status', 'recording', 'relay-action']) {
      const url = `${cast.stack.url}/functions/v1/twilio-voice/${route}`;
      const params = { CallSid: sid, From: '+33600000004', To: phone.number, CallStatus: 'completed' };
      const forged = await twilio.sendWebhook(url, params, { authToken: 'not-the-account-token' });
      expect(forged.status, route).toBe(403);
      expect(JSON.parse(forged.body)).toMatchObject({ error: { code: 'invalid_signature' } });
      // Signed for another URL (Twilio signs what it was given; a moved path is not ours).
      const elsewhere = await twilio.sendWebhook(url, params, {
        signature: expectedTwilioSignature(twilio.authToken, url.replace('/twilio-voice/', '/other/'), params),
      });
      expect(elsewhere.status, route).toBe(403);
    }
    expect(await callRow(sid)).toBeNull();
  });

  it('a replayed incoming webhook answers the same call and reserves once', async () => {
    const sid = callSid();
    const first = await twilio.calls.incoming(sid, '+33600000005', phone.number);
    const replay = await twilio.calls.incoming(sid, '+33600000005', phone.number);
    expect(await verifyPhoneCallToken(tokenOf(replay.body), TOKEN_SECRET)).toEqual(
      await verifyPhoneCallToken(tokenOf(first.body), TOKEN_SECRET),
    );
    const { count } = await cast.service.from('calls').select('id', { count: 'exact', head: true }).eq('call_sid', sid);
    expect(count).toBe(1);
  });
});

describe('status callbacks', () => {
  it('keeps the row through out-of-order callbacks and charges one ledger entry on completed, even when replayed', async () => {
    const sid = callSid();
    await twilio.calls.incoming(sid, '+33600000006', phone.number);
    const call = (await callRow(sid))!;
    await ageCall(cast.service, String(call.id), 100);
    const before = await credits(cast.service, cast.owner.id);
    expect((await twilio.calls.status(sid, 'completed', 95)).status).toBe(204);
    expect((await twilio.calls.status(sid, 'ringing')).status).toBe(204);
    expect((await twilio.calls.status(sid, 'completed', 95)).status).toBe(204);
    // Twilio's retry of one delivery reuses its idempotency token.
    await twilio.calls.status(sid, 'completed', 95, { idempotencyToken: 'retry-token' });
    await twilio.calls.status(sid, 'completed', 95, { idempotencyToken: 'retry-token' });
    expect(await callRow(sid)).toMatchObject({ status: 'completed', duration: 95, credits_charged: 2 });
    expect(await ledgerOf(cast.service, String(call.id))).toEqual([{ amount: -2 }]);
    expect(await credits(cast.service, cast.owner.id)).toBe(before - 2);
  });

  it('acknowledges a callback for an unknown call and refuses malformed fields with 400', async () => {
    expect((await twilio.calls.status(callSid(), 'completed', 5)).status).toBe(204);
    const url = `${cast.stack.url}/functions/v1/twilio-voice/status`;
    const bad = await twilio.sendWebhook(url, { CallSid: 'nope', CallStatus: 'completed' });
    expect(bad.status).toBe(400);
    expect(JSON.parse(bad.body)).toMatchObject({ error: { code: 'invalid_request' } });
  });
});

describe('the sweeper', () => {
  it('voice-call-sweeper settles a phone call whose relay went silent and Twilio never reported', async () => {
    const sid = callSid();
    await twilio.calls.incoming(sid, '+33600000011', phone.number);
    const call = (await callRow(sid))!;
    await ageCall(cast.service, String(call.id), 290);
    await cast.service
      .from('calls')
      .update({ last_seen_at: new Date(Date.now() - 230_000).toISOString() })
      .eq('id', String(call.id));
    const run = await fetch(`${cast.stack.url}/functions/v1/voice-call-sweeper`, {
      method: 'POST',
      headers: { authorization: `Bearer ${cast.stack.serviceRoleKey}`, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(run.status).toBe(200);
    expect(((await run.json()) as { settled: number }).settled).toBeGreaterThanOrEqual(1);
    // Settled at its last heartbeat, ~60 s after it opened: one minute.
    expect(await callRow(sid)).toMatchObject({
      status: 'completed',
      ended_reason: 'lease_expired',
      credits_charged: 1,
    });
    expect(await ledgerOf(cast.service, String(call.id))).toEqual([{ amount: -1 }]);
  });
});

describe('recordings', () => {
  it("copies the recording to the owner's folder once, links it, deletes it at Twilio; only the owner can read it", async () => {
    const sid = callSid();
    await twilio.calls.incoming(sid, '+33600000007', phone.number);
    const call = (await callRow(sid))!;
    const sent = await twilio.calls.recordingCompleted(sid);
    expect(sent.status).toBe(204);
    const replay = await twilio.calls.recordingCompleted(sid, { recordingSid: sent.recordingSid });
    expect(replay.status).toBe(204);
    const path = `${cast.owner.id}/${phone.agentId}/calls/${String(call.id)}.wav`;
    expect(await callRow(sid)).toMatchObject({
      recording_sid: sent.recordingSid,
      recording_path: path,
      recording_channels: 2,
    });
    const recording = twilio.calls.recordings.get(sent.recordingSid)!;
    expect(recording.downloads).toBe(1);
    expect(recording.deleted).toBe(true);

    const mine = await cast.owner.client.storage.from('recordings').download(path);
    expect(mine.error).toBeNull();
    const bytes = new Uint8Array(await mine.data!.arrayBuffer());
    expect(new TextDecoder().decode(bytes.slice(0, 4))).toBe('RIFF');
    expect(new DataView(bytes.buffer).getUint16(22, true)).toBe(2);
    for (const client of [cast.otherOwner.client, cast.anon]) {
      const theirs = await client.storage.from('recordings').download(path);
      expect(theirs.data).toBeNull();
    }
  });
});

describe('relay action and transfer', () => {
  it('hangs up after a relay session, and dials the recorded transfer (never HandoffData)', async () => {
    const sid = callSid();
    await twilio.calls.incoming(sid, '+33600000008', phone.number);
    const hangup = await twilio.calls.relayAction(sid, JSON.stringify({ transferTo: '+14155550100' }));
    expect(hangup.body).toContain('<Response><Hangup/></Response>');
    const call = (await callRow(sid))!;
    const { data } = await cast.service.rpc('phone_request_transfer', { conversation_id: call.conversation_id });
    expect(data).toEqual([{ call_id: call.id, call_sid: sid, source: 'twilio', transfer_number: '+33199000000' }]);
    const dial = await twilio.calls.relayAction(sid, JSON.stringify({ transferTo: '+14155550100' }));
    expect(dial.body).toContain('<Response><Dial><Number>+33199000000</Number></Dial></Response>');
  });
});

describe('transfer_call', () => {
  async function runTransfer(conversationId: string, channel: 'phone' | 'web' = 'phone') {
    const env = { ...twilio.env };
    const runner = createToolRunner({ service: cast.service, env: { get: (name) => env[name as keyof typeof env] } });
    const tool = (await loadTransferTool(cast.service))!;
    const agent = { id: phone.agentId, ownerId: cast.owner.id, name: 'Clara', tools: [tool] } as unknown as LoadedAgent;
    return runner({
      agent,
      conversationId,
      tool,
      functionName: 'transfer_call',
      arguments: { reason: 'wants a human' },
      language: 'fr',
      channel,
    });
  }

  it("replaces the live call's TwiML with a <Dial> to the agent's transfer number and ends the agent's part", async () => {
    const sid = callSid();
    await twilio.calls.incoming(sid, '+33600000009', phone.number);
    const call = (await callRow(sid))!;
    expect(await runTransfer(String(call.conversation_id), 'web')).toMatchObject({ ok: false });
    expect(await runTransfer(String(call.conversation_id))).toMatchObject({
      ok: true,
      result: { status: 'transferring', simulated: false },
    });
    expect(twilio.calls.updates.filter((u) => u.callSid === sid)).toEqual([
      {
        callSid: sid,
        twiml:
          '<?xml version="1.0" encoding="UTF-8"?><Response><Say language="fr-FR">Je vous transfère, un instant.</Say><Dial><Number>+33199000000</Number></Dial></Response>',
        url: null,
        status: null,
      },
    ]);
    expect(await callRow(sid)).toMatchObject({ transferred_to: '+33199000000', ended_reason: 'transfer' });
  });

  it('dials nobody on a sandbox call, and is unavailable without a transfer number', async () => {
    const { data } = await cast.owner.client.rpc('phone_open_sandbox_call', { agent_id: phone.agentId });
    const sandbox = (data as { call_id: string; conversation_id: string }[])[0]!;
    const updates = twilio.calls.updates.length;
    expect(await runTransfer(sandbox.conversation_id)).toMatchObject({
      ok: true,
      result: { status: 'transferring', simulated: true },
    });
    expect(twilio.calls.updates).toHaveLength(updates);
    const plain = await agentWithNumber(cast.service, await cast.newUser('plain'));
    const sid = callSid();
    await twilio.calls.incoming(sid, '+33600000010', plain.number);
    expect(await runTransfer(String((await callRow(sid))!.conversation_id))).toMatchObject({
      ok: true,
      result: { status: 'unavailable' },
    });
  });
});

describe('sandbox calls', () => {
  async function openSandbox(bearer: string | null, agentId: string) {
    const headers: Record<string, string> = { apikey: cast.stack.anonKey, 'content-type': 'application/json' };
    if (bearer) headers.authorization = `Bearer ${bearer}`;
    const res = await fetch(`${cast.stack.url}/functions/v1/twilio-voice/sandbox`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ agentId }),
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  }
  const tokenOfActor = async (client: Cast['owner']['client']) =>
    (await client.auth.getSession()).data.session!.access_token;

  it('opens a sandbox call for the owner with a sandbox token, the relay base and the welcome line', async () => {
    const { status, body } = await openSandbox(await tokenOfActor(cast.owner.client), phone.agentId);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      voiceMode: 'any_model',
      relayUrl: `${cast.stack.url.replace(/^http/, 'ws')}/functions/v1/phone-relay`,
      welcomeGreeting: "Bonjour ! Je suis Clara. Comment puis-je vous aider aujourd'hui ?",
      language: 'fr_FR',
      voice: 'female',
    });
    expect(body.callSid).toMatch(/^SB/);
    expect(await verifyPhoneCallToken(String(body.callToken), TOKEN_SECRET)).toEqual({
      callId: body.callId,
      callSid: body.callSid,
      source: 'sandbox',
    });
  });

  it('refuses another owner (404), an admin (404) and a visitor (401)', async () => {
    expect((await openSandbox(await tokenOfActor(cast.otherOwner.client), phone.agentId)).status).toBe(404);
    expect((await openSandbox(await tokenOfActor(cast.admin.client), phone.agentId)).status).toBe(404);
    const anon = await openSandbox(null, phone.agentId);
    expect(anon.status).toBe(401);
    expect(anon.body).toMatchObject({ error: { code: 'not_signed_in' } });
  });

  it('a sandbox call is billed by the server clock when the relay marks its end', async () => {
    const { body } = await openSandbox(await tokenOfActor(cast.owner.client), phone.agentId);
    await ageCall(cast.service, String(body.callId), 30);
    await cast.service.rpc('phone_mark_ended', { call_id: String(body.callId), reason: 'hangup' });
    expect(await ledgerOf(cast.service, String(body.callId))).toEqual([{ amount: -1 }]);
  });
});
