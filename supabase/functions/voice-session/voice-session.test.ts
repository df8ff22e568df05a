import { describe, expect, it } from 'vitest';
import type { LoadedAgent } from '../_shared/conversation/agents.ts';
import { HttpError } from '../_shared/platform/errors.ts';
import { signToken, verifyToken } from '../_shared/platform/signing.ts';
import { recordingPath } from './session.ts';
import {
  createVoiceSessionHandler as createHandler,
  signCallToken,
  type Admission,
  type Heartbeat,
  type RealtimeProvider,
  type VoiceCaller,
  type VoiceSessionDeps,
  type VoiceStore,
} from './voice-session.ts';
import { VOICE_LEASE_SECONDS } from '../_shared/contracts/voice-lease.ts';

const AGENT: LoadedAgent = {
  id: 'a0000000-0000-4000-8000-000000000001',
  ownerId: 'd0000000-0000-4000-8000-000000000001',
  name: 'Clara',
  companyName: 'Le Petit Bistrot',
  systemPrompt: 'You are Clara, the host.',
  defaultLanguage: 'fr_FR',
  voice: 'female',
  whatsappVoiceReplies: false,
  publicChatEnabled: true,
  hasKnowledge: false,
  timeZone: null,
  interactions: [],
  tools: [],
};

/** The core's loader as the handler sees it: the demo agent by subdomain or id. */
const loadAgent: VoiceSessionDeps['loadAgent'] = async (ref) =>
  ('subdomain' in ref && ref.subdomain === 'demo') || ('agentId' in ref && ref.agentId === AGENT.id) ? AGENT : null;

const createVoiceSessionHandler = (deps: Omit<VoiceSessionDeps, 'loadAgent'> & Partial<VoiceSessionDeps>) =>
  createHandler({ loadAgent, ...deps });
const CALL = 'c0000000-0000-4000-8000-000000000001';
const OFFER = 'v=0\r\no=- 1 2 IN IP4 127.0.0.1\r\n';

const SECRET = 'test-secret';
const PROVIDER_CALL = 'rtc_fake000001';

/**
 * The store as the handler sees it. The money rules (timing, capping, reserving, charging once,
 * leases) are SQL and proven by the integration tests; this fake only settles once and reports
 * what it was given.
 */
function fakeStore(credits: number, elapsed = 61) {
  const ended: { callId: string; leaseSeconds: number }[] = [];
  const admitted: { agentId: string; caller: VoiceCaller }[] = [];
  const attached: string[] = [];
  const aborted: string[] = [];
  const hangups: { callId: string; hungUp: boolean }[] = [];
  const calls: string[] = [];
  let admission: Admission = { allowed: true, startId: 1 };
  let beat: Heartbeat | null = { open: true, secondsLeft: 100, final: false };
  const store: VoiceStore = {
    ownerCredits: async () => (calls.push('ownerCredits'), credits),
    admitCall: async (agentId, caller) => (admitted.push({ agentId, caller }), admission),
    linkStart: async (startId, callId) => void calls.push(`linkStart:${startId}:${callId}`),
    startCall: async () => {
      calls.push('startCall');
      if (credits < 1) throw noCreditsError();
      // One block (5 min) or what is left; the platform's longest call is 4 h.
      const reservedSeconds = Math.min(credits * 60, 300);
      return { callId: CALL, reservedSeconds, final: credits * 60 <= 300, longestSeconds: 14_400 };
    },
    attachProviderCall: async (id, providerCallId) => (attached.push(`${id}:${providerCallId}`), true),
    abortCall: async (id) => void aborted.push(id),
    heartbeat: async (id) => (id === CALL ? beat : null),
    controlHeartbeat: async (id) => (id === CALL && beat ? { ...beat, idleSeconds: 60 } : null),
    endCall: async (id, leaseSeconds) => {
      if (id !== CALL) return null;
      ended.push({ callId: id, leaseSeconds });
      const minutes = Math.ceil(elapsed / 60);
      const claimed = ended.length === 1;
      return {
        claimed,
        durationSeconds: elapsed,
        creditsCharged: Math.min(minutes, credits),
        providerCallId: claimed ? PROVIDER_CALL : null,
      };
    },
    recordHangup: async (callId, hungUp) => void hangups.push({ callId, hungUp }),
  };
  return {
    store,
    ended,
    admitted,
    attached,
    aborted,
    hangups,
    calls,
    refuse: (next: Admission) => {
      admission = next;
    },
    beat: (next: Heartbeat | null) => {
      beat = next;
    },
  };
}

