import { toJson } from '../../../lib/db-types.ts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { megabytes } from '@contracts/limit-refusal.ts';
import { toAppError } from '../../../errors/appError.ts';
import { invalidFileError, removeStoredFiles, uploadPublicFile } from '../../../lib/storageUpload.ts';
import { getSupabase } from '../../../lib/supabase.ts';
import { AGENT_MEDIA_BUCKET } from '../../agents/api/agentDetail.ts';
import { agentsKeys } from '../../agents/api/keys.ts';
import { checkGalleryImage, galleryFileName, IMAGE_MAX_BYTES, oembedUrl, youtubeThumbnail } from '../brandingModel.ts';

/** What the branding editor loads: the agent's public identity, its branding and the card state. */
export interface BrandingAgent {
  id: string;
  userId: string;
  name: string;
  companyName: string | null;
  subdomain: string | null;
  avatarUrl: string | null;
  /** The stored jsonb as it is: keys the editor does not edit are kept on save. */
  branding: unknown;
  /** Edit counter (agents.version): a save names it so Postgres refuses one made on stale data. */
  version: number;
}

const COLUMNS = 'id, user_id, name, company_name, subdomain, avatar_url, branding, version';
const uuid = z.uuid();

export const brandingKeys = { agent: agentsKeys.branding };

/** The agent, or null when it does not exist or is not the user's (RLS hides it). */
export async function fetchBrandingAgent(agentId: string): Promise<BrandingAgent | null> {
  if (!uuid.safeParse(agentId).success) return null;
  const agent = await getSupabase().from('agents').select(COLUMNS).eq('id', agentId).maybeSingle();
  if (agent.error) throw toAppError(agent.error, 'fetchAgents');
  if (!agent.data) return null;
  const r = agent.data;
  return {
    id: r.id,
    userId: r.user_id,
    name: r.name,
    companyName: r.company_name,
    subdomain: r.subdomain,
    avatarUrl: r.avatar_url,
    branding: r.branding,
    version: r.version,
  };
}

export function useBrandingAgentQuery(agentId: string) {
  return useQuery({ queryKey: brandingKeys.agent(agentId), queryFn: () => fetchBrandingAgent(agentId) });
}

/** Reads the agent from the server now (the cache may be older), for Reload after a conflict. */
export function useFetchFreshBranding(agentId: string): () => Promise<BrandingAgent | null> {
  const client = useQueryClient();
  return () =>
    client.fetchQuery({
      queryKey: brandingKeys.agent(agentId),
      queryFn: () => fetchBrandingAgent(agentId),
      staleTime: 0,
    });
}

export interface SavedBranding {
  branding: unknown;
  version: number;
}

/**
 * Writes the whole branding value; Postgres checks it (private.is_valid_branding) and refuses it
 * when the agent changed since `expectedVersion` was read (PT409, see isEditConflict).
 */
export async function saveBranding(
  agentId: string,
  branding: Record<string, unknown>,
  expectedVersion: number,
): Promise<SavedBranding> {
  const { data, error } = await getSupabase()
    .from('agents')
    .update({ branding: toJson(branding), version: expectedVersion })
    .eq('id', agentId)
    .select('branding, version')
    .single();
  if (error) throw toAppError(error, 'updateAgent');
  return { branding: data.branding, version: data.version };
}

export function useSaveBrandingMutation(agentId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ branding, expectedVersion }: { branding: Record<string, unknown>; expectedVersion: number }) =>
      saveBranding(agentId, branding, expectedVersion),
    // The editor shows a failed save itself (a callout, or the conflict choice): no extra toast.
    meta: { silent: true },
    onSuccess: (stored) => {
      client.setQueryData<BrandingAgent | null>(brandingKeys.agent(agentId), (old) =>
        old ? { ...old, ...stored } : old,
      );
      // The configure screen's copy of the row now has an old version.
      return client.invalidateQueries({ queryKey: agentsKeys.detail(agentId) });
    },
  });
}

/** `{user_id}/{agent_id}/gallery/{timestamp-filename}` (under the owner's folder). */
export function galleryPath(agent: { id: string; userId: string }, fileName: string): string {
  return `${agent.userId}/${agent.id}/gallery/${fileName}`;
}

/** Checks and uploads one album image; returns its public URL and stored file name. */
export async function uploadGalleryImage(
  agent: { id: string; userId: string },
  file: File,
): Promise<{ url: string; fileName: string }> {
  const problem = checkGalleryImage(file);
  if (problem)
    throw invalidFileError(`image_${problem}`, `branding:media.errors.${problem}`, {
      name: file.name,
      megabytes: String(megabytes(IMAGE_MAX_BYTES)),
    });
  const fileName = galleryFileName(file.name);
  const url = await uploadPublicFile({
    bucket: AGENT_MEDIA_BUCKET,
    path: galleryPath(agent, fileName),
    file,
    failureKey: 'branding:media.errors.uploadFailed',
    maxBytes: IMAGE_MAX_BYTES,
  });
  return { url, fileName };
}

/** Deletes album images from storage (removal from an album, or a deleted album). */
export function removeGalleryImages(agent: { id: string; userId: string }, fileNames: string[]): Promise<void> {
  return removeStoredFiles(
    AGENT_MEDIA_BUCKET,
    fileNames.filter(Boolean).map((name) => galleryPath(agent, name)),
    'branding:media.errors.removeFailed',
  );
}

export interface VideoMetadata {
  title: string;
  authorName: string;
  thumbnailUrl: string;
}

const oembed = z.object({
  title: z.string(),
  author_name: z.string().optional(),
  thumbnail_url: z.string().optional(),
});

/** oEmbed answers in well under a second; past this the owner is better off typing the title. */
const OEMBED_TIMEOUT_MS = 5000;

/** Title, author and thumbnail from YouTube's oEmbed endpoint; null when it cannot be reached. */
export async function fetchVideoMetadata(videoId: string): Promise<VideoMetadata | null> {
  try {
    const response = await fetch(oembedUrl(videoId), { signal: AbortSignal.timeout(OEMBED_TIMEOUT_MS) });
    if (!response.ok) return null;
    const parsed = oembed.safeParse(await response.json());
    if (!parsed.success) return null;
    return {
      title: parsed.data.title,
      authorName: parsed.data.author_name ?? '',
      thumbnailUrl: parsed.data.thumbnail_url ?? youtubeThumbnail(videoId),
    };
  } catch {
    return null;
  }
}
