/**
 * `voice-session`: the browser voice channel's HTTP side. The page carries audio only; the
 * conversation itself runs through the conversation core on the server's control connection to the
 * realtime call (_shared/conversation/channels/browser-voice.ts).
 *
 *   GET  ?subdomain=…            → {available, reason?}   (the AI Call button asks first)
 *   POST {subdomain|agentId, sdp, recordingMimeType?}
 *        → {sdp, callId, callToken, reservedSeconds, final, recordingUploadUrl?}
 *        opens a `web_voice` conversation and a `calls` row (kind browser_voice) reserving one block of the balance
 *        the owner's other open calls do not hold (less when less is left; 402 under a minute);
 *        relays the browser's SDP offer to OpenAI's `POST /v1/realtime/calls` with the session the
 *        core builds (the standard key never leaves the server), keeps the provider's call id, and
 *        starts the call's control (sideband) on the call control host: session, greeting, tools,
 *        transcripts, lease renewal and settling at the real end of the call. Also a one-time
 *        signed upload URL for the stereo recording. Starts are rate-limited per visitor, client
 *        address and agent (counters in Postgres), with a share of the agent's starts kept for
 *        addresses new in the window, and a visitor key or an address holds a few calls at once at
 *        most: 429 + Retry-After.
 *   POST {action:'heartbeat', callId, callToken} → {open, secondsLeft, final}
 *        the page's view of the reservation (_shared/contracts/voice-lease.ts): renews the lease and
 *        tops the reservation up; after the reservation or an expired lease {open: false} and the
 *        provider call is hung up.
 *   POST {action:'end', callId, callToken} → {durationSeconds, creditsCharged}
 *        the page hangs up: settles the call in Postgres (`voice_end_call`), claimed once, timed by
 *        the database clock, then hangs the provider call up. Any transcript or duration the page
 *        sends is ignored: the server's control connection wrote what was said, and a page that
 *        never calls `end` changes nothing (the control connection settles at the real end; the
 *        sweeper settles calls whose lease expired).
 *
 * 503 voice_unavailable without a realtime-capable provider (no OPENAI_API_KEY), 402 no_credits
 * when the owner's balance is empty, 404 for an agent whose page is off, 400 for bad input.
 */
import { HttpError, errorResponse, httpErrorResponse, jsonResponse } from '../_shared/platform/errors.ts';
import { readJsonBody, validate } from '../_shared/platform/validate.ts';
import { firstIssueMessage } from '../_shared/conversation/input.ts';
import type { AgentLoader, LoadedAgent } from '../_shared/conversation/agents.ts';
import { realtimeSession } from '../_shared/conversation/channels/browser-voice.ts';
import { voiceAgentRefSchema, voiceHeldCallSchema, voiceStartBodySchema } from '../_shared/contracts/voice-session.ts';
import { z } from 'zod';
import { hangUpCall } from '../_shared/voice/hang-up.ts';
import { VOICE_LEASE_SECONDS } from '../_shared/contracts/voice-lease.ts';
import type { RealtimeProvider } from '../_shared/voice/openai-realtime.ts';
import { isTokenForCall, signCallToken, VOICE_CALL_TOKEN_PURPOSE } from '../_shared/voice/call-token.ts';
import { VOICE_START_LIMITS, type VoiceStartLimits } from './limits.ts';
import { englishWait, englishWindow, limitDetails, type LimitRefusal } from '../_shared/contracts/limit-refusal.ts';

/** Who starts a call: the signed-in owner (sandbox) or a visitor, and the rate-limit keys. */
export interface VoiceCaller {
  userId: string | null;
  /** `user:…`, `visitor:…` (the page's x-visitor-key) or the client address key. */
  visitorKey: string;
  /** A hash of the client address (never the raw address). */
  addressKey: string;
}

/**
 * A start admitted (its id ties it to the call it opens, which it then counts as while open), or
 * refused: too many starts in the window for a scope, or too many calls in progress (`concurrent`).
 */
export type Admission =
  | { allowed: true; startId: number }
  | { allowed: false; scope: 'visitor' | 'address' | 'agent'; concurrent: boolean; retryAfterSeconds: number };

/** What settling a call gave: `claimed` is false for every `end` but the one that closed it. */
export interface CallOutcome {
  claimed: boolean;
  durationSeconds: number;
  creditsCharged: number;
  /** The provider call to hang up: given only to the request that claimed the call. */
  providerCallId: string | null;
}

/**
 * A heartbeat's answer: the lease renewed (and the reservation topped up when due; `final` when it
 * cannot grow, so the call ends in `secondsLeft`), or the call is over (past its reservation or lease).
 */
