import type { Row, UpdateRow } from '../../../lib/db-types.ts';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { toAppError } from '../../../errors/appError.ts';
import { invalidFileError, uploadPublicFile } from '../../../lib/storageUpload.ts';
import { getSupabase } from '../../../lib/supabase.ts';
import { AVATAR_MAX_BYTES, checkAvatarFile } from '../../profile/avatar.ts';
import { agentsKeys } from './keys.ts';

/** The agent as the configure screen edits it. */
export interface AgentDetail {
  id: string;
  userId: string;
  name: string;
  companyName: string | null;
  description: string;
  defaultLanguage: string;
  voice: 'male' | 'female';
  /** The longest a voice call may last, in seconds (browser voice and phone). */
  voiceMaxCallSeconds: number;
  /** How long a caller may stay silent before the call ends, in seconds. */
  voiceIdleSeconds: number;
  avatarUrl: string | null;
  subdomain: string | null;
  directoryListed: boolean;
  sector: string | null;
  subSector: string | null;
  updatedAt: string;
  /** Edit counter (agents.version): a save names it so Postgres refuses one made on stale data. */
  version: number;
}

const COLUMNS =
  'id, user_id, name, company_name, description, default_language, voice, voice_max_call_seconds, voice_idle_seconds, avatar_url, subdomain, directory_listed, sector, sub_sector, updated_at, version';
type DetailRow = Pick<
  Row<'agents'>,
  | 'id'
  | 'user_id'
  | 'name'
  | 'company_name'
  | 'description'
  | 'default_language'
  | 'voice'
  | 'voice_max_call_seconds'
  | 'voice_idle_seconds'
  | 'avatar_url'
  | 'subdomain'
  | 'directory_listed'
  | 'sector'
  | 'sub_sector'
  | 'updated_at'
  | 'version'
>;

// The column is text with a check constraint: the generated type says string, the check says which.
const voice = z.enum(['male', 'female']).catch('male');

function toDetail(r: DetailRow): AgentDetail {
  return {
    id: r.id,
    userId: r.user_id,
    name: r.name,
    companyName: r.company_name,
    description: r.description,
    defaultLanguage: r.default_language,
    voice: voice.parse(r.voice),
    voiceMaxCallSeconds: r.voice_max_call_seconds,
    voiceIdleSeconds: r.voice_idle_seconds,
    avatarUrl: r.avatar_url,
    subdomain: r.subdomain,
    directoryListed: r.directory_listed,
    sector: r.sector,
    subSector: r.sub_sector,
    updatedAt: r.updated_at,
    version: r.version,
  };
}

const uuid = z.uuid();

/** The agent, or null when it does not exist or is not the user's (RLS hides it). */
export async function fetchAgent(agentId: string): Promise<AgentDetail | null> {
  if (!uuid.safeParse(agentId).success) return null;
  const { data, error } = await getSupabase().from('agents').select(COLUMNS).eq('id', agentId).maybeSingle();
  if (error) throw toAppError(error, 'fetchAgents');
  return data ? toDetail(data) : null;
}

export function useAgentQuery(agentId: string) {
  return useQuery({ queryKey: agentsKeys.detail(agentId), queryFn: () => fetchAgent(agentId) });
}

/** Reads the agent from the server now (the cache may be older), for Reload after a conflict. */
export function useFetchFreshAgent(agentId: string): () => Promise<AgentDetail | null> {
  const client = useQueryClient();
  return () =>
    client.fetchQuery({ queryKey: agentsKeys.detail(agentId), queryFn: () => fetchAgent(agentId), staleTime: 0 });
}

/**
 * Updates the agent. With `expectedVersion` (the version the edits were made on) Postgres refuses
 * the update if the agent changed since (PT409, see isEditConflict); without it nothing is checked.
 */
export async function updateAgent(
  agentId: string,
  columns: UpdateRow<'agents'>,
  expectedVersion?: number,
): Promise<AgentDetail> {
  const patch = expectedVersion === undefined ? columns : { ...columns, version: expectedVersion };
  const { data, error } = await getSupabase().from('agents').update(patch).eq('id', agentId).select(COLUMNS).single();
  if (error) throw toAppError(error, 'updateAgent');
  return toDetail(data);
}

export interface AgentUpdate {
  columns: UpdateRow<'agents'>;
  expectedVersion?: number;
}

/** Other views of the same row (branding editor, lists) must not keep a stale version. */
function refreshAgentViews(client: QueryClient, agentId: string) {
  return Promise.all([
    client.invalidateQueries({ queryKey: agentsKeys.lists() }),
    client.invalidateQueries({ queryKey: agentsKeys.branding(agentId) }),
  ]);
}

export function useUpdateAgentMutation(agentId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ columns, expectedVersion }: AgentUpdate) => updateAgent(agentId, columns, expectedVersion),
    // The editors show a failed save themselves (a callout, or the conflict choice): no extra toast.
    meta: { silent: true },
    onSuccess: (agent) => {
      client.setQueryData(agentsKeys.detail(agentId), agent);
      return refreshAgentViews(client, agentId);
    },
  });
}

export const AGENT_MEDIA_BUCKET = 'agent-media';

/** `{user_id}/{agent_id}/avatar/{timestamp}.{ext}`: a timestamp name per upload. */
export function agentAvatarPath(userId: string, agentId: string, extension: string, now = Date.now()): string {
  return `${userId}/${agentId}/avatar/${now}.${extension}`;
}

/** Uploads a single image to the agent's media folder and stores its public URL on the agent. */
export async function uploadAgentAvatar(agent: { id: string; userId: string }, file: File): Promise<AgentDetail> {
  const check = checkAvatarFile(file);
  if (!check.ok) throw invalidFileError('invalid_avatar', check.messageKey, check.params);
  const url = await uploadPublicFile({
    bucket: AGENT_MEDIA_BUCKET,
    path: agentAvatarPath(agent.userId, agent.id, check.extension),
    file,
    failureKey: 'errors:agents.avatarUploadFailed',
    maxBytes: AVATAR_MAX_BYTES,
  });
  return updateAgent(agent.id, { avatar_url: url });
}

export function useUploadAgentAvatarMutation(agent: { id: string; userId: string }) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => uploadAgentAvatar(agent, file),
    onSuccess: (updated) => {
      client.setQueryData(agentsKeys.detail(agent.id), updated);
      return refreshAgentViews(client, agent.id);
    },
  });
}
