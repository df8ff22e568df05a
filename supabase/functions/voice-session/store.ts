/**
 * VoiceStore over the project's REST API with the service role (the function is the only writer of
 * voice calls and their conversations). Opening, rate-limiting, leases and settling calls are RPCs
 * (migrations 20261124100000, 20261124160000, 20261124190000, 20261202105000, 20261202105100): the money rules run in Postgres, on its clock. Plain fetch: works
 * the same under Deno and Node.
 */
import { HttpError } from '../_shared/platform/errors.ts';
import { noCredits, type VoiceStore } from './voice-session.ts';
import { recordingPath, RECORDING_TYPES } from './session.ts';

/** A PostgREST error answer, kept so callers can map database errors to HTTP answers. */
class RestError extends Error {
  constructor(
    readonly status: number,
    readonly body: { code?: string; message?: string } | null,
    message: string,
  ) {
    super(message);
  }
}

export function createRestVoiceStore(opts: {
  supabaseUrl: string;
  serviceRoleKey: string;
  fetchFn?: typeof fetch;
  now?: () => number;
}): VoiceStore {
  const fetchFn = opts.fetchFn ?? fetch;
  const now = opts.now ?? Date.now;
  const base = `${opts.supabaseUrl.replace(/\/+$/, '')}/rest/v1`;
  const storage = `${opts.supabaseUrl.replace(/\/+$/, '')}/storage/v1`;
  const headers = {
    apikey: opts.serviceRoleKey,
    authorization: `Bearer ${opts.serviceRoleKey}`,
    'content-type': 'application/json',
  };

  async function rest<T>(path: string, init: RequestInit = {}): Promise<T> {
    const res = await fetchFn(`${base}${path}`, {
      ...init,
      headers: { ...headers, ...(init.headers as Record<string, string> | undefined) },
    });
    const text = await res.text();
    if (!res.ok)
      throw new RestError(
        res.status,
        safeJson(text),
        `REST ${init.method ?? 'GET'} ${path.split('?')[0]} answered ${res.status}: ${text.slice(0, 200)}`,
      );
    return (text ? JSON.parse(text) : null) as T;
  }
  const rpc = <T>(name: string, args: Record<string, unknown>) =>
    rest<T>(`/rpc/${name}`, { method: 'POST', body: JSON.stringify(args) });

  return {
    async ownerCredits(ownerId) {
      const [row] = await rest<{ credits: number }[]>(`/profiles?select=credits&id=eq.${encodeURIComponent(ownerId)}`);
      return row?.credits ?? 0;
    },

    async admitCall(agentId, caller, limits) {
      const verdict = await rpc<{
        allowed: boolean;
        start_id?: number;
        scope?: string;
        concurrent?: boolean;
        retry_after_seconds?: number;
      }>('voice_call_admit', {
        agent_id: agentId,
        visitor_key: caller.visitorKey,
        address_key: caller.addressKey,
        visitor_limit: limits.perVisitor,
        address_limit: limits.perAddress,
        agent_limit: limits.perAgent,
        window_seconds: limits.windowSeconds,
        newcomer_reserve: limits.newcomerReserve,
        visitor_concurrent: limits.concurrentPerVisitor,
        address_concurrent: limits.concurrentPerAddress,
      });
      if (verdict.allowed) {
        if (typeof verdict.start_id !== 'number') throw new Error('voice_call_admit admitted without a start id');
        return { allowed: true, startId: verdict.start_id };
      }
      const scope = verdict.scope === 'visitor' || verdict.scope === 'address' ? verdict.scope : 'agent';
      return {
        allowed: false,
        scope,
        concurrent: verdict.concurrent === true,
        retryAfterSeconds: Math.max(1, verdict.retry_after_seconds ?? 60),
      };
    },

    async linkStart(startId, callId) {
      await rpc('voice_call_link_start', { start_id: startId, call_id: callId });
    },

    async startCall(agent, recordingMimeType, callerId) {
      // The path only names the file; the database checks it lies in this agent's owner folder.
      const path = recordingMimeType
        ? recordingPath(agent.ownerId, agent.id, new Date(now()), recordingMimeType)
        : null;
      let opened: {
        call_id: string;
        reserved_seconds: number;
        reservation_final: boolean;
        longest_seconds: number;
      }[];
      try {
        opened = await rpc('voice_open_call', {
          agent_id: agent.id,
          storage_path: path,
          mime_type: path ? recordingMimeType : null,
          format: path && recordingMimeType ? (RECORDING_TYPES as Record<string, string>)[recordingMimeType] : null,
          // Postgres compares it with the agent's owner: the owner's own call is a sandbox test.
          caller_id: callerId,
        });
      } catch (error) {
        if (error instanceof RestError && error.body?.message === 'no_credits') throw noCredits();
        if (error instanceof RestError && error.body?.code === 'PT404')
          throw new HttpError(404, 'agent_not_found', 'No public agent with this address.');
        throw error;
      }
      const call = opened[0];
      if (!call) throw new Error('voice_open_call returned no row');
      const started = {
        callId: call.call_id,
        reservedSeconds: call.reserved_seconds,
        final: call.reservation_final,
        longestSeconds: call.longest_seconds,
      };
      if (!path) return started;
      // The visitor may write this one object once, for two hours; nothing else in the bucket.
      const res = await fetchFn(`${storage}/object/upload/sign/recordings/${path}`, {
        method: 'POST',
        headers,
        body: '{}',
      });
      if (!res.ok) return started;
      const { url } = (await res.json()) as { url?: string };
      return url ? { ...started, recordingUploadUrl: `${storage}${url}` } : started;
    },

    async attachProviderCall(callId, providerCallId) {
      return await rpc<boolean>('voice_attach_provider_call', { call_id: callId, provider_call_id: providerCallId });
    },

    async abortCall(callId) {
      await rpc('voice_abort_call', { call_id: callId });
    },

    async heartbeat(callId, leaseSeconds) {
      const [beat] = await rpc<
        { open: boolean; seconds_left: number; reservation_final: boolean; provider_call_id: string | null }[]
      >('voice_heartbeat', { call_id: callId, lease_seconds: leaseSeconds });
      if (!beat) return null;
      return beat.open
        ? { open: true, secondsLeft: beat.seconds_left, final: beat.reservation_final }
        : { open: false, providerCallId: beat.provider_call_id };
    },

    async controlHeartbeat(callId, leaseSeconds, callerAudio) {
      const [beat] = await rpc<
        {
          open: boolean;
          seconds_left: number;
          reservation_final: boolean;
          provider_call_id: string | null;
          idle_seconds: number;
        }[]
      >('voice_control_heartbeat', { call_id: callId, lease_seconds: leaseSeconds, caller_audio: callerAudio });
      if (!beat) return null;
      return beat.open
        ? { open: true, secondsLeft: beat.seconds_left, final: beat.reservation_final, idleSeconds: beat.idle_seconds }
        : { open: false, providerCallId: beat.provider_call_id, idleSeconds: beat.idle_seconds };
    },

    async endCall(callId, leaseSeconds) {
      const [outcome] = await rpc<
        { claimed: boolean; duration_seconds: number; credits_charged: number; provider_call_id: string | null }[]
      >('voice_end_call', { call_id: callId, lease_seconds: leaseSeconds, transcript: [] });
      if (!outcome) return null;
      return {
        claimed: outcome.claimed,
        durationSeconds: outcome.duration_seconds,
        creditsCharged: outcome.credits_charged,
        providerCallId: outcome.provider_call_id,
      };
    },

    async recordHangup(callId, hungUp) {
      await rpc('voice_record_hangup', { call_id: callId, hung_up: hungUp });
    },
  };
}

function safeJson(text: string): { code?: string; message?: string } | null {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' ? (value as { code?: string; message?: string }) : null;
  } catch {
    return null;
  }
}
