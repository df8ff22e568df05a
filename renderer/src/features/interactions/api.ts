/**
 * Interactions rows (public.interactions, RLS: the owner only) and document uploads to the private
 * interaction-documents bucket, in the owner's folder `{user_id}/{agent_id}/interactions/…`.
 */
import { megabytes } from '@contracts/limit-refusal.ts';
import {
  INTERACTION_DOCUMENTS_BUCKET,
  INTERACTION_LIMITS,
  readDocumentConfig,
  readInstructions,
  readUrlConfig,
} from '@contracts/interactions.ts';
import { toJson, type Row, type UpdateRow } from '../../lib/db-types.ts';
import { useQuery } from '@tanstack/react-query';
import { AppError, toAppError } from '../../errors/appError.ts';
import { getSupabase } from '../../lib/supabase.ts';
import {
  checkDocumentFile,
  isSupportedType,
  type DocumentConfig,
  type Interaction,
  type InteractionsDiff,
} from './model.ts';

export { INTERACTION_DOCUMENTS_BUCKET };

export const interactionsKeys = {
  all: ['interactions'] as const,
  agent: (agentId: string) => [...interactionsKeys.all, agentId] as const,
};

type InteractionRow = Pick<
  Row<'interactions'>,
  'id' | 'type' | 'name' | 'enabled' | 'instructions' | 'config' | 'sort_order'
>;

function toInteraction(row: InteractionRow): Interaction | null {
  if (!isSupportedType(row.type)) return null;
  const base = {
    id: row.id,
    name: row.name,
    enabled: row.enabled,
    instructions: readInstructions(row.instructions),
    sortOrder: row.sort_order,
  };
  return row.type === 'share_document'
    ? { ...base, type: 'share_document', config: readDocumentConfig(row.config) }
    : { ...base, type: 'share_url', config: readUrlConfig(row.config) };
}

export async function fetchInteractions(agentId: string): Promise<Interaction[]> {
  const { data, error } = await getSupabase()
    .from('interactions')
    .select('id, type, name, enabled, instructions, config, sort_order')
    .eq('agent_id', agentId)
    .order('sort_order')
    .order('created_at');
  if (error) throw toAppError(error);
  return (data ?? []).map(toInteraction).filter((interaction): interaction is Interaction => interaction !== null);
}

export function useInteractionsQuery(agentId: string) {
  // Autosave owns the list once loaded: no refetch on focus would overwrite edits in progress.
  return useQuery({
    queryKey: interactionsKeys.agent(agentId),
    queryFn: () => fetchInteractions(agentId),
    refetchOnWindowFocus: false,
    staleTime: Infinity,
  });
}

const columns = (interaction: Interaction) =>
  ({
    type: interaction.type,
    name: interaction.name.trim(),
    enabled: interaction.enabled,
    instructions: toJson(interaction.instructions),
    config: toJson(interaction.config),
    sort_order: interaction.sortOrder,
  }) satisfies UpdateRow<'interactions'>;

/** Writes one autosave diff: deletes first (a type deleted then re-added must free its slot). */
export async function saveInteractions(agent: { id: string; userId: string }, diff: InteractionsDiff): Promise<void> {
  const table = () => getSupabase().from('interactions');
  if (diff.deletes.length > 0) {
    const { error } = await table().delete().in('id', diff.deletes);
    if (error) throw toAppError(error);
  }
  for (const interaction of diff.updates) {
    const { error } = await table().update(columns(interaction)).eq('id', interaction.id);
    if (error) throw toAppError(error);
  }
  if (diff.inserts.length > 0) {
    const { error } = await table().insert(
      diff.inserts.map((interaction) => ({
        id: interaction.id,
        agent_id: agent.id,
        user_id: agent.userId,
        ...columns(interaction),
      })),
    );
    if (error) throw toAppError(error);
  }
}

/**
 * Best effort: a document no saved interaction uses any more is removed from storage. A failure
 * only leaves an unused file in the owner's private folder, so it is logged, not shown.
 */
export async function removeDocuments(paths: string[]): Promise<void> {
  if (paths.length === 0) return;
  const { error } = await getSupabase().storage.from(INTERACTION_DOCUMENTS_BUCKET).remove(paths);
  if (error) console.warn('unused interaction documents not removed', error.message);
}

/** The document's type and size are checked first (the bucket enforces the same types and 10 MB), then the upload. */
export async function uploadInteractionDocument(
  agent: { id: string; userId: string },
  file: File,
  now = Date.now(),
): Promise<Required<Pick<DocumentConfig, 'file_name' | 'file_size' | 'storage_path'>>> {
  const check = checkDocumentFile(file);
  if (!check.ok) {
    const messageKey = check.reason === 'type' ? 'interactions:errors.fileType' : 'interactions:errors.fileSize';
    throw new AppError({
      source: 'app',
      code: `invalid_${check.reason}`,
      messageKey,
      message: messageKey,
      params: { megabytes: String(megabytes(INTERACTION_LIMITS.documentBytes)) },
    });
  }
  const safeName = file.name.replace(/[^A-Za-z0-9._-]+/g, '_').slice(-120);
  const path = `${agent.userId}/${agent.id}/interactions/${now}-${safeName}`;
  const { error } = await getSupabase()
    .storage.from(INTERACTION_DOCUMENTS_BUCKET)
    .upload(path, file, { contentType: check.contentType, upsert: false });
  if (error)
    throw new AppError({
      source: 'database',
      code: 'upload_failed',
      messageKey: 'interactions:errors.uploadFailed',
      message: error.message,
    });
  return { file_name: file.name, file_size: file.size, storage_path: path };
}
