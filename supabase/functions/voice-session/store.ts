/**
 * VoiceStore over the project's REST API with the service role (the function is the only writer of
 * voice calls and their conversations). Plain fetch: works the same under Deno and Node.
 */
import type { TranscriptLine, VoiceStore } from './voice-session.ts';
import { recordingPath, RECORDING_TYPES, type VoiceAgent } from './session.ts';

interface AgentRow {
  id: string;
  user_id: string;
  name: string;
  company_name: string | null;
  description: string;
  default_language: string;
  voice: 'male' | 'female';
}

/** Calls longer than this are treated as abandoned (the page never said goodbye) and capped. */
const MAX_CALL_SECONDS = 4 * 60 * 60;

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
      throw new Error(
        `REST ${init.method ?? 'GET'} ${path.split('?')[0]} answered ${res.status}: ${text.slice(0, 200)}`,
      );
    return (text ? JSON.parse(text) : null) as T;
  }
  const insert = <T>(table: string, row: unknown) =>
    rest<T[]>(`/${table}`, { method: 'POST', headers: { prefer: 'return=representation' }, body: JSON.stringify(row) });

  return {
    async loadAgent(ref, ownerId) {
      const filter =
        'agentId' in ref
          ? `id=eq.${encodeURIComponent(ref.agentId)}`
          : `subdomain=eq.${encodeURIComponent(ref.subdomain)}`;
      const [row] = await rest<AgentRow[]>(
        `/agents?select=id,user_id,name,company_name,description,default_language,voice&${filter}&limit=1`,
      );
      if (!row) return null;
      // The owner tests from the console sandbox before (or without) publishing the page.
      const owner = ownerId != null && ownerId === row.user_id;
      const [card] = await rest<{ enabled: boolean }[]>(
        `/agent_integrations?select=enabled&agent_id=eq.${row.id}&kind=eq.virtual_business_card`,
      );
      if (!card?.enabled && !owner) return null;
      const agent: VoiceAgent = {
        id: row.id,
        ownerId: row.user_id,
        name: row.name,
        companyName: row.company_name,
        systemPrompt: row.description,
        defaultLanguage: row.default_language,
        voice: row.voice,
      };
      return agent;
    },

    async ownerCredits(ownerId) {
      const [row] = await rest<{ credits: number }[]>(`/profiles?select=credits&id=eq.${encodeURIComponent(ownerId)}`);
      return row?.credits ?? 0;
    },

    async startCall(agent, recordingMimeType) {
      const startedAt = new Date(now());
      const path = recordingMimeType ? recordingPath(agent.ownerId, agent.id, startedAt, recordingMimeType) : null;
      const [conversation] = await insert<{ id: string }>('conversations', {
        user_id: agent.ownerId,
        agent_id: agent.id,
        channel: 'web_voice',
      });
      const [call] = await insert<{ id: string }>('voice_calls', {
        user_id: agent.ownerId,
        agent_id: agent.id,
        agent_name: agent.name.slice(0, 100),
        conversation_id: conversation?.id ?? null,
        status: 'recording',
        recording_start_time: startedAt.toISOString(),
        ...(path && recordingMimeType
          ? {
              storage_path: path,
              file_name: path.split('/').pop(),
              mime_type: recordingMimeType,
              format: RECORDING_TYPES[recordingMimeType],
            }
          : {}),
      });
      if (!call) throw new Error('voice_calls insert returned no row');
      if (!path) return { callId: call.id };
      // The visitor may write this one object once, for two hours; nothing else in the bucket.
      const res = await fetchFn(`${storage}/object/upload/sign/recordings/${path}`, {
        method: 'POST',
        headers,
        body: '{}',
      });
      if (!res.ok) return { callId: call.id };
      const { url } = (await res.json()) as { url?: string };
      return url ? { callId: call.id, recordingUploadUrl: `${storage}${url}` } : { callId: call.id };
    },

    async activeCall(callId) {
      const [row] = await rest<{ user_id: string; agent_id: string | null; conversation_id: string | null }[]>(
        `/voice_calls?select=user_id,agent_id,conversation_id&id=eq.${encodeURIComponent(callId)}&status=eq.recording`,
      );
      if (!row?.agent_id) return null;
      return { agentId: row.agent_id, ownerId: row.user_id, conversationId: row.conversation_id };
    },

    async callElapsedSeconds(callId) {
      const [row] = await rest<{ user_id: string; created_at: string }[]>(
        `/voice_calls?select=user_id,created_at&id=eq.${encodeURIComponent(callId)}&status=eq.recording`,
      );
      if (!row) return null;
      const seconds = Math.min(MAX_CALL_SECONDS, Math.max(0, (now() - Date.parse(row.created_at)) / 1000));
      return { seconds, ownerId: row.user_id };
    },

    async charge(ownerId, _callId, minutes) {
      if (minutes <= 0) return 0;
      const debit = (amount: number) =>
        rest<boolean>('/rpc/use_credits', { method: 'POST', body: JSON.stringify({ amount, user_id: ownerId }) });
      if (await debit(minutes)) return minutes;
      // Not enough left: the call ran past the balance; take what remains, never below zero.
      const [row] = await rest<{ credits: number }[]>(`/profiles?select=credits&id=eq.${encodeURIComponent(ownerId)}`);
      const remaining = Math.min(minutes, row?.credits ?? 0);
      return remaining > 0 && (await debit(remaining)) ? remaining : 0;
    },

    async endCall(callId, outcome) {
      const ended = new Date(now());
      const [call] = await rest<
        { user_id: string; agent_id: string | null; conversation_id: string | null; storage_path: string | null }[]
      >(`/voice_calls?id=eq.${encodeURIComponent(callId)}&status=eq.recording`, {
        method: 'PATCH',
        headers: { prefer: 'return=representation' },
        body: JSON.stringify({
          status: 'completed',
          duration: outcome.durationSeconds,
          credits_charged: outcome.creditsCharged,
          recording_end_time: ended.toISOString(),
        }),
      });
      if (call?.storage_path) {
        // The page uploads before it ends the call; record the size, or forget a file that never came.
        const info = await fetchFn(`${storage}/object/info/authenticated/recordings/${call.storage_path}`, { headers });
        const size = info.ok ? ((await info.json()) as { size?: number }).size : undefined;
        await rest(`/voice_calls?id=eq.${encodeURIComponent(callId)}`, {
          method: 'PATCH',
          body: JSON.stringify(
            typeof size === 'number'
              ? { file_size: size }
              : { storage_path: null, file_name: null, mime_type: null, format: null },
          ),
        });
      }
      if (!call?.conversation_id || outcome.transcript.length === 0) return;
      // One millisecond apart so the stored order is the spoken order.
      const start = ended.getTime() - outcome.transcript.length;
      await insert(
        'messages',
        outcome.transcript.map((line: TranscriptLine, i) => ({
          conversation_id: call.conversation_id,
          user_id: call.user_id,
          agent_id: call.agent_id,
          role: line.role,
          content: line.text,
          timestamp: new Date(start + i).toISOString(),
        })),
      );
      await rest(`/conversations?id=eq.${call.conversation_id}`, {
        method: 'PATCH',
        body: JSON.stringify({ ended_at: ended.toISOString(), last_message_at: ended.toISOString() }),
      });
    },
  };
}
