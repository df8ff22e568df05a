import { readFunctionError } from '@contracts/errors.ts';
import { knowledgeDocumentStatusSchema, type KnowledgeDocumentStatus } from '@contracts/knowledge-documents.ts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { z } from 'zod';
import { toAppError } from '../../../errors/appError.ts';
import { getSupabase } from '../../../lib/supabase.ts';
import { checkKnowledgeFile } from '../knowledgeFiles.ts';
import { knowledgeKeys } from './keys.ts';
import { KnowledgeError } from './knowledgeError.ts';
import { uploadJournal } from './uploadJournal.ts';
import { createUploadProgressReporter } from './uploadProgressReporter.ts';
import { uploadWithProgress } from './uploadWithProgress.ts';

export const KNOWLEDGE_BUCKET = 'knowledge';

/** A knowledge document as the tab lists it; `uploaded` is the data model's word for ready. */
export interface KnowledgeDocument {
  id: string;
  name: string;
  type: string;
  status: KnowledgeDocumentStatus;
  progress: number;
  error: string | null;
  /** Why it failed, for the console to word (`knowledge:serverErrors.<code>`); `error` is the server's English. */
  errorCode: string | null;
  sizeBytes: number | null;
  chunkCount: number;
  storagePath: string | null;
  createdAt: string;
}

const COLUMNS =
  'id, name, type, status, progress, error, error_code, size_bytes, chunk_count, storage_path, created_at';

/** Tells the server that these uploads of the caller's are dead (and lets it fail any gone quiet). */
async function interruptUploads(documentIds: string[]): Promise<boolean> {
  const { error } = await getSupabase().rpc('interrupt_knowledge_uploads', { abandoned: documentIds });
  if (error) console.warn('interrupting knowledge uploads failed', error.message);
  return !error;
}

/**
 * The agent's documents, after the uploads an earlier page of this tab left in flight (and any
 * gone quiet too long) are marked interrupted, so they list as failed with a retry, not as
 * uploading forever.
 */
export async function fetchKnowledgeDocuments(agentId: string): Promise<KnowledgeDocument[]> {
  const abandoned = uploadJournal.takeAbandoned();
  // Not a reason to fail the list: the ids wait for the next load, the server's sweep does the rest.
  if (!(await interruptUploads(abandoned))) uploadJournal.restore(abandoned);
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
    // text with a check constraint: the generated type says string, the contract says which.
    status: knowledgeDocumentStatusSchema.parse(r.status),
    progress: r.progress,
    error: r.error,
    errorCode: r.error_code,
    sizeBytes: r.size_bytes,
    chunkCount: r.chunk_count,
    storagePath: r.storage_path,
    createdAt: r.created_at,
  }));
}

/**
 * The agent's documents, live: Realtime changes refresh the list at once, and while a document is
 * uploading or processing the list is also polled (progress still moves if the Realtime socket is
 * down, and an upload another page left behind is seen as interrupted once its time is up).
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
      extraPolling || (query.state.data ?? []).some((d) => d.status === 'uploading' || d.status === 'processing')
        ? 1500
        : false,
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
  /** The document recorded for this upload, once the server created it. */
  documentId: string | null;
}

/** The part of the function's answer the upload needs: the row and where its file goes. */
const startedUpload = z.object({ document: z.object({ id: z.string(), storage_path: z.string() }) });

/**
 * One file: client-side check; knowledge-ingest records the document as uploading (or, for a
 * retry, puts the failed one back to uploading) and says where the file goes; signed upload URL;
 * PUT with progress, reported to the server as the upload's sign of life; then knowledge-ingest
 * processes that document (it answers when processing is over; the row shows progress meanwhile).
 * An upload cut on the way is marked interrupted at once, so its row offers a retry.
 * Throws KnowledgeError.
 */
export async function uploadKnowledgeFile(
  target: { agentId: string | undefined; retryOf?: string },
  file: File,
  onProgress: (progress: UploadProgress) => void,
): Promise<void> {
  if (!target.agentId) throw new KnowledgeError('missingAgent');
  const check = checkKnowledgeFile(file);
  if (!check.ok) throw new KnowledgeError(check.reason, { file: file.name });
  const claim = { name: file.name.slice(0, 255), sizeBytes: file.size, contentType: check.contentType };
  const started = await getSupabase().functions.invoke('knowledge-ingest', {
    body: target.retryOf
      ? { action: 'retry-upload', documentId: target.retryOf, ...claim }
      : { action: 'upload', agentId: target.agentId, ...claim },
  });
  if (started.error) throw new KnowledgeError('noUploadUrl', {}, ...(await functionReason(started.error)));
  const parsed = startedUpload.safeParse(started.data);
  if (!parsed.success) throw new KnowledgeError('noUploadUrl');
  const document = parsed.data.document;
  const documentId = document.id;

  uploadJournal.begin(documentId);
  try {
    onProgress({ phase: 'uploading', fraction: 0, documentId });
    const signed = await getSupabase().storage.from(KNOWLEDGE_BUCKET).createSignedUploadUrl(document.storage_path);
    if (signed.error || !signed.data) {
      await interruptUploads([documentId]);
      throw new KnowledgeError('noUploadUrl');
    }
    const stop = new AbortController();
    let gone = false;
    const reporter = createUploadProgressReporter({
      report: async (percent) => {
        const { data, error } = await getSupabase().rpc('report_knowledge_upload_progress', {
          document_id: documentId,
          progress: percent,
        });
        if (error) throw error;
        return data;
      },
      // The server no longer waits for this file (interrupted, or removed): stop sending it.
      onGone: () => {
        gone = true;
        stop.abort();
      },
    });
    try {
      await uploadWithProgress(
        signed.data.signedUrl,
        file,
        check.contentType,
        (fraction) => {
          reporter.update(fraction);
          onProgress({ phase: 'uploading', fraction, documentId });
        },
        stop.signal,
      );
    } catch (error) {
      if (!gone) await interruptUploads([documentId]);
      throw gone ? new KnowledgeError('uploadInterrupted', { file: file.name }) : error;
    }
    await reporter.flush();
    if (gone) throw new KnowledgeError('uploadInterrupted', { file: file.name });
    onProgress({ phase: 'processing', fraction: 1, documentId });
    const { error } = await getSupabase().functions.invoke('knowledge-ingest', {
      body: { action: 'ingest', documentId, agentId: target.agentId },
    });
    if (error) throw new KnowledgeError('processingFailed', { file: file.name }, ...(await functionReason(error)));
  } finally {
    uploadJournal.end(documentId);
  }
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
