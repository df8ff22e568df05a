/**
 * `voice-session`: the server side of a browser voice call (issue 8, spec 002 §4.1, §7.1).
 *
 *   GET  ?subdomain=…            → {available, reason?}   (the AI Call button asks first)
 *   POST {subdomain|agentId, sdp, recordingMimeType?}
 *        → {sdp, callId, callToken, opening, reservedSeconds, final, recordingUploadUrl?}
 *        opens a `web_voice` conversation and a `voice_calls` row reserving one block of the balance
 *        the owner's other open calls do not hold (less when less is left; 402 under a minute);
 *        `final` when the reservation cannot grow now. Relays the browser's SDP offer to
 *        OpenAI's `POST /v1/realtime/calls` with the agent's session (the standard key never leaves
 *        the server) and keeps the provider's call id to hang it up; also a one-time signed upload
 *        URL for the stereo recording. Starts are rate-limited per visitor, client address and
 *        agent (counters in Postgres): 429 + Retry-After.
 *   POST {action:'heartbeat', callId, callToken} → {open, secondsLeft, final}
 *        renews the call's liveness lease (_shared/contracts/voice-lease.ts) on the database clock and tops
 *        its reservation up by another block when little of it is left and credits remain;
 *        `final` when it cannot grow (the call ends in secondsLeft). After the reservation or an
 *        expired lease: {open: false} and the provider call is hung up.
 *   POST {action:'tool', callId, callToken, name, arguments, toolCallId} → {ok, output}
 *        runs one of the agent's enabled tools asked for by the realtime model (tools.ts); the
 *        call token from the start answer proves the caller holds this call, until it expires.
 *   POST {action:'end', callId, callToken, transcript} → {durationSeconds, creditsCharged}
 *        with the call token only: settles the call in Postgres (`voice_end_call`): claimed once,
 *        timed by the database clock (at the last heartbeat if the lease had expired) and capped by
 *        the call's reservation, charged per started minute up to the balance, once however
 *        many `end` requests race (the later ones get the same outcome), then hangs the provider
 *        call up. Nothing the page sends sets money; its transcript is stored as unverified lines
 *        (kept from connectors). Calls never ended are settled by `voice-call-sweeper` once their
 *        lease expires or their reservation passes.
 *
 * 503 voice_unavailable without a realtime-capable provider (no OPENAI_API_KEY), 402 no_credits
 * when the owner's balance is empty, 404 for an agent whose page is off, 400 for bad input.
 */
import { HttpError, errorResponse, httpErrorResponse } from '../_shared/web/errors.ts';
import { readJsonBody } from '../_shared/web/json-body.ts';
import { storableText } from '../_shared/engine/safe-text.ts';
import { serializeToolResult, parseToolArguments } from '../_shared/engine/tools.ts';
import { hangUpCall } from '../_shared/voice/hang-up.ts';
import { VOICE_LEASE_SECONDS } from '../_shared/contracts/voice-lease.ts';
import type { RealtimeProvider } from '../_shared/voice/openai-realtime.ts';
import { agentFunctions, realtimeTools, signCallToken, verifyCallToken, type VoiceToolDeps } from './tools.ts';
import { RECORDING_TYPES, openingInstruction, realtimeSession, type VoiceAgent } from './session.ts';
import { VOICE_START_LIMITS, type VoiceStartLimits } from './limits.ts';

export const CORS_HEADERS: Record<string, string> = {
  'access-control-allow-origin': '*',
  'access-control-allow-headers': 'authorization, x-client-info, apikey, content-type, x-visitor-key',
  'access-control-allow-methods': 'GET, POST, OPTIONS',
  'access-control-expose-headers': 'retry-after',
};

export interface TranscriptLine {
  role: 'user' | 'assistant';
  text: string;
}

/** Who starts a call: the signed-in owner (sandbox) or a visitor, and the rate-limit keys. */
export interface VoiceCaller {
  userId: string | null;
  /** `user:…`, `visitor:…` (the page's x-visitor-key) or the client address key. */
  visitorKey: string;
  /** A hash of the client address (never the raw address). */
  addressKey: string;
}

