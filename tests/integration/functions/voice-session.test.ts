import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_LOGINS } from '../../../scripts/lib/demo-logins.ts';
import { startFakeOpenAI, type FakeOpenAI } from '../../fakes/openai/server.ts';
import { startTestStack, type TestStack } from '../support/stack.ts';

/**
 * voice-session through the local stack with the product's migrations and seed, and the fake
 * OpenAI's realtime calls API on loopback: availability, SDP relay, the call row and its web_voice
 * conversation, per-minute charging, the hang-up and the saved transcript, the no-credit refusal.
 */
const DEMO_AGENT = 'a0000000-0000-4000-8000-000000000001';
const DEMO_OWNER = 'd0000000-0000-4000-8000-000000000001';
const OFFER = 'v=0\r\no=- 4611731400430051336 2 IN IP4 127.0.0.1\r\ns=-\r\nt=0 0\r\n';

let stack: TestStack;
let fake: FakeOpenAI;

/** What the realtime calls API was sent, oldest first. */
function received(): { authorization: unknown; sdp: string; session: Record<string, unknown> }[] {
  return fake.requestsTo('realtime_calls').map((r) => ({
    authorization: r.headers.authorization,
    ...(r.body as { sdp: string; session: Record<string, unknown> }),
  }));
}

function fn(init: RequestInit & { query?: string } = {}): Promise<Response> {
  return fetch(`${stack.url}/functions/v1/voice-session${init.query ?? ''}`, {
    ...init,
    headers: {
      apikey: stack.anonKey,
      authorization: `Bearer ${stack.anonKey}`,
      'content-type': 'application/json',
      ...(init.headers as Record<string, string>),
    },
  });
}

beforeAll(async () => {
  fake = await startFakeOpenAI({ apiKey: 'sk-test-voice' });
  stack = await startTestStack({
    functionEnv: { OPENAI_API_KEY: fake.apiKey, OPENAI_BASE_URL: fake.baseURL },
  });
});

afterAll(async () => {
  await stack?.stop();
  await fake?.close();
});

