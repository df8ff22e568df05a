import { readFunctionError } from '@contracts/errors.ts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { z } from 'zod';
import { toAppError } from '../../../errors/appError.ts';
import { getSupabase } from '../../../lib/supabase.ts';
import { checkKnowledgeFile, knowledgeStoragePath } from '../knowledgeFiles.ts';
import { knowledgeKeys } from './keys.ts';
import { KnowledgeError } from './knowledgeError.ts';
import { uploadWithProgress } from './uploadWithProgress.ts';

export const KNOWLEDGE_BUCKET = 'knowledge';

/** A knowledge document as the tab lists it; `uploaded` is the data model's word for ready. */
export interface KnowledgeDocument {
  id: string;
  name: string;
  type: string;
  status: 'processing' | 'uploaded' | 'failed';
  progress: number;
  error: string | null;
  sizeBytes: number | null;
  chunkCount: number;
  storagePath: string | null;
  createdAt: string;
}

// text with a check constraint: the generated type says string, the check says which.
const documentStatus = z.enum(['processing', 'uploaded', 'failed']);
const COLUMNS = 'id, name, type, status, progress, error, size_bytes, chunk_count, storage_path, created_at';

export async function fetchKnowledgeDocuments(agentId: string): Promise<KnowledgeDocument[]> {
  const { data, error } = await getSupabase()
    .from('knowledge_documents')
    .select(COLUMNS)
    .eq('agent_id', agentId)
    .order('created_at', { ascending: false });
  if (error) throw toAppError(error, 'generic');
  return (data ?? []).map((r) => ({
    id: r.id,
    name: r.name,
    type: r.type,
    status: documentStatus.parse(r.status),
    progress: r.progress,
    error: r.error,
    sizeBytes: r.size_bytes,
    chunkCount: r.chunk_count,
    storagePath: r.storage_path,
    createdAt: r.created_at,
  }));
}

/**
 * The agent's documents, live: Realtime changes refresh the list at once, and while a document is
 * processing the list is also polled (progress still moves if the Realtime socket is down).
 */
export function useKnowledgeDocumentsQuery(agentId: string, extraPolling: boolean) {
  const client = useQueryClient();
  useEffect(() => {
    const channel = getSupabase()
      .channel(`knowledge-documents:${agentId}`)
      .on(
        'postgres_changes',
        { event: '*', schema: 'public', table: 'knowledge_documents', filter: `agent_id=eq.${agentId}` },
        () => void client.invalidateQueries({ queryKey: knowledgeKeys.documents(agentId) }),
      )
      .subscribe();
    return () => {
      void getSupabase().removeChannel(channel);
    };
  }, [agentId, client]);
  return useQuery({
    queryKey: knowledgeKeys.documents(agentId),
    queryFn: () => fetchKnowledgeDocuments(agentId),
    refetchInterval: (query) =>
      extraPolling || (query.state.data ?? []).some((d) => d.status === 'processing') ? 1500 : false,
  });
}

/** The function's own message when it answered one (contracts/errors.ts' parser). */
/** The function's explanation (English sentence) and its code (which the console translates). */
async function functionReason(error: unknown): Promise<[string | undefined, string | undefined]> {
  const failure = await readFunctionError(error);
  return [failure?.message, failure?.code];
}

export interface UploadProgress {
  phase: 'uploading' | 'processing';
  /** 0..1 of the bytes sent while uploading. */
  fraction: number;
}

/**
 * One file: client-side check, signed upload URL, PUT with progress, then knowledge-ingest (which
 * answers when processing is over; the row shows progress meanwhile). Throws KnowledgeError.
 */
export async function uploadKnowledgeFile(
  owner: { userId: string; agentId: string | undefined },
  file: File,
  onProgress: (progress: UploadProgress & { storagePath: string }) => void,
): Promise<void> {
  if (!owner.agentId) throw new KnowledgeError('missingAgent');
  const check = checkKnowledgeFile(file);
  if (!check.ok) throw new KnowledgeError(check.reason, { file: file.name });
  const storagePath = knowledgeStoragePath(owner.userId, owner.agentId, file.name);
  const storage = getSupabase().storage.from(KNOWLEDGE_BUCKET);
  const signed = await storage.createSignedUploadUrl(storagePath);
  if (signed.error || !signed.data) throw new KnowledgeError('noUploadUrl');
  onProgress({ phase: 'uploading', fraction: 0, storagePath });
  await uploadWithProgress(signed.data.signedUrl, file, check.contentType, (fraction) =>
    onProgress({ phase: 'uploading', fraction, storagePath }),
  );
  onProgress({ phase: 'processing', fraction: 1, storagePath });
  const { error } = await getSupabase().functions.invoke('knowledge-ingest', {
    body: { action: 'ingest', agentId: owner.agentId, storagePath, name: file.name.slice(0, 255) },
  });
  if (error) throw new KnowledgeError('processingFailed', { file: file.name }, ...(await functionReason(error)));
}

export function useDeleteKnowledgeDocumentMutation(agentId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (document: { id: string } | undefined) => {
      if (!document?.id) throw new KnowledgeError('deleteMissing');
      const { error } = await getSupabase().functions.invoke('knowledge-ingest', {
        body: { action: 'delete', documentId: document.id },
      });
      if (error) throw new KnowledgeError('deleteFailed', {}, ...(await functionReason(error)));
    },
    onSettled: () => client.invalidateQueries({ queryKey: knowledgeKeys.documents(agentId) }),
  });
}

export function useReingestKnowledgeDocumentMutation(agentId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (document: { id: string; name: string }) => {
      const { error } = await getSupabase().functions.invoke('knowledge-ingest', {
        body: { action: 'reingest', documentId: document.id },
      });
      if (error) {
        throw new KnowledgeError('reingestFailed', { file: document.name }, ...(await functionReason(error)));
      }
    },
    onSettled: () => client.invalidateQueries({ queryKey: knowledgeKeys.documents(agentId) }),
  });
}