export type Admission =
  { allowed: true } | { allowed: false; scope: 'visitor' | 'address' | 'agent'; retryAfterSeconds: number };

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
  /**
   * The agent when its public page is on, else null; for `ownerId` (the signed-in owner testing
   * from the console sandbox) their own agent whatever the page.
   */
  loadAgent(ref: { subdomain: string } | { agentId: string }, ownerId?: string | null): Promise<VoiceAgent | null>;
  /** The owner's balance (availability only: opening a call checks and reserves it itself). */
  ownerCredits(ownerId: string): Promise<number>;
  /** Counts the start against the visitor, address and agent limits (atomically, shared by all instances). */
  admitCall(agentId: string, caller: VoiceCaller, limits: VoiceStartLimits): Promise<Admission>;
  /**
   * Opens the call rows on the database clock, reserving one block of the balance the owner's open
   * calls do not hold (heartbeats top it up); with a recording type, also a one-time upload URL.
   * Throws a 402 HttpError without credits.
   */
  startCall(agent: VoiceAgent, recordingMimeType: string | null): Promise<StartedCall>;
  /** The call while it is in progress (null once ended or unknown). */
  activeCall(callId: string): Promise<{ agentId: string; ownerId: string; conversationId: string | null } | null>;
  /** Keeps the provider's call id on the open call; false when the call is no longer open. */
  attachProviderCall(callId: string, providerCallId: string): Promise<boolean>;
  /** Forgets a call the provider never took (no provider call yet): its rows and reservation. */
  abortCall(callId: string): Promise<void>;
  /** Renews the lease of an open call; null when the call is not open (unknown or settled). */
  heartbeat(callId: string, leaseSeconds: number): Promise<Heartbeat | null>;
  /** Settles the call once (timing, charge, recording, unverified transcript); null for an unknown call. */
  endCall(callId: string, leaseSeconds: number, transcript: TranscriptLine[]): Promise<CallOutcome | null>;
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
  /** Tool runners; without them the realtime session is offered no tools. */
  tools?: VoiceToolDeps | null;
  /** HMAC key of the call tokens: heartbeats, tools and `end` need one, so no call starts without it. */
  tokenSecret?: string;
  now?: () => number;
}

const SUBDOMAIN = /^[a-z0-9](?:[a-z0-9-]{1,61}[a-z0-9])$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const MAX_SDP = 20_000;
const MAX_TRANSCRIPT_LINES = 400;
const MAX_LINE_CHARS = 50_000;
const FUNCTION_NAME = /^[a-zA-Z0-9_-]{1,64}$/;
const MAX_TOOL_ARGUMENTS = 20_000;
/** A call token outlives the longest call by this much (the goodbye, the last tool call). */
const TOKEN_GRACE_SECONDS = 120;
const TOOL_TIMEOUT_MS = 15_000;

function agentRef(raw: Record<string, unknown>): { subdomain: string } | { agentId: string } {
  const { subdomain, agentId } = raw;
  if ((subdomain === undefined) === (agentId === undefined))
    throw new HttpError(400, 'invalid_input', 'Give exactly one of agentId or subdomain.');
  if (typeof agentId === 'string' && UUID.test(agentId)) return { agentId };
  if (typeof subdomain === 'string' && SUBDOMAIN.test(subdomain.trim().toLowerCase()))
    return { subdomain: subdomain.trim().toLowerCase() };
  throw new HttpError(
    400,
    'invalid_input',
    agentId !== undefined ? 'agentId must be a UUID.' : 'subdomain must be 3 to 63 letters, digits or hyphens.',
  );
}

/**
 * The page's transcript, best effort: it only ever becomes unverified lines, and a malformed one
 * must not leave the call open (the sweeper would then charge it to its maximum), so bad lines
 * are dropped rather than refused.
 */
function transcript(raw: unknown): TranscriptLine[] {
  if (!Array.isArray(raw)) return [];
  return raw.slice(0, MAX_TRANSCRIPT_LINES).flatMap((line: unknown) => {
    const l = line as { role?: unknown; text?: unknown } | null;
    if (!l || (l.role !== 'user' && l.role !== 'assistant') || typeof l.text !== 'string') return [];
    const text = storableText(l.text.slice(0, MAX_LINE_CHARS)).trim();
    return text === '' ? [] : [{ role: l.role, text }];
  });
}

export function noCredits(): HttpError {
  return new HttpError(402, 'no_credits', 'This assistant cannot take voice calls right now.');
}

function tooManyCalls(refusal: Extract<Admission, { allowed: false }>): HttpError {
  const who = refusal.scope === 'agent' ? 'This assistant is taking too many calls' : 'Too many calls were started';
  return new HttpError(429, 'rate_limited', `${who}. Please try again in ${refusal.retryAfterSeconds} s.`, {
    'retry-after': String(refusal.retryAfterSeconds),
  });
}

