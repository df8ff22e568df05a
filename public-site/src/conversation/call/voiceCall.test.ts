import { describe, expect, it } from 'vitest';
import { VOICE_HEARTBEAT_INTERVAL_SECONDS } from '@contracts/voice-lease.ts';
import { VoiceCall, type CallEnvironment } from './voiceCall.ts';
import { limitText } from '../limitText.ts';

const endpoint = { supabaseUrl: 'http://api.test', anonKey: 'anon' };
const CALL = 'c0000000-0000-4000-8000-000000000001';

/** Just enough of RTCPeerConnection / RTCDataChannel / MediaStream for the call flow. */
function fakeBrowser() {
  const sent: string[] = [];
  const stopped: string[] = [];
  const channel = {
    readyState: 'connecting',
    onopen: null as null | (() => void),
    onmessage: null as null | ((e: { data: string }) => void),
    send: (data: string) => void sent.push(data),
    close() {
      this.readyState = 'closed';
    },
  };
  let closed = false;
  let remote: { type: string; sdp: string } | null = null;
  const pc = {
    ontrack: null as null | ((e: { streams: unknown[] }) => void),
    addTrack: () => {},
    createDataChannel: (label: string) => (label === 'oai-events' ? channel : null),
    createOffer: async () => ({ type: 'offer', sdp: 'v=0\r\noffer\r\n' }),
    setLocalDescription: async () => {},
    setRemoteDescription: async (d: { type: string; sdp: string }) => void (remote = d),
    close: () => void (closed = true),
  };
  const track = { stop: () => void stopped.push('mic') };
  const env: CallEnvironment = {
    getUserMedia: async () => ({ getAudioTracks: () => [track], getTracks: () => [track] }) as unknown as MediaStream,
    createPeerConnection: () => pc as unknown as RTCPeerConnection,
    playRemote: () => {},
    setTimer: (fn, ms) => (ms <= 500 ? setTimeout(fn, 0) : 0),
    clearTimer: () => {},
  };
  const open = () => {
    channel.readyState = 'open';
    channel.onopen?.();
  };
  const serverSays = (event: unknown) => channel.onmessage?.({ data: JSON.stringify(event) });
  const agentAudio = () => pc.ontrack?.({ streams: [{ id: 'agent-audio' }] });
  return { env, sent, stopped, open, serverSays, agentAudio, isClosed: () => closed, remote: () => remote };
}

function fakeApi(startAnswer: () => Response, heartbeatAnswer: () => Response = () => Response.json({ open: true })) {
  const bodies: Record<string, unknown>[] = [];
  const visitorKeys: (string | null)[] = [];
  const uploads: { url: string; body: unknown; type: string | null }[] = [];
  const fetchFn: typeof fetch = async (input, init) => {
    if (init?.method === 'PUT') {
      uploads.push({ url: String(input), body: init.body, type: new Headers(init.headers).get('content-type') });
      bodies.push({ upload: true });
      return new Response('{}');
    }
    const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
    bodies.push(body);
    visitorKeys.push(new Headers(init?.headers).get('x-visitor-key'));
    if (body.action === 'end') return Response.json({ durationSeconds: 42, creditsCharged: 1 });
    if (body.action === 'heartbeat') return heartbeatAnswer();
    return startAnswer();
  };
  return { fetchFn, bodies, uploads, visitorKeys };
}

const okSession = () =>
  Response.json({
    sdp: 'v=0\r\nanswer\r\n',
    callId: CALL,
    callToken: '123.token',
    opening: 'Welcome the caller; say it is likely recorded.',
    reservedSeconds: 600,
    final: false,
  });