export type Heartbeat =
  { open: true; secondsLeft: number; final: boolean } | { open: false; providerCallId: string | null };

/** An opened call: its first reservation, whether that can grow now, and the longest it could last. */
export interface StartedCall {
  callId: string;
  reservedSeconds: number;
  final: boolean;
  /** The platform's longest call: the call token lives this long (plus a grace). */
  longestSeconds: number;
  recordingUploadUrl?: string;
}

export type { RealtimeProvider };

export interface VoiceStore {
  /** The owner's balance (availability only: opening a call checks and reserves it itself). */
  ownerCredits(ownerId: string): Promise<number>;
  /** Counts the start against the visitor, address and agent limits (atomically, shared by all instances). */
  admitCall(agentId: string, caller: VoiceCaller, limits: VoiceStartLimits): Promise<Admission>;
  /** Ties an admitted start to its opened call: the start counts as a call in progress while it is open. */
  linkStart(startId: number, callId: string): Promise<void>;
  /**
   * Opens the call rows on the database clock, reserving one block of the balance the owner's open
   * calls do not hold (heartbeats top it up); with a recording type, also a one-time upload URL.
   * `callerId` is the verified signed-in caller (null for visitors): the database marks the call as
   * the owner's sandbox test when it is the agent's owner. Throws a 402 HttpError without credits.
   */
  startCall(
    agent: { id: string; ownerId: string },
    recordingMimeType: string | null,
    callerId: string | null,
  ): Promise<StartedCall>;
  /** Keeps the provider's call id on the open call; false when the call is no longer open. */
  attachProviderCall(callId: string, providerCallId: string): Promise<boolean>;
  /** Forgets a call the provider never took (no provider call yet): its rows and reservation. */
  abortCall(callId: string): Promise<void>;
  /** The page's heartbeat: renews the lease of an open call; null when the call is not open (unknown or settled). */
  heartbeat(callId: string, leaseSeconds: number): Promise<Heartbeat | null>;
  /**
   * The server's control connection: tops the reservation up, but renews the lease only when it
   * saw the caller's audio since its last renewal; with the agent's idle cut-off. Null when not open.
   */
  controlHeartbeat(
    callId: string,
    leaseSeconds: number,
    callerAudio: boolean,
  ): Promise<(Heartbeat & { idleSeconds: number }) | null>;
  /** Settles the call once (timing, charge, recording); null for an unknown call. */
  endCall(callId: string, leaseSeconds: number): Promise<CallOutcome | null>;
  /** Records a hang-up: done, or one more failed attempt (the sweeper retries). */
  recordHangup(callId: string, hungUp: boolean): Promise<void>;
}

export interface VoiceSessionDeps {
  store: VoiceStore;
  /** null when no realtime-capable provider is configured. */
  realtime: RealtimeProvider | null;
  /** The realtime model, or how to read it per call (the admin's internal call model setting). */
  model: string | (() => Promise<string>);
  log?: (event: string, details: Record<string, unknown>) => void;
  /**
   * The caller: the signed-in user behind a non-anonymous bearer (null for visitors; throws a 401
   * HttpError for an invalid session) and the rate-limit keys. Absent: one anonymous visitor.
   */
  identifyCaller?: (request: Request) => Promise<VoiceCaller>;
  /** Call start limits (default VOICE_START_LIMITS). */
  startLimits?: VoiceStartLimits;
  /** The core's agent loader (agent_for_turn). */
  loadAgent: AgentLoader;
  /**
   * Starts the server side of a connected call (the sideband controller) on the call control host;
   * absent, the call runs without server control (tests of the HTTP surface only).
   */
  controlCall?: (callId: string) => void;
  /** HMAC key of the call tokens: heartbeats, tools and `end` need one, so no call starts without it. */
  tokenSecret?: string;
  now?: () => number;
}

/** A call token outlives the longest call by this much (the goodbye, the last tool call). */
const TOKEN_GRACE_SECONDS = 120;

// The call token (heartbeats, `end`, the end-of-call rating) is defined in _shared/voice/call-token.ts.
export { signCallToken, VOICE_CALL_TOKEN_PURPOSE };

/** Zod's first issue as a 400 `invalid_request` that says what to fix (every issue in details). */
function parsed<T extends z.ZodType>(schema: T, raw: unknown): z.output<T> {
  return validate(schema, raw, firstIssueMessage);
}