export function createVoiceSessionHandler(deps: VoiceSessionDeps): (request: Request) => Promise<Response> {
  const now = deps.now ?? Date.now;
  const json = (body: unknown, status = 200) => Response.json(body, { status, headers: CORS_HEADERS });

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
  async function heldCall(body: Record<string, unknown>): Promise<string> {
    const { callId, callToken } = body;
    if (typeof callId !== 'string' || !UUID.test(callId))
      throw new HttpError(400, 'invalid_input', 'callId must be a UUID.');
    if (
      !deps.tokenSecret ||
      typeof callToken !== 'string' ||
      !(await verifyCallToken(deps.tokenSecret, callId, callToken, now()))
    )
      throw new HttpError(401, 'invalid_call_token', 'The call token is missing, expired or not for this call.');
    return callId;
  }

  async function availability(request: Request, url: URL): Promise<Response> {
    const params = Object.fromEntries(url.searchParams) as Record<string, unknown>;
    const ref = agentRef(params);
    const agent = await deps.store.loadAgent(ref, (await callerOf(request)).userId);
    if (!agent) throw new HttpError(404, 'agent_not_found', 'No public agent with this address.');
    if (!deps.realtime) return json({ available: false, reason: 'no_provider' });
    if ((await deps.store.ownerCredits(agent.ownerId)) < 1) return json({ available: false, reason: 'no_credits' });
    return json({ available: true });
  }

  async function start(request: Request, body: Record<string, unknown>): Promise<Response> {
    const ref = agentRef(body);
    const sdp = body.sdp;
    if (typeof sdp !== 'string' || !sdp.startsWith('v=0') || sdp.length > MAX_SDP) {
      throw new HttpError(400, 'invalid_input', 'sdp must be the SDP offer text (starting with v=0).');
    }
    const recordingMimeType = body.recordingMimeType ?? null;
    if (
      recordingMimeType !== null &&
      (typeof recordingMimeType !== 'string' || !(recordingMimeType in RECORDING_TYPES))
    ) {
      throw new HttpError(
        400,
        'invalid_input',
        `recordingMimeType must be one of ${Object.keys(RECORDING_TYPES).join(', ')}.`,
      );
    }
    // Without a token secret a call could never be ended by its page: refuse to start one.
    if (!deps.realtime || !deps.tokenSecret)
      throw new HttpError(
        503,
        'voice_unavailable',
        'Voice calls are not available: no realtime voice provider is configured.',
      );
    const caller = await callerOf(request);
    const agent = await deps.store.loadAgent(ref, caller.userId);
    if (!agent) throw new HttpError(404, 'agent_not_found', 'No public agent with this address.');
    // Before the provider is asked: every admitted start costs a realtime session.
    const admission = await deps.store.admitCall(agent.id, caller, limits);
    if (!admission.allowed) throw tooManyCalls(admission);
    // Opened (and its minutes reserved) before the provider is asked: 402 costs no session.
    const { callId, reservedSeconds, final, longestSeconds, recordingUploadUrl } = await deps.store.startCall(
      agent,
      recordingMimeType,
    );
    // The agent's enabled tools, offered to the model as functions (run through action 'tool').
    const loaded = deps.tools ? await deps.tools.loadAgent(agent.id) : null;
    const tools = loaded ? realtimeTools(agentFunctions(loaded).functions) : [];
    let answer: { sdp: string; providerCallId: string };
    try {
      // The share_resource tool names resources listed in the guidance, as in chat (buildSystemPrompt).
      answer = await deps.realtime.createCall(
        sdp,
        realtimeSession(
          agent,
          typeof deps.model === 'string' ? deps.model : await deps.model(),
          tools,
          loaded?.promptGuidance ?? '',
        ),
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
      opening: openingInstruction(agent),
      reservedSeconds,
      final,
      ...(recordingUploadUrl ? { recordingUploadUrl } : {}),
    });
  }

  async function tool(body: Record<string, unknown>): Promise<Response> {
    const { callId, callToken, name, toolCallId } = body;
    const args = body.arguments ?? '';
    if (typeof callId !== 'string' || !UUID.test(callId))
      throw new HttpError(400, 'invalid_input', 'callId must be a UUID.');
    if (typeof name !== 'string' || !FUNCTION_NAME.test(name))
      throw new HttpError(400, 'invalid_input', 'name must be a function name (1-64 letters, digits, _ or -).');
    if (typeof args !== 'string' || args.length > MAX_TOOL_ARGUMENTS)
      throw new HttpError(
        400,
        'invalid_input',
        'arguments must be the JSON text of the call (at most 20000 characters).',
      );
    if (toolCallId !== undefined && (typeof toolCallId !== 'string' || toolCallId.length > 200))
      throw new HttpError(400, 'invalid_input', 'toolCallId must be a string.');
    if (!deps.tools || !deps.tokenSecret)
      throw new HttpError(503, 'tools_unavailable', 'Tools are not available during voice calls here.');
    if (typeof callToken !== 'string' || !(await verifyCallToken(deps.tokenSecret, callId, callToken, now())))
      throw new HttpError(401, 'invalid_call_token', 'The call token is missing, expired or not for this call.');
    const call = await deps.store.activeCall(callId);
    if (!call) throw new HttpError(404, 'call_not_found', 'No call in progress with this id.');
    const agent = await deps.tools.loadAgent(call.agentId);
    const catalogue = agent ? agentFunctions(agent) : null;
    const definition = catalogue?.functions.find((f) => f.name === name);
    const agentTool = catalogue?.byFunctionName.get(name);
    if (!agent || !definition || !agentTool)
      throw new HttpError(400, 'unknown_tool', `The agent has no enabled tool named ${name}.`);
    const parsed = parseToolArguments({ id: String(toolCallId ?? ''), name, arguments: args }, definition);
    if (!parsed.ok) return json({ ok: false, output: serializeToolResult({ error: parsed.reason }) });
    let outcome;
    try {
      outcome = await deps.tools.run({
        agent,
        conversationId: call.conversationId ?? '',
        tool: agentTool,
        functionName: name,
        arguments: parsed.value,
        language: agent.defaultLanguage,
        channel: 'voice',
        signal: AbortSignal.timeout(TOOL_TIMEOUT_MS),
      });
    } catch (error) {
      deps.log?.('voice_tool_failed', { agentId: agent.id, tool: name, error: String(error) });
      outcome = { ok: false as const, error: `The ${name} tool failed.` };
    }
    return json({
      ok: outcome.ok,
      output: serializeToolResult(outcome.ok ? outcome.result : { error: outcome.error }),
    });
  }

  async function heartbeat(body: Record<string, unknown>): Promise<Response> {
    const callId = await heldCall(body);
    const beat = await deps.store.heartbeat(callId, VOICE_LEASE_SECONDS);
    if (!beat) throw new HttpError(404, 'call_not_found', 'No call in progress with this id.');
    if (beat.open) return json({ open: true, secondsLeft: beat.secondsLeft, final: beat.final });
    // Past its reservation or its lease: the page is cut off (it then ends the call, or the sweeper does).
    if (beat.providerCallId) await hangUp(callId, beat.providerCallId);
    return json({ open: false, secondsLeft: 0 });
  }

  async function end(body: Record<string, unknown>): Promise<Response> {
    const callId = await heldCall(body);
    // Any duration the page sends is ignored: the database clock times the call.
    const outcome = await deps.store.endCall(callId, VOICE_LEASE_SECONDS, transcript(body.transcript));
    if (!outcome) throw new HttpError(404, 'call_not_found', 'No call with this id.');
    // Settled first: a hang-up failure is the sweeper's to retry, never a reason to keep billing.
    if (outcome.claimed && outcome.providerCallId) await hangUp(callId, outcome.providerCallId);
    return json({ durationSeconds: outcome.durationSeconds, creditsCharged: outcome.creditsCharged });
  }

  return async (request) => {
    if (request.method === 'OPTIONS') return new Response(null, { status: 204, headers: CORS_HEADERS });
    try {
      if (request.method === 'GET') return await availability(request, new URL(request.url));
      if (request.method !== 'POST')
        return errorResponse(405, 'method_not_allowed', 'Use GET or POST.', { ...CORS_HEADERS, allow: 'GET, POST' });
      const raw = await readJsonBody(request);
      if (raw === null || typeof raw !== 'object' || Array.isArray(raw))
        throw new HttpError(400, 'invalid_input', 'The request body must be a JSON object.');
      const body = raw as Record<string, unknown>;
      if (body.action === 'end') return await end(body);
      if (body.action === 'heartbeat') return await heartbeat(body);
      if (body.action === 'tool') return await tool(body);
      if (body.action !== undefined && body.action !== 'start')
        throw new HttpError(400, 'invalid_input', 'action must be start, heartbeat, tool or end.');
      return await start(request, body);
    } catch (error) {
      if (error instanceof HttpError) return httpErrorResponse(error, CORS_HEADERS);
      deps.log?.('voice_session_failed', { error: String(error) });
      return errorResponse(500, 'internal_error', 'Something went wrong. Please try again.', CORS_HEADERS);
    }
  };
}