function noCreditsError(): HttpError {
  return new HttpError(402, 'no_credits', 'This assistant cannot take voice calls right now.');
}

function fakeRealtime(failHangUp = false): RealtimeProvider & {
  offers: { sdp: string; session: Record<string, unknown> }[];
  hungUp: string[];
} {
  const offers: { sdp: string; session: Record<string, unknown> }[] = [];
  const hungUp: string[] = [];
  return {
    offers,
    hungUp,
    createCall: async (sdp, session) => (
      offers.push({ sdp, session }),
      { sdp: 'v=0\r\na=answer\r\n', providerCallId: PROVIDER_CALL }
    ),
    hangUp: async (id) => {
      if (failHangUp) throw new Error('provider down');
      hungUp.push(id);
      return 'hung_up';
    },
  };
}

const post = (body: unknown) =>
  new Request('http://fn/voice-session', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

describe('voice-session', () => {
  it('tells the AI Call button why voice is unavailable', async () => {
    const noProvider = createVoiceSessionHandler({
      store: fakeStore(10).store,
      realtime: null,
      model: 'gpt-realtime',
      tokenSecret: SECRET,
    });
    await expect((await noProvider(new Request('http://fn/voice-session?subdomain=demo'))).json()).resolves.toEqual({
      available: false,
      reason: 'no_provider',
    });
    const noCredits = createVoiceSessionHandler({
      store: fakeStore(0).store,
      realtime: fakeRealtime(),
      model: 'gpt-realtime',
      tokenSecret: SECRET,
    });
    await expect((await noCredits(new Request('http://fn/voice-session?subdomain=demo'))).json()).resolves.toEqual({
      available: false,
      reason: 'no_credits',
    });
    const ready = createVoiceSessionHandler({
      store: fakeStore(10).store,
      realtime: fakeRealtime(),
      model: 'gpt-realtime',
      tokenSecret: SECRET,
    });
    await expect((await ready(new Request('http://fn/voice-session?subdomain=demo'))).json()).resolves.toEqual({
      available: true,
    });
    expect((await ready(new Request('http://fn/voice-session?subdomain=nope'))).status).toBe(404);
    expect((await ready(new Request('http://fn/voice-session'))).status).toBe(400);
  });

  it('relays the offer with the core session, starts the call control and returns the answer and reservation', async () => {
    const realtime = fakeRealtime();
    const controlled: string[] = [];
    const handler = createVoiceSessionHandler({
      store: fakeStore(3).store,
      realtime,
      model: 'gpt-realtime',
      tokenSecret: SECRET,
      controlCall: (callId) => controlled.push(callId),
    });
    const res = await handler(post({ subdomain: 'demo', sdp: OFFER }));
    expect(res.status).toBe(200);
    const body = (await res.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ sdp: 'v=0\r\na=answer\r\n', callId: CALL, reservedSeconds: 180, final: true });
    // The server greets and converses on its control connection: the page gets no instructions.
    expect(body).not.toHaveProperty('opening');
    expect(controlled).toEqual([CALL]);
    expect(realtime.offers[0]?.sdp).toBe(OFFER);
    expect(realtime.offers[0]?.session).toMatchObject({
      type: 'realtime',
      model: 'gpt-realtime',
      audio: { output: { voice: 'marin' } },
    });
    expect(String(realtime.offers[0]?.session.instructions)).toContain('You are Clara, the host.');
  });

  it('refuses clearly: no provider 503, no credits 402, unknown agent 404, bad input 400, wrong type 415', async () => {
    const offer = { subdomain: 'demo', sdp: OFFER };
    expect(
      (
        await createVoiceSessionHandler({ store: fakeStore(3).store, realtime: null, model: 'm', tokenSecret: SECRET })(
          post(offer),
        )
      ).status,
    ).toBe(503);
    const broke = await createVoiceSessionHandler({
      store: fakeStore(0).store,
      realtime: fakeRealtime(),
      model: 'm',
      tokenSecret: SECRET,
    })(post(offer));
    expect(broke.status).toBe(402);
    await expect(broke.json()).resolves.toMatchObject({ error: { code: 'no_credits' } });
    const handler = createVoiceSessionHandler({
      store: fakeStore(3).store,
      realtime: fakeRealtime(),
      model: 'm',
      tokenSecret: SECRET,
    });
    expect((await handler(post({ subdomain: 'nope', sdp: OFFER }))).status).toBe(404);
    for (const bad of [
      { subdomain: 'demo', sdp: OFFER, recordingMimeType: 'video/mp4' },
      { subdomain: 'demo' },
      { subdomain: 'demo', sdp: 'hello' },
      { sdp: OFFER },
      { subdomain: 'demo', agentId: AGENT.id, sdp: OFFER },
      [],
      { action: 'fly' },
    ]) {
      expect((await handler(post(bad))).status, JSON.stringify(bad)).toBe(400);
    }
    expect((await handler(new Request('http://fn/voice-session', { method: 'POST', body: 'x' }))).status).toBe(415);
    expect((await handler(new Request('http://fn/voice-session', { method: 'PUT' }))).status).toBe(405);
  });

  it('a provider failure is a 502 and the call opened for it is forgotten (its minutes with it)', async () => {
    const fake = fakeStore(3);
    const handler = createVoiceSessionHandler({
      store: fake.store,
      realtime: { ...fakeRealtime(), createCall: async () => Promise.reject(new Error('upstream 500')) },
      model: 'm',
      tokenSecret: SECRET,
    });
    expect((await handler(post({ subdomain: 'demo', sdp: OFFER }))).status).toBe(502);
    expect(fake.aborted).toEqual([CALL]);
    expect(fake.attached).toEqual([]);
  });

  it('opens (reserving the minutes) before asking the provider, keeps its call id, and never asks for the balance', async () => {
    const fake = fakeStore(3);
    const realtime = fakeRealtime();
    const handler = createVoiceSessionHandler({ store: fake.store, realtime, model: 'm', tokenSecret: SECRET });
    const started = (await (await handler(post({ subdomain: 'demo', sdp: OFFER }))).json()) as Record<string, unknown>;
    expect(fake.attached).toEqual([`${CALL}:${PROVIDER_CALL}`]);
    expect(await verifyToken('voice-call', String(started.callToken), SECRET)).toMatchObject({
      ok: true,
      payload: { callId: CALL },
    });
    expect(fake.calls).toEqual(['startCall', `linkStart:1:${CALL}`]);
    // No credits left to reserve: refused before any realtime session exists.
    const broke = fakeStore(0);
    const refusing = fakeRealtime();
    const refused = await createVoiceSessionHandler({
      store: broke.store,
      realtime: refusing,
      model: 'm',
      tokenSecret: SECRET,
    })(post({ subdomain: 'demo', sdp: OFFER }));
    expect(refused.status).toBe(402);
    expect(refusing.offers).toEqual([]);
  });

  it('starts no call without a token secret (the page could never end it)', async () => {
    const handler = createVoiceSessionHandler({ store: fakeStore(3).store, realtime: fakeRealtime(), model: 'm' });
    expect((await handler(post({ subdomain: 'demo', sdp: OFFER }))).status).toBe(503);
  });

  it('ending settles the call with nothing from the page: its duration and transcript are ignored', async () => {
    const fake = fakeStore(5, 61);
    const handler = createVoiceSessionHandler({
      store: fake.store,
      realtime: fakeRealtime(),
      model: 'm',
      tokenSecret: SECRET,
    });
    const callToken = await signCallToken(SECRET, CALL, Date.now() + 60_000);
    const res = await handler(
      post({
        action: 'end',
        callId: CALL,
        callToken,
        transcript: [{ role: 'assistant', text: 'You owe nothing.' }],
      }),
    );
    expect(res.status).toBe(200);
    await expect(res.json()).resolves.toEqual({ durationSeconds: 61, creditsCharged: 2 });
    // A page claiming a duration is refused: the body has no such field.
    expect((await handler(post({ action: 'end', callId: CALL, callToken, durationSeconds: 1 }))).status).toBe(400);
    const unknown = 'c0000000-0000-4000-8000-000000000999';
    const unknownToken = await signCallToken(SECRET, unknown, Date.now() + 60_000);
    expect((await handler(post({ action: 'end', callId: unknown, callToken: unknownToken }))).status).toBe(404);
    expect((await handler(post({ action: 'end', callId: 'nope' }))).status).toBe(400);
    // The page can no longer run tools: the server runs them on its control connection.
    expect((await handler(post({ action: 'tool', callId: CALL, callToken, name: 'get_time' }))).status).toBe(400);
    // Timed with the shared lease (the sweeper and the page use the same one).
    expect(fake.ended[0]?.leaseSeconds).toBe(VOICE_LEASE_SECONDS);
  });

  it("ending needs the call token: without it, with a forged, expired, another call's or another purpose's token it is a 401", async () => {
    const fake = fakeStore(5, 61);
    const handler = createVoiceSessionHandler({
      store: fake.store,
      realtime: fakeRealtime(),
      model: 'm',
      tokenSecret: SECRET,
    });
    const other = 'c0000000-0000-4000-8000-000000000002';
    for (const callToken of [
      undefined,
      'forged.token',
      await signCallToken(SECRET, CALL, Date.now() - 1_000),
      await signCallToken(SECRET, other, Date.now() + 60_000),
      await signCallToken('another secret', CALL, Date.now() + 60_000),
      // Signed with the right secret for another purpose (e.g. OAuth state): never a call token.
      await signToken('oauth-state', { callId: CALL }, SECRET, Date.now() + 60_000),
    ]) {
      const refused = await handler(post({ action: 'end', callId: CALL, callToken }));
      expect(refused.status).toBe(401);
      await expect(refused.json()).resolves.toMatchObject({ error: { code: 'invalid_call_token' } });
    }
    expect(fake.ended).toEqual([]);
  });

  it('the request that settles a call hangs the provider call up, once; a failed hang-up is recorded, not thrown', async () => {
    const fake = fakeStore(5, 61);
    const realtime = fakeRealtime();
    const handler = createVoiceSessionHandler({ store: fake.store, realtime, model: 'm', tokenSecret: SECRET });
    const callToken = await signCallToken(SECRET, CALL, Date.now() + 60_000);
    const answers = await Promise.all([1, 2, 3].map(() => handler(post({ action: 'end', callId: CALL, callToken }))));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(realtime.hungUp).toEqual([PROVIDER_CALL]);
    expect(fake.hangups).toEqual([{ callId: CALL, hungUp: true }]);

    const down = fakeStore(5, 61);
    const failing = createVoiceSessionHandler({
      store: down.store,
      realtime: fakeRealtime(true),
      model: 'm',
      tokenSecret: SECRET,
    });
    const ended = await failing(post({ action: 'end', callId: CALL, callToken }));
    expect(ended.status).toBe(200);
    await expect(ended.json()).resolves.toEqual({ durationSeconds: 61, creditsCharged: 2 });
    expect(down.hangups).toEqual([{ callId: CALL, hungUp: false }]);
  });

  it('a heartbeat with the call token renews the lease; once the call is over it hangs the provider up', async () => {
    const fake = fakeStore(5);
    const realtime = fakeRealtime();
    const handler = createVoiceSessionHandler({ store: fake.store, realtime, model: 'm', tokenSecret: SECRET });
    const callToken = await signCallToken(SECRET, CALL, Date.now() + 60_000);
    const beat = (body: Record<string, unknown> = {}) =>
      handler(post({ action: 'heartbeat', callId: CALL, callToken, ...body }));
    await expect((await beat()).json()).resolves.toEqual({ open: true, secondsLeft: 100, final: false });
    // The reservation cannot grow: the page is told how long is left.
    fake.beat({ open: true, secondsLeft: 90, final: true });
    await expect((await beat()).json()).resolves.toEqual({ open: true, secondsLeft: 90, final: true });
    expect((await beat({ callToken: 'forged.token' })).status).toBe(401);
    expect(realtime.hungUp).toEqual([]);
    fake.beat({ open: false, providerCallId: PROVIDER_CALL });
    await expect((await beat()).json()).resolves.toEqual({ open: false, secondsLeft: 0 });
    expect(realtime.hungUp).toEqual([PROVIDER_CALL]);
    fake.beat(null);
    expect((await beat()).status).toBe(404);
  });

  it('refuses a start over a rate limit with 429 and Retry-After, before asking the provider', async () => {
    const fake = fakeStore(5);
    const realtime = fakeRealtime();
    const handler = createVoiceSessionHandler({
      store: fake.store,
      realtime,
      model: 'm',
      tokenSecret: SECRET,
      identifyCaller: async () => ({ userId: null, visitorKey: 'visitor:abc', addressKey: 'ip:1' }),
    });
    expect((await handler(post({ subdomain: 'demo', sdp: OFFER }))).status).toBe(200);
    expect(fake.admitted).toEqual([
      { agentId: AGENT.id, caller: { userId: null, visitorKey: 'visitor:abc', addressKey: 'ip:1' } },
    ]);
    fake.refuse({ allowed: false, scope: 'visitor', concurrent: false, retryAfterSeconds: 42 });
    const refused = await handler(post({ subdomain: 'demo', sdp: OFFER }));
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('42');
    // The refusal names the limit it hit (the default limits: 5 starts per visitor in 10 minutes).
    await expect(refused.json()).resolves.toMatchObject({
      error: {
        code: 'rate_limited',
        message: 'At most 5 calls may be started every 10 min. Try again in 42 s.',
        details: {
          limit: { kind: 'voice_calls', scope: 'visitor', max: 5, windowSeconds: 600, retryAfterSeconds: 42 },
        },
      },
    });
    expect(realtime.offers).toHaveLength(1);
    fake.refuse({ allowed: false, scope: 'address', concurrent: true, retryAfterSeconds: 30 });
    await expect((await handler(post({ subdomain: 'demo', sdp: OFFER }))).json()).resolves.toMatchObject({
      error: {
        message: '6 calls may be in progress at once. Try again in 30 s.',
        details: { limit: { kind: 'voice_calls', scope: 'address', max: 6, concurrent: true } },
      },
    });
  });
});

