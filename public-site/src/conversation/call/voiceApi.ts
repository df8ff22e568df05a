import { readFunctionError } from '@contracts/errors.ts';
import { readLimitRefusal, retryAfterHeaderSeconds, type LimitRefusal } from '@contracts/limit-refusal.ts';
import { VISITOR_KEY_HEADER, type AgentRef, type ConversationEndpoint } from '../api.ts';

/** The `voice-session` function seen from the browser (plain fetch; shapes in its handler). */
export type VoiceAvailability =
  { available: true } | { available: false; reason: 'no_provider' | 'no_credits' | 'unreachable' };

export interface VoiceSession {
  sdp: string;
  callId: string;
  /** The seconds of the owner's balance reserved for the call so far (heartbeats may grow it). */
  reservedSeconds: number;
  /** The reservation cannot grow now (the owner's balance is held): the call ends when it runs out. */
  final: boolean;
  /** Proves this page holds the call (heartbeats, end); expires with the call. */
  callToken: string;
  /** One-time URL for the recording's upload, when a recording type was given. */
  recordingUploadUrl?: string;
}

/** A refused voice-session request; `limit` names a limit that refused a start (rate limits). */
export class VoiceSessionError extends Error {
  override readonly name = 'VoiceSessionError';
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly limit: LimitRefusal | null = null,
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(message);
  }
}

function url(endpoint: ConversationEndpoint, query = ''): string {
  return `${endpoint.supabaseUrl.replace(/\/+$/, '')}/functions/v1/voice-session${query}`;
}

function headers(endpoint: ConversationEndpoint): Record<string, string> {
  return {
    apikey: endpoint.anonKey,
    authorization: `Bearer ${endpoint.accessToken ?? endpoint.anonKey}`,
    'content-type': 'application/json',
  };
}

const ref = (agent: AgentRef): Record<string, string> =>
  agent.id ? { agentId: agent.id } : { subdomain: agent.subdomain ?? '' };

async function failure(res: Response): Promise<VoiceSessionError> {
  const error = await readFunctionError(res);
  return new VoiceSessionError(
    res.status,
    error?.code ?? 'http_error',
    error?.message ?? `HTTP ${res.status}`,
    readLimitRefusal(error?.details),
    retryAfterHeaderSeconds(res.headers.get('retry-after')),
  );
}

export async function voiceAvailability(
  endpoint: ConversationEndpoint,
  agent: AgentRef,
  fetchFn: typeof fetch = fetch,
): Promise<VoiceAvailability> {
  try {
    const query = `?${new URLSearchParams(ref(agent)).toString()}`;
    const res = await fetchFn(url(endpoint, query), { headers: headers(endpoint) });
    if (!res.ok) return { available: false, reason: 'unreachable' };
    const body = (await res.json()) as { available?: unknown; reason?: unknown };
    if (body.available === true) return { available: true };
    return {
      available: false,
      reason:
        body.reason === 'no_credits' ? 'no_credits' : body.reason === 'no_provider' ? 'no_provider' : 'unreachable',
    };
  } catch {
    return { available: false, reason: 'unreachable' };
  }
}

/**
 * `visitorKey`: this browser's visitor key (as chat sends it), so call starts are rate-limited per
 * visitor rather than per client address (many visitors may share one address).
 */
export async function startVoiceSession(
  endpoint: ConversationEndpoint,
  agent: AgentRef,
  offerSdp: string,
  recordingMimeType: string | null,
  fetchFn: typeof fetch = fetch,
  visitorKey?: string,
): Promise<VoiceSession> {
  const body = { ...ref(agent), sdp: offerSdp, ...(recordingMimeType ? { recordingMimeType } : {}) };
  const res = await fetchFn(url(endpoint), {
    method: 'POST',
    headers: { ...headers(endpoint), ...(visitorKey ? { [VISITOR_KEY_HEADER]: visitorKey } : {}) },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw await failure(res);
  return (await res.json()) as VoiceSession;
}

/** The call this page holds: its id and the token proving it. */
export interface HeldCall {
  callId: string;
  callToken: string;
}

/**
 * A heartbeat's answer: the call is over, or it goes on for `secondsLeft` more (the server tops the
 * reservation up while the owner's balance allows; `final` when it no longer can).
 */
export type HeartbeatAnswer = { open: false } | { open: true; secondsLeft: number | null; final: boolean };

/**
 * Renews the call's liveness lease. `open: false` once the server considers the call over (past its
 * reservation or its lease): it has hung the voice session up. Network failures throw (the lease
 * tolerates a missed heartbeat; the next one retries).
 */
export async function heartbeatVoiceSession(
  endpoint: ConversationEndpoint,
  call: HeldCall,
  fetchFn: typeof fetch = fetch,
): Promise<HeartbeatAnswer> {
  const res = await fetchFn(url(endpoint), {
    method: 'POST',
    headers: headers(endpoint),
    body: JSON.stringify({ action: 'heartbeat', callId: call.callId, callToken: call.callToken }),
  });
  // An unknown or settled call is over too.
  if (res.status === 404) return { open: false };
  if (!res.ok) throw await failure(res);
  const body = (await res.json()) as { open?: unknown; secondsLeft?: unknown; final?: unknown };
  if (body.open !== true) return { open: false };
  const secondsLeft = typeof body.secondsLeft === 'number' && body.secondsLeft >= 0 ? body.secondsLeft : null;
  return { open: true, secondsLeft, final: body.final === true };
}

/**
 * Says the visitor hung up. Only a hint: the server times, bills and transcribes the call from its
 * own sideband, so a page that never sends this (or lies) changes nothing. `keepalive` lets the
 * request finish while the page unloads (leaving the page ends the call).
 */
export async function endVoiceSession(
  endpoint: ConversationEndpoint,
  call: HeldCall,
  fetchFn: typeof fetch = fetch,
): Promise<void> {
  const res = await fetchFn(url(endpoint), {
    method: 'POST',
    headers: headers(endpoint),
    body: JSON.stringify({ action: 'end', callId: call.callId, callToken: call.callToken }),
    keepalive: true,
  });
  if (!res.ok) throw await failure(res);
}