function agentRef(raw: { agentId?: unknown; subdomain?: unknown }): { subdomain: string } | { agentId: string } {
  if ((raw.subdomain === undefined) === (raw.agentId === undefined))
    throw new HttpError(400, 'invalid_request', 'Give exactly one of agentId or subdomain.');
  const ref = parsed(
    voiceAgentRefSchema,
    raw.agentId !== undefined ? { agentId: raw.agentId } : { subdomain: raw.subdomain },
  );
  return 'agentId' in ref ? { agentId: ref.agentId } : { subdomain: ref.subdomain };
}

export function noCredits(): HttpError {
  return new HttpError(
    402,
    'no_credits',
    'This assistant has no voice minutes left (a call needs at least one minute of credit).',
  );
}

/** The limit that refused a start: calls held at once, or calls started in the window, per scope. */
export function voiceCallLimit(
  refusal: Extract<Admission, { allowed: false }>,
  limits: VoiceStartLimits,
): LimitRefusal {
  const max = refusal.concurrent
    ? refusal.scope === 'visitor'
      ? limits.concurrentPerVisitor
      : limits.concurrentPerAddress
    : refusal.scope === 'visitor'
      ? limits.perVisitor
      : refusal.scope === 'address'
        ? limits.perAddress
        : limits.perAgent;
  return {
    kind: 'voice_calls',
    scope: refusal.scope,
    max,
    ...(refusal.concurrent ? { concurrent: true } : { windowSeconds: limits.windowSeconds }),
    retryAfterSeconds: refusal.retryAfterSeconds,
  };
}

function tooManyCalls(refusal: Extract<Admission, { allowed: false }>, limits: VoiceStartLimits): HttpError {
  const limit = voiceCallLimit(refusal, limits);
  const window = englishWindow(limits.windowSeconds);
  const who = refusal.concurrent
    ? `${limit.max} calls may be in progress at once`
    : refusal.scope === 'agent'
      ? `This assistant takes at most ${limit.max} calls every ${window}`
      : `At most ${limit.max} calls may be started every ${window}`;
  return new HttpError(
    429,
    'rate_limited',
    `${who}. Try again in ${englishWait(refusal.retryAfterSeconds)}.`,
    { 'retry-after': String(refusal.retryAfterSeconds) },
    limitDetails(limit),
  );
}

