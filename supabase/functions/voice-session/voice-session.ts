/**
 * `voice-session`: the server side of a browser voice call (issue 8, spec 002 §4.1, §7.1).
 *
 *   GET  ?subdomain=…            → {available, reason?}   (the AI Call button asks first)
 *   POST {subdomain|agentId, sdp, recordingMimeType?} → {sdp, callId, opening, maxDurationSeconds, recordingUploadUrl?}
 *        relays the browser's SDP offer to OpenAI's `POST /v1/realtime/calls` with the agent's
 *        session (the standard key never leaves the server), opens a `web_voice` conversation and a
 *        `voice_calls` row, and a one-time signed upload URL for the stereo recording.
 *   POST {action:'tool', callId, callToken, name, arguments, toolCallId} → {ok, output}
 *        runs one of the agent's enabled tools asked for by the realtime model (tools.ts); the
 *        call token from the start answer proves the caller holds this call, until it expires.
 *   POST {action:'end', callId, transcript} → {durationSeconds, creditsCharged}
 *        the duration is measured by the server from the row's start; the owner is charged per
 *        started minute up to their balance; the transcript of both sides is stored.
 *
 * 503 voice_unavailable without a realtime-capable provider (no OPENAI_API_KEY), 402 no_credits
 * when the owner's balance is empty, 404 for an agent whose page is off, 400 for bad input.
 */
import { HttpError, errorResponse, httpErrorResponse } from '../_shared/web/errors.ts';
import { readJsonBody } from '../_shared/web/json-body.ts';
import { serializeToolResult, parseToolArguments } from '../_shared/engine/tools.ts';
import { agentFunctions, realtimeTools, signCallToken, verifyCallToken, type VoiceToolDeps } from './tools.ts';
import {
  RECORDING_TYPES,
  billableMinutes,
  maxCallSeconds,
  openingInstruction,
  realtimeSession,
  type VoiceAgent,
} from './session.ts';

export const CORS_HEADERS: Record<string, string> = {
  'access-control-allow-origin': '*',
  'access-control-allow-headers': 'authorization, x-client-info, apikey, content-type',
  'access-control-allow-methods': 'GET, POST, OPTIONS',
};

export interface TranscriptLine {
  role: 'user' | 'assistant';
  text: string;
}

export interface VoiceStore {
  /**
   * The agent when its public page is on, else null; for `ownerId` (the signed-in owner testing
   * from the console sandbox) their own agent whatever the page.
   */
  loadAgent(ref: { subdomain: string } | { agentId: string }, ownerId?: string | null): Promise<VoiceAgent | null>;
  ownerCredits(ownerId: string): Promise<number>;
  /** Opens the call rows; with a recording type, also a one-time upload URL for the recording. */
  startCall(
    agent: VoiceAgent,
    recordingMimeType: string | null,
  ): Promise<{ callId: string; recordingUploadUrl?: string }>;
  /** The call while it is in progress (null once ended or unknown). */
  activeCall(callId: string): Promise<{ agentId: string; ownerId: string; conversationId: string | null } | null>;
  /** Seconds since the call started, null when unknown or already ended. */
  callElapsedSeconds(callId: string): Promise<{ seconds: number; ownerId: string } | null>;
  /** Debits up to `minutes` credits (never below zero); returns what was charged. */
  charge(ownerId: string, callId: string, minutes: number): Promise<number>;
  /** Closes the call: duration, charge, transcript, and the uploaded recording's size (if it arrived). */
  endCall(
    callId: string,
    outcome: { durationSeconds: number; creditsCharged: number; transcript: TranscriptLine[] },
  ): Promise<void>;
}

export interface RealtimeProvider {
  /** Relays the offer; returns the answer SDP. */
  createCall(offerSdp: string, session: Record<string, unknown>): Promise<string>;
}

export interface VoiceSessionDeps {
  store: VoiceStore;
  /** null when no realtime-capable provider is configured. */
  realtime: RealtimeProvider | null;
  model: string;
  log?: (event: string, details: Record<string, unknown>) => void;
  /**
   * The signed-in user behind a non-anonymous bearer (null for visitors); throws a 401 HttpError for
   * an invalid session. Absent: every caller is a visitor.
   */
  identifyUser?: (request: Request) => Promise<string | null>;
  /** Tool runners; without them the realtime session is offered no tools. */
  tools?: VoiceToolDeps | null;
  /** HMAC key of the call tokens (tool calls need one). */
  tokenSecret?: string;
  now?: () => number;
}

