/**
 * `POST /functions/v1/knowledge-ingest` (signed-in owners; issue 6 §4). The console uploads the
 * file to the `knowledge` bucket at `{user_id}/{agent_id}/{file}`, then calls:
 *   {action: 'ingest', agentId, storagePath, name?}  validate (10 MB, PDF/DOCX/CSV/TXT by name,
 *        declared type and bytes), create the document row, extract, chunk, embed in batches,
 *        store chunks; the row shows `processing` with `progress`, then `uploaded` (ready) or
 *        `failed` with `error`. A refused file is removed from storage and no row is created.
 *   {action: 'reingest', documentId}  the same pipeline again on the stored file.
 *   {action: 'delete', documentId}    removes the file, the chunks (cascade) and the row.
 * The answer comes when processing is over (`{document}`); progress is on the row meanwhile, so
 * the console can show it through Realtime or polling.
 *
 * Reads, downloads and deletions act as the caller, so RLS decides (someone else's agent, document
 * or file looks missing: the same 404 whether or not it exists). The service role is kept for what
 * the owner may not write themselves: creating the row with its storage path and status, progress,
 * chunks and embeddings, and the usage metric. The path is still checked to be in the caller's own
 * folder for the agent before that row is created (issue 13 §2).
 */
import { z } from 'zod';
import type { ErrorCode } from '../_shared/contracts/errors.ts';
import { createAiProvider } from '../_shared/ai/factory.ts';
import { isProviderError } from '../_shared/ai/errors.ts';
import { createModelSettingsCache } from '../_shared/conversation/usage.ts';
import { KNOWLEDGE_MAX_BYTES, knowledgeFileTooLarge, validateKnowledgeFile } from '../_shared/knowledge/formats.ts';
import { ingestKnowledgeFile } from '../_shared/knowledge/ingest.ts';
import { isOwnKnowledgePath, parseKnowledgePath } from '../_shared/knowledge/paths.ts';
import {
  HttpError,
  createFunctionApp,
  envRecord,
  jsonResponse,
  parseJsonBody,
  requireOwnAgent,
  unionSummary,
  type Caller,
  type FunctionEnv,
} from '../_shared/platform/index.ts';
import {
  claimForProcessing,
  DOCUMENT_COLUMNS,
  KNOWLEDGE_BUCKET,
  progressReporter,
  replaceChunks,
  updateDocument,
  type DocumentRow,
} from './store.ts';

export type { FunctionEnv };

const input = z.discriminatedUnion('action', [
  z
    .object({
      action: z.literal('ingest'),
      agentId: z.guid({ error: 'agentId must be a UUID.' }),
      storagePath: z.string().min(3).max(1024),
      name: z.string().trim().min(1).max(255).optional(),
    })
    .strict(),
  z.object({ action: z.literal('reingest'), documentId: z.guid({ error: 'documentId must be a UUID.' }) }).strict(),
  z.object({ action: z.literal('delete'), documentId: z.guid({ error: 'documentId must be a UUID.' }) }).strict(),
]);

const summary = unionSummary('action must be ingest, reingest or delete.');

const json = (body: unknown, status = 200) => jsonResponse(body, status);

// One answer for "missing" and "not yours", so probing tells nothing about other owners' files.
const fileNotFound = () => new HttpError(404, 'file_not_found', 'Upload the file to the knowledge bucket first.');
const documentNotFound = () => new HttpError(404, 'document_not_found', 'This document does not exist.');

