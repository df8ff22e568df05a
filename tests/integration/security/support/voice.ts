/**
 * Shared set-up for the voice security suites (voice-billing, voice-call-control,
 * voice-reservations): a local stack whose functions talk to the fake OpenAI realtime calls API,
 * owners A and B, and the requests a visitor's page and the scheduler send.
 */
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { startFakeOpenAI, type FakeOpenAI } from '../../../fakes/openai/server.ts';
import { createOwner, type Owner } from '../../agent-chat/support.ts';
import { startTestStack, type TestStack } from '../../support/stack.ts';

/** A minimal SDP offer: the fake realtime API answers any offer. */
export const OFFER = 'v=0\r\no=- 4611731400430051336 2 IN IP4 127.0.0.1\r\ns=-\r\nt=0 0\r\n';

export interface VoiceStack {
  stack: TestStack;
  openai: FakeOpenAI;
  ownerA: Owner;
  ownerB: Owner;
  stop(): Promise<void>;
}

/** Starts the fake realtime API and a stack pointed at it, with owners A and B signed in. */
export async function startVoiceStack(apiKey: string, functionEnv: Record<string, string> = {}): Promise<VoiceStack> {
  const openai = await startFakeOpenAI({ apiKey });
  const stack = await startTestStack({
    functionEnv: { OPENAI_API_KEY: openai.apiKey, OPENAI_BASE_URL: openai.baseURL, ...functionEnv },
  });
  return {
    stack,
    openai,
    ownerA: await createOwner(stack, 'owner-a'),
    ownerB: await createOwner(stack, 'owner-b'),
    stop: async () => {
      await stack.stop();
      await openai.close();
    },
  };
}

/** A started call as its page holds it. */
export interface HeldCall {
  callId: string;
  callToken: string;
  reservedSeconds: number;
  final: boolean;
}

export interface SweepRun {
  settled: number;
  creditsCharged: number;
  hungUp: number;
}

const newVisitorKey = () => randomUUID().replaceAll('-', '');

/**
 * The voice requests of a suite, bound to its stack through a getter because the stack only
 * exists once `beforeAll` has run.
 */
export function voiceRequests(currentStack: () => TestStack) {
  /** voice-session as a page sends it: the anon key (or an owner's session) and a visitor key. */
  const voiceSession = (
    body: Record<string, unknown>,
    options: { bearer?: string; visitorKey?: string } = {},
  ): Promise<Response> => {
    const stack = currentStack();
    return fetch(`${stack.url}/functions/v1/voice-session`, {
      method: 'POST',
      headers: {
        apikey: stack.anonKey,
        authorization: `Bearer ${options.bearer ?? stack.anonKey}`,
        'content-type': 'application/json',
        'x-visitor-key': options.visitorKey ?? newVisitorKey(),
      },
      body: JSON.stringify(body),
    });
  };

  /** One visitor's page: every request carries the same browser key. */
  const visitor = (visitorKey = newVisitorKey()) => ({
    start: (subdomain: string) => voiceSession({ subdomain, sdp: OFFER }, { visitorKey }),
    end: (held: Pick<HeldCall, 'callId' | 'callToken'>, extra: Record<string, unknown> = {}) =>
      voiceSession({ action: 'end', callId: held.callId, callToken: held.callToken, ...extra }, { visitorKey }),
    heartbeat: (held: Pick<HeldCall, 'callId' | 'callToken'>) =>
      voiceSession({ action: 'heartbeat', callId: held.callId, callToken: held.callToken }, { visitorKey }),
  });

  /**
   * A started call whose caller is heard (the control connection saw their audio as the call
   * began): a call nobody spoke on costs nothing, which voice-presence.test.ts covers.
   */
  const startCall = async (subdomain: string): Promise<HeldCall> => {
    const started = await visitor().start(subdomain);
    expect(started.status).toBe(200);
    const held = (await started.json()) as HeldCall;
    const { error } = await currentStack()
      .serviceClient()
      .from('calls')
      .update({ caller_audio_at: new Date().toISOString() })
      .eq('id', held.callId);
    expect(error).toBeNull();
    return held;
  };

  const credits = async (owner: Owner): Promise<number> => {
    const { data } = await currentStack()
      .serviceClient()
      .from('profiles')
      .select('credits')
      .eq('id', owner.id)
      .single();
    return (data as { credits: number }).credits;
  };

  /** Sets the owner's balance exactly (grant or spend the difference). */
  const setCredits = async (owner: Owner, target: number): Promise<void> => {
    const service = currentStack().serviceClient();
    const difference = target - (await credits(owner));
    const { error } =
      difference > 0
        ? await service.rpc('admin_grant_credits', { user_id: owner.id, amount: difference })
        : difference < 0
          ? await service.rpc('use_credits', { amount: -difference, user_id: owner.id })
          : { error: null };
    expect(error).toBeNull();
  };

  /**
   * Moves the call's start (and, when given, its last heartbeat) into the past, in seconds before
   * now (service role; the function never writes these columns from a page). The caller's audio
   * is moved to the start with it.
   */
  const age = async (callId: string, startedSecondsAgo: number, lastSeenSecondsAgo?: number): Promise<void> => {
    const at = (seconds: number) => new Date(Date.now() - seconds * 1000).toISOString();
    const { error } = await currentStack()
      .serviceClient()
      .from('calls')
      .update({
        timestamp: at(startedSecondsAgo),
        caller_audio_at: at(startedSecondsAgo),
        ...(lastSeenSecondsAgo === undefined ? {} : { last_seen_at: at(lastSeenSecondsAgo) }),
      })
      .eq('id', callId);
    expect(error).toBeNull();
  };

  /** The sweeper as the scheduler calls it (the service role by default). */
  const requestSweep = (token?: string, body: Record<string, unknown> = {}): Promise<Response> => {
    const stack = currentStack();
    return fetch(`${stack.url}/functions/v1/voice-call-sweeper`, {
      method: 'POST',
      headers: {
        apikey: stack.anonKey,
        authorization: `Bearer ${token ?? stack.serviceRoleKey}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify(body),
    });
  };

  /** One successful sweeper run and its figures. */
  const sweep = async (): Promise<SweepRun> => {
    const run = await requestSweep();
    expect(run.status).toBe(200);
    return (await run.json()) as SweepRun;
  };

  return { voiceSession, visitor, startCall, credits, setCredits, age, requestSweep, sweep };
}