describe('VoiceCall', () => {
  it('records both sides once connected and uploads the recording before ending the call', async () => {
    const browser = fakeBrowser();
    const api = fakeApi(() =>
      Response.json({
        sdp: 'v=0\r\nanswer\r\n',
        callId: CALL,
        callToken: '123.token',
        opening: 'Hi',
        reservedSeconds: 600,
        final: false,
        recordingUploadUrl: 'http://api.test/storage/v1/object/upload/sign/recordings/x.webm?token=t',
      }),
    );
    const recorded: unknown[][] = [];
    const recording = new Blob(['stereo'], { type: 'audio/webm' });
    const recorder = {
      mimeType: 'audio/webm',
      start: (...streams: unknown[]) => void recorded.push(streams),
      stop: async () => recording,
    };
    const call = new VoiceCall(
      endpoint,
      { subdomain: 'demo' },
      { ...browser.env, fetchFn: api.fetchFn, createRecorder: () => recorder, visitorKey: 'a'.repeat(32) },
    );
    await call.start();
    expect(api.bodies[0]).toMatchObject({ recordingMimeType: 'audio/webm' });
    // The start names the visitor (per-visitor rate limit); nothing else needs it.
    expect(api.visitorKeys[0]).toBe('a'.repeat(32));
    browser.agentAudio();
    browser.open();
    await new Promise((r) => setTimeout(r, 5));
    expect(call.state.recording).toBe(true);
    expect(recorded).toHaveLength(1);
    expect((recorded[0]?.[1] as { id: string }).id).toBe('agent-audio');
    await call.end();
    expect(api.uploads).toEqual([
      {
        url: 'http://api.test/storage/v1/object/upload/sign/recordings/x.webm?token=t',
        body: recording,
        type: 'audio/webm',
      },
    ]);
    expect(api.bodies.map((b) => (b.upload ? 'upload' : (b.action ?? 'start')))).toEqual(['start', 'upload', 'end']);
  });

  it('goes idle → connecting → in progress (recording) → ended, carrying audio only: it sends and relays nothing', async () => {
    const browser = fakeBrowser();
    const api = fakeApi(okSession);
    const call = new VoiceCall(endpoint, { subdomain: 'demo' }, { ...browser.env, fetchFn: api.fetchFn });
    const seen: string[] = [];
    call.subscribe((s) => seen.push(s.status));
    await call.start();
    expect(api.bodies[0]).toEqual({ subdomain: 'demo', sdp: 'v=0\r\noffer\r\n' });
    expect(browser.remote()).toEqual({ type: 'answer', sdp: 'v=0\r\nanswer\r\n' });
    expect(call.state.status).toBe('connecting');
    browser.open();
    expect(call.state.status).toBe('in_progress');
    await new Promise((r) => setTimeout(r, 5));
    expect(call.state.recording).toBe(true);

    // What the model says on the data channel is the server's business (its sideband sees the
    // same events): transcripts are not kept, function calls not relayed, nothing is answered.
    browser.serverSays({ type: 'response.output_audio_transcript.done', transcript: 'Bonjour !' });
    browser.serverSays({ type: 'conversation.item.input_audio_transcription.completed', transcript: ' Une table ' });
    const fn = { call_id: 'call_7', name: 'get_time', arguments: '{}' };
    browser.serverSays({ type: 'response.function_call_arguments.done', ...fn });
    browser.serverSays({ type: 'response.output_item.done', item: { type: 'function_call', ...fn } });
    await new Promise((r) => setTimeout(r, 10));
    await call.end();
    expect(call.state).toEqual({
      status: 'ended',
      recording: false,
      endReason: null,
      limit: null,
      secondsLeft: null,
      rateable: true,
    });
    expect(seen).toEqual(['connecting', 'in_progress', 'in_progress', 'ended']);
    expect(browser.sent).toEqual([]);
    // Only start and end reach voice-session, and the end carries no transcript.
    expect(api.bodies).toEqual([
      { subdomain: 'demo', sdp: 'v=0\r\noffer\r\n' },
      { action: 'end', callId: CALL, callToken: '123.token' },
    ]);
    expect(browser.isClosed()).toBe(true);
    expect(browser.stopped).toEqual(['mic']);
    await call.end();
    expect(api.bodies).toHaveLength(2);
  });

  it('once a connected call ended, rates it with its call token through agent-chat/rating (and not before)', async () => {
    const browser = fakeBrowser();
    const api = fakeApi(okSession);
    const ratings: { url: string; body: unknown }[] = [];
    const fetchFn: typeof fetch = async (input, init) => {
      if (String(input).endsWith('/functions/v1/agent-chat/rating')) {
        ratings.push({ url: String(input), body: JSON.parse(String(init?.body)) });
        return Response.json({ satisfaction: 0.75 });
      }
      return api.fetchFn(input, init);
    };
    const call = new VoiceCall(endpoint, { subdomain: 'demo' }, { ...browser.env, fetchFn });
    await call.start();
    browser.open();
    await expect(call.rate(4)).rejects.toThrow();
    await call.end();
    await call.rate(4);
    await call.rate(2);
    expect(ratings).toEqual([
      {
        url: 'http://api.test/functions/v1/agent-chat/rating',
        body: { callId: CALL, callToken: '123.token', rating: 4 },
      },
      {
        url: 'http://api.test/functions/v1/agent-chat/rating',
        body: { callId: CALL, callToken: '123.token', rating: 2 },
      },
    ]);
  });

  it('ends with no_credits when the owner has none, without recording anything', async () => {
    const browser = fakeBrowser();
    const api = fakeApi(() => Response.json({ error: { code: 'no_credits', message: 'x' } }, { status: 402 }));
    const call = new VoiceCall(endpoint, { subdomain: 'demo' }, { ...browser.env, fetchFn: api.fetchFn });
    await call.start();
    expect(call.state).toEqual({
      status: 'ended',
      recording: false,
      endReason: 'no_credits',
      limit: null,
      secondsLeft: null,
      rateable: false,
    });
    // A call that never connected has nothing to rate.
    await expect(call.rate(5)).rejects.toThrow();
    expect(api.bodies).toHaveLength(1);
    expect(browser.stopped).toEqual(['mic']);
  });

  it('a start refused by a limit ends the call with that limit and the wait', async () => {
    const browser = fakeBrowser();
    const limit = { kind: 'voice_calls', scope: 'visitor', max: 5, windowSeconds: 600, retryAfterSeconds: 42 } as const;
    const api = fakeApi(() =>
      Response.json(
        { error: { code: 'rate_limited', message: 'x', details: { limit } } },
        { status: 429, headers: { 'retry-after': '42' } },
      ),
    );
    const call = new VoiceCall(endpoint, { subdomain: 'demo' }, { ...browser.env, fetchFn: api.fetchFn });
    await call.start();
    expect(call.state).toMatchObject({
      status: 'ended',
      endReason: 'limited',
      limit: { refusal: limit, retryAfterSeconds: 42 },
    });
    expect(limitText('en', limit)).toBe(
      'You have started the most calls allowed: 5 every 10 minutes. You can call again in 42 seconds.',
    );
    expect(limitText('fr', limit)).toBe(
      "Vous avez démarré le maximum d'appels autorisé : 5 toutes les 10 minutes. Vous pourrez rappeler dans 42 secondes.",
    );
  });

  it('a denied microphone ends the call as failed', async () => {
    const browser = fakeBrowser();
    const call = new VoiceCall(
      endpoint,
      { subdomain: 'demo' },
      { ...browser.env, getUserMedia: () => Promise.reject(new DOMException('denied', 'NotAllowedError')) },
    );
    await call.start();
    expect(call.state.endReason).toBe('failed');
  });

  it('hanging up while connecting still closes the call on the server', async () => {
    const browser = fakeBrowser();
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const api = fakeApi(okSession);
    const slowFetch: typeof fetch = async (input, init) => {
      if (!String(init?.body).includes('"action":"end"')) await gate;
      return api.fetchFn(input, init);
    };
    const call = new VoiceCall(
      endpoint,
      { id: 'a0000000-0000-4000-8000-000000000001' },
      { ...browser.env, fetchFn: slowFetch },
    );
    const starting = call.start();
    await new Promise((r) => setTimeout(r, 5));
    await call.end();
    release();
    await starting;
    expect(call.state.status).toBe('ended');
    expect(api.bodies.at(-1)).toMatchObject({ action: 'end', callId: CALL, callToken: '123.token' });
  });

  it('renews the lease every heartbeat interval with the call token, and stops when the call ends', async () => {
    const browser = fakeBrowser();
    const api = fakeApi(okSession);
    const pending: { fn: () => void; ms: number; cleared: boolean }[] = [];
    const call = new VoiceCall(
      endpoint,
      { subdomain: 'demo' },
      {
        ...browser.env,
        fetchFn: api.fetchFn,
        setTimer: (fn, ms) => {
          const timer = { fn, ms, cleared: false };
          pending.push(timer);
          return timer;
        },
        clearTimer: (timer) => void ((timer as { cleared: boolean }).cleared = true),
      },
    );
    await call.start();
    browser.open();
    const beats = () => pending.filter((t) => t.ms === VOICE_HEARTBEAT_INTERVAL_SECONDS * 1000);
    expect(beats()).toHaveLength(1);
    beats()[0]!.fn();
    await new Promise((r) => setTimeout(r, 5));
    expect(api.bodies.filter((b) => b.action === 'heartbeat')).toEqual([
      { action: 'heartbeat', callId: CALL, callToken: '123.token' },
    ]);
    // The next heartbeat is scheduled; ending the call cancels it.
    expect(beats()).toHaveLength(2);
    await call.end();
    expect(beats()[1]!.cleared).toBe(true);
    beats()[1]!.fn();
    await new Promise((r) => setTimeout(r, 5));
    expect(api.bodies.filter((b) => b.action === 'heartbeat')).toHaveLength(1);
  });

  it('ends the call (time limit) when the server answers a heartbeat that it is over', async () => {
    const browser = fakeBrowser();
    const api = fakeApi(okSession, () => Response.json({ open: false, secondsLeft: 0 }));
    const pending: { fn: () => void; ms: number }[] = [];
    const call = new VoiceCall(
      endpoint,
      { subdomain: 'demo' },
      { ...browser.env, fetchFn: api.fetchFn, setTimer: (fn, ms) => pending.push({ fn, ms }), clearTimer: () => {} },
    );
    await call.start();
    browser.open();
    pending.find((t) => t.ms === VOICE_HEARTBEAT_INTERVAL_SECONDS * 1000)!.fn();
    await new Promise((r) => setTimeout(r, 5));
    expect(call.state).toMatchObject({ status: 'ended', endReason: 'time_limit' });
    expect(api.bodies.at(-1)).toMatchObject({ action: 'end', callId: CALL, callToken: '123.token' });
  });

  it('ends when the reserved time runs out, moves that end when a heartbeat tops it up, and shows the time left once it cannot grow', async () => {
    const browser = fakeBrowser();
    let beat: Record<string, unknown> = { open: true, secondsLeft: 400, final: false };
    const api = fakeApi(
      () =>
        Response.json({
          sdp: 'v=0\r\nanswer\r\n',
          callId: CALL,
          callToken: '123.token',
          opening: 'Hi',
          reservedSeconds: 300,
          final: false,
        }),
      () => Response.json(beat),
    );
    const pending: { fn: () => void; ms: number; cleared: boolean }[] = [];
    const call = new VoiceCall(
      endpoint,
      { subdomain: 'demo' },
      {
        ...browser.env,
        fetchFn: api.fetchFn,
        setTimer: (fn, ms) => {
          const timer = { fn, ms, cleared: false };
          pending.push(timer);
          return timer;
        },
        clearTimer: (timer) => void ((timer as { cleared: boolean }).cleared = true),
      },
    );
    const live = (seconds: number) => pending.filter((t) => t.ms === seconds * 1000 && !t.cleared);
    const heartbeat = async () => {
      pending
        .filter((t) => t.ms === VOICE_HEARTBEAT_INTERVAL_SECONDS * 1000)
        .at(-1)!
        .fn();
      await new Promise((r) => setTimeout(r, 5));
    };
    await call.start();
    browser.open();
    // The call is cut off when its first reservation runs out.
    expect(live(300)).toHaveLength(1);
    expect(call.state.secondsLeft).toBeNull();

    // A heartbeat topped the reservation up: the end moves.
    await heartbeat();
    expect(live(300)).toHaveLength(0);
    expect(live(400)).toHaveLength(1);
    expect(call.state.secondsLeft).toBeNull();

    // The owner's balance is held: 100 s left for good. The visitor is told; the goodbye is the
    // server's to ask for (over its sideband), so the page schedules nothing else and sends nothing.
    beat = { open: true, secondsLeft: 100, final: true };
    await heartbeat();
    expect(call.state).toMatchObject({ status: 'in_progress', secondsLeft: 100 });
    expect(live(400)).toHaveLength(0);
    expect(live(80)).toHaveLength(0);
    expect(browser.sent).toEqual([]);
    live(100)[0]!.fn();
    await new Promise((r) => setTimeout(r, 5));
    expect(call.state).toMatchObject({ status: 'ended', recording: false, endReason: 'time_limit', secondsLeft: null });
    expect(api.bodies.at(-1)).toMatchObject({ action: 'end', callId: CALL, callToken: '123.token' });
  });
});