export function createVoiceSessionHandler(deps: VoiceSessionDeps): (request: Request) => Promise<Response> {
  const now = deps.now ?? Date.now;
  const json = (body: unknown) => jsonResponse(body);

  const limits = deps.startLimits ?? VOICE_START_LIMITS;
  const callerOf = async (request: Request): Promise<VoiceCaller> =>
    deps.identifyCaller
      ? await deps.identifyCaller(request)
      : { userId: null, visitorKey: 'anonymous', addressKey: 'unknown' };

  /** Hangs the provider call up (logged and left to the sweeper on failure, never thrown). */
  const hangUp = (callId: string, providerCallId: string): Promise<boolean> =>
    deps.realtime
      ? hangUpCall(
          { provider: deps.realtime, record: (id, ok) => deps.store.recordHangup(id, ok), log: deps.log },
          callId,
          providerCallId,
        )
      : Promise.resolve(false);

  /** The call id of a heartbeat or `end`, once its call token proves the caller holds that call. */
  async function heldCall(body: z.infer<typeof voiceHeldCallSchema>): Promise<string> {
    const { callId, callToken } = body;
    if (!deps.tokenSecret || !callToken || !(await isTokenForCall(deps.tokenSecret, callId, callToken, now())))
      throw new HttpError(401, 'invalid_call_token', 'The call token is missing, expired or not for this call.');
    return callId;
  }

  /** The agent when its public page is on; for its signed-in owner (console sandbox) whatever the page. */
  async function callableAgent(
    ref: { subdomain: string } | { agentId: string },
    userId: string | null,
  ): Promise<LoadedAgent> {
    const agent = await deps.loadAgent(ref);
    if (!agent || (!agent.publicChatEnabled && agent.ownerId !== userId))
      throw new HttpError(404, 'agent_not_found', 'No public agent with this address.');
    return agent;
  }

  async function availability(request: Request, url: URL): Promise<Response> {
    const ref = agentRef(Object.fromEntries(url.searchParams));
    const agent = await callableAgent(ref, (await callerOf(request)).userId);
    if (!deps.realtime) return json({ available: false, reason: 'no_provider' });
    if ((await deps.store.ownerCredits(agent.ownerId)) < 1) return json({ available: false, reason: 'no_credits' });
    return json({ available: true });
  }

  async function start(request: Request, raw: Record<string, unknown>): Promise<Response> {
    const body = parsed(voiceStartBodySchema, raw);
    const ref = agentRef(body);
    const recordingMimeType = body.recordingMimeType ?? null;
    // Without a token secret a call could never be ended by its page: refuse to start one.
    if (!deps.realtime || !deps.tokenSecret)
      throw new HttpError(
        503,
        'voice_unavailable',
        'Voice calls are not available: no realtime voice provider is configured.',
      );
    const caller = await callerOf(request);
    const agent = await callableAgent(ref, caller.userId);
    // Before the provider is asked: every admitted start costs a realtime session.
    const admission = await deps.store.admitCall(agent.id, caller, limits);
    if (!admission.allowed) throw tooManyCalls(admission, limits);
    // Opened (and its minutes reserved) before the provider is asked: 402 costs no session.
    const { callId, reservedSeconds, final, longestSeconds, recordingUploadUrl } = await deps.store.startCall(
      agent,
      recordingMimeType,
      caller.userId,
    );
    await deps.store.linkStart(admission.startId, callId);
    let answer: { sdp: string; providerCallId: string };
    try {
      // The same session the control connection sends: usable from the first audio packet.
      answer = await deps.realtime.createCall(
        body.sdp,
        realtimeSession(agent, typeof deps.model === 'string' ? deps.model : await deps.model()),
      );
    } catch (error) {
      deps.log?.('voice_session_provider_failed', { agentId: agent.id, error: String(error) });
      await deps.store.abortCall(callId);
      throw new HttpError(502, 'provider_error', 'The voice service did not answer. Please try again.');
    }
    if (!(await deps.store.attachProviderCall(callId, answer.providerCallId))) {
      // Settled meanwhile (cannot happen within the lease, but never leave a provider call running).
      await deps.realtime.hangUp(answer.providerCallId).catch(() => undefined);
      throw new HttpError(409, 'call_ended', 'The call ended before it was connected. Please try again.');
    }
    deps.controlCall?.(callId);
    // Heartbeats may grow the reservation up to the longest call: the token must outlive that.
    const callToken = await signCallToken(
      deps.tokenSecret,
      callId,
      now() + (longestSeconds + TOKEN_GRACE_SECONDS) * 1000,
    );
    return json({
      sdp: answer.sdp,
      callId,
      callToken,
      reservedSeconds,
      final,
      ...(recordingUploadUrl ? { recordingUploadUrl } : {}),
    });
  }

  async function heartbeat(body: z.infer<typeof voiceHeldCallSchema>): Promise<Response> {
    const callId = await heldCall(body);
    const beat = await deps.store.heartbeat(callId, VOICE_LEASE_SECONDS);
    if (!beat) throw new HttpError(404, 'call_not_found', 'No call in progress with this id.');
    if (beat.open) return json({ open: true, secondsLeft: beat.secondsLeft, final: beat.final });
    // Past its reservation or its lease: the page is cut off (it then ends the call, or the sweeper does).
    if (beat.providerCallId) await hangUp(callId, beat.providerCallId);
    return json({ open: false, secondsLeft: 0 });
  }

  async function end(body: z.infer<typeof voiceHeldCallSchema>): Promise<Response> {
    const callId = await heldCall(body);
    // Any duration or transcript the page sends is ignored: the database clock times the call.
    const outcome = await deps.store.endCall(callId, VOICE_LEASE_SECONDS);
    if (!outcome) throw new HttpError(404, 'call_not_found', 'No call with this id.');
    // Settled first: a hang-up failure is the sweeper's to retry, never a reason to keep billing.
    if (outcome.claimed && outcome.providerCallId) await hangUp(callId, outcome.providerCallId);
    return json({ durationSeconds: outcome.durationSeconds, creditsCharged: outcome.creditsCharged });
  }

  return async (request) => {
    try {
      if (request.method === 'GET') return await availability(request, new URL(request.url));
      if (request.method !== 'POST')
        return errorResponse(405, 'method_not_allowed', 'Use GET or POST.', { allow: 'GET, POST' });
      const raw = await readJsonBody(request);
      if (raw === null || typeof raw !== 'object' || Array.isArray(raw))
        throw new HttpError(400, 'invalid_request', 'The request body must be a JSON object.');
      const body = raw as Record<string, unknown>;
      if (body.action === 'end' || body.action === 'heartbeat') {
        const held = parsed(voiceHeldCallSchema, body);
        return held.action === 'end' ? await end(held) : await heartbeat(held);
      }
      if (body.action !== undefined && body.action !== 'start')
        throw new HttpError(400, 'invalid_request', 'action must be start, heartbeat or end.');
      return await start(request, body);
    } catch (error) {
      if (error instanceof HttpError) return httpErrorResponse(error);
      deps.log?.('voice_session_failed', { error: String(error) });
      return errorResponse(500, 'internal_error', 'Something went wrong. Please try again.');
    }
  };
}