export function makeHandler(env: FunctionEnv): (request: Request) => Promise<Response> {
  const fn = createFunctionApp('knowledge-ingest', env, { browser: true });
  // Service role: status, progress, chunks and metrics are the server's to write (no client grant).
  const service = fn.service();
  const provider = createAiProvider(envRecord(env, ['OPENAI_API_KEY', 'OPENAI_BASE_URL', 'AI_PROVIDER']));
  const models = createModelSettingsCache(service);

  /** The caller's own file (storage RLS: their folder only), or the same 404 as a missing one. */
  async function download(caller: Caller, path: string): Promise<Blob> {
    const { data, error } = await fn.asCaller(caller).storage.from(KNOWLEDGE_BUCKET).download(path);
    if (error || !data) throw fileNotFound();
    return data;
  }

  /** Refuses a file: removes it from storage (the caller's own folder) so nothing stays, then the 4xx. */
  async function refuse(caller: Caller, path: string, error: HttpError): Promise<never> {
    await fn.asCaller(caller).storage.from(KNOWLEDGE_BUCKET).remove([path]);
    throw error;
  }

  async function process(document: DocumentRow, file: Blob): Promise<Response> {
    const report = progressReporter(service, document.id);
    try {
      const settings = await models();
      const ingested = await ingestKnowledgeFile(
        { fileName: document.name, contentType: file.type, bytes: new Uint8Array(await file.arrayBuffer()) },
        { provider, embeddingModel: settings.embeddingModel, onProgress: ({ fraction }) => report(fraction) },
      );
      await replaceChunks(service, document, ingested);
      const ready = await updateDocument(service, document.id, {
        status: 'uploaded',
        progress: 100,
        chunk_count: ingested.chunks.length,
        embedding_model: ingested.embeddingModel,
        processed_at: new Date().toISOString(),
        error: null,
      });
      if (!ingested.offline) {
        await service.from('analytics_metrics').insert({
          user_id: document.user_id,
          agent_id: document.agent_id,
          name: 'knowledge.embedding_tokens',
          value: ingested.usage.totalTokens,
          dimensions: { document_id: document.id, model: ingested.embeddingModel },
        });
      }
      return json({ document: ready });
    } catch (error) {
      const reason =
        error instanceof HttpError
          ? error.message
          : isProviderError(error)
            ? 'The embedding service is unavailable. Try again later.'
            : 'The file could not be processed.';
      console.warn('knowledge-ingest failed', document.id, String(error));
      await service.from('knowledge_chunks').delete().eq('document_id', document.id);
      const failed = await updateDocument(service, document.id, { status: 'failed', error: reason.slice(0, 1000) });
      // The cause's own code (no_text, unreadable_file, …) so the console can say it in the owner's language.
      const code: ErrorCode =
        error instanceof HttpError ? error.code : isProviderError(error) ? 'provider_error' : 'ingestion_failed';
      return json({ document: failed, error: { code, message: reason } }, error instanceof HttpError ? 422 : 502);
    }
  }

  /** The caller's document (RLS), whose stored path (if any) is in the caller's folder for its agent. */
  async function ownDocument(caller: Caller, documentId: string): Promise<DocumentRow> {
    const { data, error } = await fn
      .asCaller(caller)
      .from('knowledge_documents')
      .select(DOCUMENT_COLUMNS)
      .eq('id', documentId)
      .maybeSingle<DocumentRow>();
    if (error) throw new Error(`reading the document failed: ${error.message}`);
    if (!data) throw documentNotFound();
    // The database refuses such rows; a row from before that rule is treated as someone else's.
    const owner = { userId: caller.userId, agentId: data.agent_id };
    if (data.storage_path !== null && !isOwnKnowledgePath(data.storage_path, owner)) throw documentNotFound();
    return data;
  }

  fn.post('/', async (c) => {
    const caller = await fn.auth.requireOwner(c.req.raw);
    const command = await parseJsonBody(c.req.raw, input, { summary });
    const userId = caller.userId;

    if (command.action === 'delete') {
      const document = await ownDocument(caller, command.documentId);
      const asCaller = fn.asCaller(caller);
      if (document.storage_path) {
        const removed = await asCaller.storage.from(KNOWLEDGE_BUCKET).remove([document.storage_path]);
        if (removed.error) throw new Error(`removing the file failed: ${removed.error.message}`);
      }
      const { error } = await asCaller.from('knowledge_documents').delete().eq('id', document.id);
      if (error) throw new Error(`deleting the document failed: ${error.message}`);
      return json({ deleted: true, documentId: document.id });
    }

    if (command.action === 'reingest') {
      const document = await ownDocument(caller, command.documentId);
      // A run that died (instance recycled) leaves 'processing' behind; after 10 minutes it may be retried.
      const stalled = Date.now() - Date.parse(document.updated_at) > 10 * 60_000;
      const busy = () => new HttpError(409, 'already_processing', 'This document is being processed.');
      if (document.status === 'processing' && !stalled) throw busy();
      if (!document.storage_path) throw new HttpError(409, 'no_file', 'This document has no stored file to process.');
      const file = await download(caller, document.storage_path);
      // Parallel re-ingests all read the document idle; only the first to claim it runs.
      const processing = await claimForProcessing(service, document);
      if (!processing) throw busy();
      return process(processing, file);
    }

    const { agentId, storagePath } = command;
    await requireOwnAgent(fn.asCaller(caller), caller.userId, agentId);
    const parsed = parseKnowledgePath(storagePath);
    if (!parsed) throw new HttpError(400, 'invalid_path', 'storagePath must be {your user id}/{agent id}/{file name}.');
    // Someone else's folder answers like a missing file: nothing is read there.
    if (!isOwnKnowledgePath(storagePath, { userId, agentId })) throw fileNotFound();
    const file = await download(caller, storagePath);
    const name = command.name ?? parsed.fileName;
    if (file.size > KNOWLEDGE_MAX_BYTES) {
      await refuse(caller, storagePath, knowledgeFileTooLarge(file.size));
    }
    let format: string;
    try {
      format = validateKnowledgeFile(
        { fileName: name, contentType: file.type },
        new Uint8Array(await file.arrayBuffer()),
      );
    } catch (error) {
      if (error instanceof HttpError) await refuse(caller, storagePath, error);
      throw error;
    }
    // Service role: storage_path and status are not the owner's to write (column grants).
    const { data: created, error } = await service
      .from('knowledge_documents')
      .insert({
        agent_id: agentId,
        user_id: userId,
        name,
        type: format,
        status: 'processing',
        progress: 0,
        storage_path: storagePath,
        size_bytes: file.size,
      })
      .select(DOCUMENT_COLUMNS)
      .single<DocumentRow>();
    if (error?.code === '23505')
      throw new HttpError(409, 'already_ingested', 'This file is already in the knowledge base; re-ingest it instead.');
    if (error || !created) throw new Error(`creating the document failed: ${error?.message ?? 'no row'}`);
    return process(created, file);
  });

  return fn.handler();
}