describe('voice session rules', () => {
  it('names recordings in the owner folder with the type extension', () => {
    expect(recordingPath(AGENT.ownerId, AGENT.id, new Date('2026-11-21T20:15:30.123Z'), 'audio/mp4')).toBe(
      `${AGENT.ownerId}/${AGENT.id}/2026-11-21T20-15-30-123Z-call.m4a`,
    );
  });
});

describe('voice-session callers', () => {
  it('lets the signed-in owner call their agent whose page is off (sandbox), not visitors; bad sessions are 401', async () => {
    const { store } = fakeStore(3);
    const handler = createVoiceSessionHandler({
      loadAgent: async () => ({ ...AGENT, publicChatEnabled: false }),
      store,
      realtime: fakeRealtime(),
      model: 'm',
      tokenSecret: SECRET,
      identifyCaller: async (request) => {
        const auth = request.headers.get('authorization');
        if (auth === 'Bearer forged') throw new HttpError(401, 'invalid_token', 'Your session is not valid.');
        const userId = auth === 'Bearer owner-session' ? AGENT.ownerId : null;
        return { userId, visitorKey: userId ? `user:${userId}` : 'ip:1', addressKey: 'ip:1' };
      },
    });
    const as = (token: string) =>
      new Request('http://fn/voice-session', {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ agentId: AGENT.id, sdp: OFFER }),
      });
    expect((await handler(as('owner-session'))).status).toBe(200);
    expect((await handler(as('anon'))).status).toBe(404);
    expect((await handler(as('forged'))).status).toBe(401);
  });
});