describe('voice-session function', () => {
  it('says voice is available for the demo agent and 404 for an unknown one', async () => {
    await expect((await fn({ query: '?subdomain=demo' })).json()).resolves.toEqual({ available: true });
    expect((await fn({ query: '?subdomain=no-such-agent' })).status).toBe(404);
  });

  it('relays the SDP offer with the key and the agent session, then bills the call and keeps no page transcript', async () => {
    const service = stack.serviceClient();
    const before = (await service.from('profiles').select('credits').eq('id', DEMO_OWNER).single()).data as {
      credits: number;
    };

    const started = await fn({
      method: 'POST',
      body: JSON.stringify({ subdomain: 'demo', sdp: OFFER, recordingMimeType: 'audio/webm' }),
    });
    expect(started.status).toBe(200);
    const body = (await started.json()) as {
      sdp: string;
      callId: string;
      callToken: string;
      reservedSeconds: number;
      recordingUploadUrl: string;
    };
    expect(body.sdp).toMatch(/^v=0\r\n.*s=fake-answer/s);
    // One 5-minute block of the demo owner's balance is reserved (heartbeats top it up).
    expect(body.reservedSeconds).toBe(Math.min(before.credits * 60, 300));
    expect(received().at(-1)).toMatchObject({
      authorization: 'Bearer sk-test-voice',
      sdp: OFFER,
      session: { type: 'realtime', audio: { output: { voice: 'marin' } } },
    });
    expect(String(received().at(-1)?.session.instructions)).toContain('Le Petit Bistrot');

    const call = (await service.from('calls').select('*').eq('id', body.callId).single()).data as Record<
      string,
      unknown
    >;
    expect(call).toMatchObject({
      kind: 'browser_voice',
      assigned_agent: DEMO_AGENT,
      user_id: DEMO_OWNER,
      status: 'recording',
      agent_name: 'Clara',
    });
    // Pretend the call lasted 2 min 5 s and the caller spoke as it began (the server's control
    // connection stamps caller_audio_at; a call nobody spoke on costs nothing): the server
    // measures from the row, never from the browser.
    const startedAt = new Date(Date.now() - 125_000).toISOString();
    await service.from('calls').update({ timestamp: startedAt, caller_audio_at: startedAt }).eq('id', body.callId);

    // The page uploads the stereo recording to the one-time URL (no key needed), then ends the call.
    const audio = new Uint8Array(4096).map((_, i) => i % 251);
    const upload = await fetch(body.recordingUploadUrl, {
      method: 'PUT',
      headers: { 'content-type': 'audio/webm' },
      body: audio,
    });
    expect(upload.status).toBe(200);
    const ended = await fn({
      method: 'POST',
      body: JSON.stringify({
        action: 'end',
        callId: body.callId,
        callToken: body.callToken,
        transcript: [
          { role: 'assistant', text: 'Bonjour, cet appel est probablement enregistré.' },
          { role: 'user', text: 'Une table pour deux ce soir ?' },
        ],
      }),
    });
    const outcome = (await ended.json()) as { durationSeconds: number; creditsCharged: number };
    expect(outcome.creditsCharged).toBe(3);
    expect(outcome.durationSeconds).toBeGreaterThanOrEqual(125);
    // The provider's session is hung up with the call id its Location header gave.
    expect(fake.hangups).toEqual([fake.realtimeCalls.at(-1)?.id]);

    const after = (await service.from('profiles').select('credits').eq('id', DEMO_OWNER).single()).data as {
      credits: number;
    };
    expect(after.credits).toBe(before.credits - 3);
    const done = (
      await service
        .from('calls')
        .select('status, duration, credits_charged, conversation_id, recording_path, file_size, mime_type, format')
        .eq('id', body.callId)
        .single()
    ).data as Record<string, unknown>;
    expect(done).toMatchObject({
      status: 'completed',
      credits_charged: 3,
      file_size: 4096,
      mime_type: 'audio/webm',
      format: 'webm',
    });
    expect(String(done.recording_path)).toMatch(new RegExp(`^${DEMO_OWNER}/${DEMO_AGENT}/.+-call\\.webm$`));
    const stored = await service.storage.from('recordings').download(String(done.recording_path));
    expect(stored.data?.size).toBe(4096);
    // The upload URL is single-purpose: it cannot overwrite the file once written.
    expect(
      (await fetch(body.recordingUploadUrl, { method: 'PUT', headers: { 'content-type': 'audio/webm' }, body: audio }))
        .ok,
    ).toBe(false);
    const conversation = (
      await service
        .from('conversations')
        .select('channel')
        .eq('id', done.conversation_id as string)
        .single()
    ).data as { channel: string };
    expect(conversation.channel).toBe('web_voice');
    const lines = (
      await service
        .from('messages')
        .select('role, content')
        .eq('conversation_id', done.conversation_id as string)
        .order('timestamp')
    ).data;
    // The page's account of the call is not stored: the server writes what it observed itself
    // (here the agent's greeting, said on the server's control connection).
    expect(lines?.map((line) => line.content)).not.toContain('Bonjour, cet appel est probablement enregistré.');
    expect(lines?.map((line) => line.content)).not.toContain('Une table pour deux ce soir ?');
    // Ending twice does not charge twice: the second end gets the recorded outcome.
    const again = await fn({
      method: 'POST',
      body: JSON.stringify({ action: 'end', callId: body.callId, callToken: body.callToken }),
    });
    await expect(again.json()).resolves.toEqual(outcome);
    expect((await service.from('profiles').select('credits').eq('id', DEMO_OWNER).single()).data).toEqual(after);
  });

  it('lets the signed-in owner call their agent while its page is off (sandbox); tools run on the server only', async () => {
    const service = stack.serviceClient();
    const { error: off } = await service
      .from('agent_integrations')
      .update({ enabled: false })
      .eq('agent_id', DEMO_AGENT)
      .eq('kind', 'virtual_business_card');
    expect(off).toBeNull();
    try {
      const offer = JSON.stringify({ agentId: DEMO_AGENT, sdp: OFFER });
      // The core's agent loader caches an agent a few seconds: the page is off for visitors within them.
      await expect
        .poll(async () => (await fn({ query: `?agentId=${DEMO_AGENT}` })).status, { timeout: 10_000, interval: 500 })
        .toBe(404);
      expect((await fn({ method: 'POST', body: offer })).status).toBe(404);
      const { data: session, error: signInError } = await stack
        .anonClient()
        .auth.signInWithPassword({ email: DEMO_LOGINS.DEMO_OWNER_EMAIL, password: DEMO_LOGINS.DEMO_OWNER_PASSWORD });
      expect(signInError).toBeNull();
      const ownerToken = session.session?.access_token ?? '';
      const asOwner = { authorization: `Bearer ${ownerToken}` };
      expect((await fn({ query: `?agentId=${DEMO_AGENT}`, headers: asOwner })).status).toBe(200);
      expect(
        (await fn({ method: 'POST', body: offer, headers: { authorization: 'Bearer forged.jwt.token' } })).status,
      ).toBe(401);
      const started = await fn({ method: 'POST', body: offer, headers: asOwner });
      expect(started.status).toBe(200);
      const { callId, callToken } = (await started.json()) as { callId: string; callToken: string };
      // The realtime session offers the demo agent's tools; the page can no longer run them.
      const tools = (received().at(-1)?.session.tools ?? []) as { name: string }[];
      expect(tools.map((t) => t.name)).toContain('manage_calendar');
      const relay = await fn({
        method: 'POST',
        body: JSON.stringify({ action: 'tool', callId, callToken, name: 'manage_calendar', arguments: '{}' }),
      });
      expect(relay.status).toBe(400);
      await fn({ method: 'POST', body: JSON.stringify({ action: 'end', callId, callToken }) });
    } finally {
      await service
        .from('agent_integrations')
        .update({ enabled: true })
        .eq('agent_id', DEMO_AGENT)
        .eq('kind', 'virtual_business_card');
    }
  });

  it('refuses a call when the owner has no credits', async () => {
    const service = stack.serviceClient();
    const { credits } = (await service.from('profiles').select('credits').eq('id', DEMO_OWNER).single()).data as {
      credits: number;
    };
    if (credits > 0) {
      const { error } = await service.rpc('use_credits', { amount: credits, user_id: DEMO_OWNER });
      expect(error).toBeNull();
    }
    await expect((await fn({ query: '?subdomain=demo' })).json()).resolves.toEqual({
      available: false,
      reason: 'no_credits',
    });
    const refused = await fn({ method: 'POST', body: JSON.stringify({ subdomain: 'demo', sdp: OFFER }) });
    expect(refused.status).toBe(402);
    await expect(refused.json()).resolves.toMatchObject({ error: { code: 'no_credits' } });
  });
});