const SUBDOMAIN = /^[a-z0-9](?:[a-z0-9-]{1,61}[a-z0-9])$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const MAX_SDP = 20_000;
const MAX_TRANSCRIPT_LINES = 400;
const FUNCTION_NAME = /^[a-zA-Z0-9_-]{1,64}$/;
const MAX_TOOL_ARGUMENTS = 20_000;
/** A call token outlives the paid time by this much (the goodbye, the last tool call). */
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

function transcript(raw: unknown): TranscriptLine[] {
  if (raw === undefined) return [];
  if (!Array.isArray(raw)) throw new HttpError(400, 'invalid_input', 'transcript must be an array.');
  return raw.slice(0, MAX_TRANSCRIPT_LINES).flatMap((line: unknown) => {
    const l = line as { role?: unknown; text?: unknown } | null;
    if (!l || (l.role !== 'user' && l.role !== 'assistant') || typeof l.text !== 'string' || l.text.trim() === '')
      return [];
    return [{ role: l.role, text: l.text.trim().slice(0, 50_000) }];
  });
}

export function createVoiceSessionHandler(deps: VoiceSessionDeps): (request: Request) => Promise<Response> {
  const now = deps.now ?? Date.now;
  const json = (body: unknown, status = 200) => Response.json(body, { status, headers: CORS_HEADERS });

  const userOf = async (request: Request) => (deps.identifyUser ? await deps.identifyUser(request) : null);

  async function availability(request: Request, url: URL): Promise<Response> {
    const params = Object.fromEntries(url.searchParams) as Record<string, unknown>;
    const ref = agentRef(params);
    const agent = await deps.store.loadAgent(ref, await userOf(request));
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
    if (!deps.realtime)
      throw new HttpError(
        503,
        'voice_unavailable',
        'Voice calls are not available: no realtime voice provider is configured.',
      );
    const agent = await deps.store.loadAgent(ref, await userOf(request));
    if (!agent) throw new HttpError(404, 'agent_not_found', 'No public agent with this address.');
    const credits = await deps.store.ownerCredits(agent.ownerId);
    if (credits < 1) throw new HttpError(402, 'no_credits', 'This assistant cannot take voice calls right now.');
    // The agent's enabled tools, offered to the model as functions (run through action 'tool').
    const loaded = deps.tools ? await deps.tools.loadAgent(agent.id) : null;
    const tools = loaded ? realtimeTools(agentFunctions(loaded).functions) : [];
    let answer: string;
    try {
      // The share_resource tool names resources listed in the guidance, as in chat (buildSystemPrompt).
      answer = await deps.realtime.createCall(
        sdp,
        realtimeSession(agent, deps.model, tools, loaded?.promptGuidance ?? ''),
      );
    } catch (error) {
      deps.log?.('voice_session_provider_failed', { agentId: agent.id, error: String(error) });
      throw new HttpError(502, 'provider_error', 'The voice service did not answer. Please try again.');
    }
    const { callId, recordingUploadUrl } = await deps.store.startCall(agent, recordingMimeType);
    const maxDurationSeconds = maxCallSeconds(credits);
    const callToken = deps.tokenSecret
      ? await signCallToken(deps.tokenSecret, callId, now() + (maxDurationSeconds + TOKEN_GRACE_SECONDS) * 1000)
      : undefined;
    return json({
      sdp: answer,
      callId,
      opening: openingInstruction(agent),
      maxDurationSeconds,
      ...(callToken ? { callToken } : {}),
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

  async function end(body: Record<string, unknown>): Promise<Response> {
    const callId = body.callId;
    if (typeof callId !== 'string' || !UUID.test(callId))
      throw new HttpError(400, 'invalid_input', 'callId must be a UUID.');
    const lines = transcript(body.transcript);
    const call = await deps.store.callElapsedSeconds(callId);
    if (!call) throw new HttpError(404, 'call_not_found', 'No call in progress with this id.');
    const durationSeconds = Math.max(0, Math.round(call.seconds));
    const creditsCharged = await deps.store.charge(call.ownerId, callId, billableMinutes(durationSeconds));
    await deps.store.endCall(callId, { durationSeconds, creditsCharged, transcript: lines });
    return json({ durationSeconds, creditsCharged });
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
      if (body.action === 'tool') return await tool(body);
      if (body.action !== undefined && body.action !== 'start')
        throw new HttpError(400, 'invalid_input', 'action must be start, tool or end.');
      return await start(request, body);
    } catch (error) {
      if (error instanceof HttpError) return httpErrorResponse(error, CORS_HEADERS);
      deps.log?.('voice_session_failed', { error: String(error) });
      return errorResponse(500, 'internal_error', 'Something went wrong. Please try again.', CORS_HEADERS);
    }
  };
}
