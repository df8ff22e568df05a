/**
 * The database and storage side of knowledge ingestion: document rows, progress, chunks. Acts as
 * the service role after the handler checked that the caller owns the agent and the file.
 */
import type { TablesUpdate } from '../_shared/platform/database.ts';
import type { DbClient } from '../_shared/platform/env.ts';
import type { KnowledgeDocumentStatus } from '../_shared/contracts/knowledge-documents.ts';
import type { IngestedDocument } from '../_shared/knowledge/ingest.ts';
import { vectorLiteral } from '../_shared/conversation/knowledge.ts';

export const KNOWLEDGE_BUCKET = 'knowledge';

export interface DocumentRow {
  id: string;
  agent_id: string;
  user_id: string;
  name: string;
  type: string;
  status: KnowledgeDocumentStatus;
  progress: number;
  chunk_count: number;
  storage_path: string | null;
  size_bytes: number | null;
  error: string | null;
  error_code: string | null;
  updated_at: string;
}

export const DOCUMENT_COLUMNS =
  'id, agent_id, user_id, name, type, status, progress, chunk_count, storage_path, size_bytes, error, error_code, updated_at';

/** Rows per insert: 100 chunks with 1,536-dimension vectors is ≈ 2 MB of JSON. */
const CHUNK_BATCH = 100;

export async function updateDocument(
  service: DbClient,
  id: string,
  change: TablesUpdate<'knowledge_documents'>,
): Promise<DocumentRow> {
  const { data, error } = await service
    .from('knowledge_documents')
    .update(change)
    .eq('id', id)
    .select(DOCUMENT_COLUMNS)
    .single<DocumentRow>();
  if (error || !data) throw new Error(`updating the document failed: ${error?.message ?? 'no row'}`);
  return data;
}

/**
 * Marks a document 'processing' only if it is still as `seen` (same status, same updated_at, which
 * every write bumps): of parallel re-ingests that all read it idle, one wins, the others get null.
 */
export async function claimForProcessing(service: DbClient, seen: DocumentRow): Promise<DocumentRow | null> {
  const { data, error } = await service
    .from('knowledge_documents')
    .update({ status: 'processing', progress: 0, error: null, error_code: null })
    .eq('id', seen.id)
    .eq('status', seen.status)
    .eq('updated_at', seen.updated_at)
    .select(DOCUMENT_COLUMNS)
    .maybeSingle<DocumentRow>();
  if (error) throw new Error(`claiming the document failed: ${error.message}`);
  return data;
}

/**
 * Moves an uploaded document from 'uploading' to 'processing' with what the file turned out to be,
 * only if it is still uploading: of two ingests, or an ingest and the interrupted-upload sweep,
 * one wins and the other gets null. Progress reports bump updated_at while the file goes up, so
 * the status alone decides here.
 */
export async function claimUpload(
  service: DbClient,
  documentId: string,
  file: { type: string; size_bytes: number },
): Promise<DocumentRow | null> {
  const { data, error } = await service
    .from('knowledge_documents')
    .update({ status: 'processing', progress: 0, error: null, error_code: null, ...file })
    .eq('id', documentId)
    .eq('status', 'uploading')
    .select(DOCUMENT_COLUMNS)
    .maybeSingle<DocumentRow>();
  if (error) throw new Error(`claiming the upload failed: ${error.message}`);
  return data;
}

/** Replaces a document's chunks (re-ingest deletes the old ones first; the document is 'processing' meanwhile, so retrieval skips it). */
export async function replaceChunks(
  service: DbClient,
  document: DocumentRow,
  ingested: IngestedDocument,
): Promise<void> {
  const removed = await service.from('knowledge_chunks').delete().eq('document_id', document.id);
  if (removed.error) throw new Error(`removing old chunks failed: ${removed.error.message}`);
  for (let start = 0; start < ingested.chunks.length; start += CHUNK_BATCH) {
    const rows = ingested.chunks.slice(start, start + CHUNK_BATCH).map((chunk) => ({
      document_id: document.id,
      agent_id: document.agent_id,
      user_id: document.user_id,
      chunk_index: chunk.index,
      content: chunk.content,
      token_count: chunk.tokenEstimate,
      embedding: vectorLiteral(chunk.embedding),
    }));
    const { error } = await service.from('knowledge_chunks').insert(rows);
    if (error) throw new Error(`storing chunks failed: ${error.message}`);
  }
}

/** Progress writes are throttled to whole steps of 10 % so a big file does not flood the row. */
export function progressReporter(service: DbClient, documentId: string): (fraction: number) => void {
  let written = 0;
  let pending: Promise<unknown> = Promise.resolve();
  return (fraction) => {
    const percent = Math.min(99, Math.floor(fraction * 10) * 10);
    if (percent <= written) return;
    written = percent;
    pending = pending.then(() =>
      service.from('knowledge_documents').update({ progress: percent }).eq('id', documentId).eq('status', 'processing'),
    );
  };
}
