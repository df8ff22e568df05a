/**
 * `POST /functions/v1/knowledge-ingest` (signed-in owners). An upload is recorded
 * before its bytes go up, so a page that goes away mid-upload leaves a row that can say so:
 *   {action: 'upload', agentId, name, sizeBytes, contentType?}  checks the claim (10 MB, PDF/DOCX/
 *        CSV/TXT by name and declared type) and creates the document as `uploading`, with the
 *        storage path the server chose in the caller's folder for the agent: `{document}`. The
 *        console PUTs the file to `document.storage_path`, reporting progress on the row
 *        (report_knowledge_upload_progress), then asks for:
 *   {action: 'ingest', documentId, agentId?}  the caller's own document, still `uploading`: checks
 *        the stored bytes, then extracts, chunks, embeds in batches and stores chunks; the row shows
 *        `processing` with `progress`, then `uploaded` (ready) or `failed` with `error` and
 *        `error_code`. A refused file is removed from storage along with its row.
 *   {action: 'retry-upload', documentId, name, sizeBytes, contentType?}  a failed document (an
 *        interrupted upload, typically) takes a new file: back to `uploading` at a new path, the
 *        old file removed; then the same PUT and ingest.
 *   {action: 'ingest', agentId, storagePath, name?}  a file already in the caller's folder, in one
 *        step (scripts and API callers): the row is created once the file passed the checks.
 *   {action: 'reingest', documentId}  the same pipeline again on the stored file.
 *   {action: 'delete', documentId}    removes the file, the chunks (cascade) and the row.
 * The answer to an ingest comes when processing is over (`{document}`); progress is on the row
 * meanwhile, so the console can show it through Realtime or polling.
 * `POST /functions/v1/knowledge-ingest/sweep` (the scheduler, service role): uploads gone quiet
 * beyond the grace time become failed (`upload_interrupted`), for pages that never came back.
 *
 * Reads, downloads and deletions act as the caller, so RLS decides (someone else's agent, document
 * or file looks missing: the same 404 whether or not it exists). The service role is kept for what
 * the owner may not write themselves: creating the row with its storage path and status, progress,
 * chunks and embeddings, and the usage metric. A path is always derived from the caller and the
 * agent, or checked to be in that folder, before the service role stores it.
 */
import { z } from 'zod';
import type { ErrorCode } from '../_shared/contracts/errors.ts';
import { createAiProvider } from '../_shared/ai/factory.ts';
import { isProviderError } from '../_shared/ai/errors.ts';
import { createModelSettingsCache } from '../_shared/conversation/usage.ts';
import {
  KNOWLEDGE_MAX_BYTES,
  checkKnowledgeClaim,
  knowledgeFileTooLarge,
  validateKnowledgeFile,
} from '../_shared/knowledge/formats.ts';
import { ingestKnowledgeFile } from '../_shared/knowledge/ingest.ts';
import { isOwnKnowledgePath, knowledgeStoragePath, parseKnowledgePath } from '../_shared/knowledge/paths.ts';
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
  claimUpload,
  DOCUMENT_COLUMNS,
  KNOWLEDGE_BUCKET,
  progressReporter,
  replaceChunks,
  updateDocument,
  type DocumentRow,
} from './store.ts';

export type { FunctionEnv };

const documentId = z.guid({ error: 'documentId must be a UUID.' });
const agentId = z.guid({ error: 'agentId must be a UUID.' });
const fileName = z.string().trim().min(1).max(255);
/** What the browser says about the file it is about to send; the bytes are checked at ingest. */
const fileClaim = {
  name: fileName,
  sizeBytes: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
  contentType: z.string().max(200).optional(),
};

const input = z.discriminatedUnion('action', [
  z.object({ action: z.literal('upload'), agentId, ...fileClaim }).strict(),
  z.object({ action: z.literal('retry-upload'), documentId, ...fileClaim }).strict(),
  z
    .object({
      action: z.literal('ingest'),
      documentId: documentId.optional(),
      agentId: agentId.optional(),
      storagePath: z.string().min(3).max(1024).optional(),
      name: fileName.optional(),
    })
    .strict()
    .refine(
      (v) =>
        v.documentId !== undefined
          ? v.storagePath === undefined && v.name === undefined
          : v.agentId !== undefined && v.storagePath !== undefined,
      { message: 'ingest takes documentId (the upload to process), or agentId with storagePath.' },
    ),
  z.object({ action: z.literal('reingest'), documentId }).strict(),
  z.object({ action: z.literal('delete'), documentId }).strict(),
]);

const summary = unionSummary('action must be upload, retry-upload, ingest, reingest or delete.');

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
        error_code: null,
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
      // The cause's own code (no_text, unreadable_file, …) so the console can say it in the owner's language.
      const code: ErrorCode =
        error instanceof HttpError ? error.code : isProviderError(error) ? 'provider_error' : 'ingestion_failed';
      await service.from('knowledge_chunks').delete().eq('document_id', document.id);
      const failed = await updateDocument(service, document.id, {
        status: 'failed',
        error: reason.slice(0, 1000),
        error_code: code,
      });
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
    // RLS shows owners their own rows only; the owner is named too, as for agents (requireOwnAgent).
    if (!data || data.user_id !== caller.userId) throw documentNotFound();
    // The database refuses such rows; a row from before that rule is treated as someone else's.
    const owner = { userId: caller.userId, agentId: data.agent_id };
    if (data.storage_path !== null && !isOwnKnowledgePath(data.storage_path, owner)) throw documentNotFound();
    return data;
  }

  /**
   * The bytes the owner uploaded for `name`: within the limit and of the format the name says, or
   * refused (the file removed, then the 4xx). Answers the format.
   */
  async function checkStoredFile(caller: Caller, path: string, name: string, file: Blob): Promise<string> {
    if (file.size > KNOWLEDGE_MAX_BYTES) {
      await refuse(caller, path, knowledgeFileTooLarge(file.size));
    }
    try {
      return validateKnowledgeFile(
        { fileName: name, contentType: file.type },
        new Uint8Array(await file.arrayBuffer()),
      );
    } catch (error) {
      if (error instanceof HttpError) await refuse(caller, path, error);
      throw error;
    }
  }

  /** `{action: 'upload'}`: the row of a file about to go up, at a path chosen here. */
  async function startUpload(
    caller: Caller,
    command: { agentId: string; name: string; sizeBytes: number; contentType?: string | undefined },
  ): Promise<Response> {
    await requireOwnAgent(fn.asCaller(caller), caller.userId, command.agentId);
    const type = checkKnowledgeClaim({
      fileName: command.name,
      contentType: command.contentType,
      size: command.sizeBytes,
    });
    // Service role: storage_path and status are not the owner's to write (column grants).
    const { data, error } = await service
      .from('knowledge_documents')
      .insert({
        agent_id: command.agentId,
        user_id: caller.userId,
        name: command.name,
        type,
        status: 'uploading',
        progress: 0,
        storage_path: knowledgeStoragePath(caller.userId, command.agentId, command.name),
        size_bytes: command.sizeBytes,
      })
      .select(DOCUMENT_COLUMNS)
      .single<DocumentRow>();
    if (error || !data) throw new Error(`creating the document failed: ${error?.message ?? 'no row'}`);
    return json({ document: data }, 201);
  }

  /** `{action: 'retry-upload'}`: a failed document waits for a new file, at a new path. */
  async function retryUpload(
    caller: Caller,
    command: { documentId: string; name: string; sizeBytes: number; contentType?: string | undefined },
  ): Promise<Response> {
    const document = await ownDocument(caller, command.documentId);
    const notRetryable = () =>
      new HttpError(
        409,
        'upload_not_retryable',
        'Only a document whose upload or processing failed can take a new file.',
      );
    if (document.status !== 'failed') throw notRetryable();
    const type = checkKnowledgeClaim({
      fileName: command.name,
      contentType: command.contentType,
      size: command.sizeBytes,
    });
    // Only if it is still as read: two retries of one document cannot both win.
    const { data, error } = await service
      .from('knowledge_documents')
      .update({
        name: command.name,
        type,
        status: 'uploading',
        progress: 0,
        chunk_count: 0,
        error: null,
        error_code: null,
        embedding_model: null,
        processed_at: null,
        storage_path: knowledgeStoragePath(caller.userId, document.agent_id, command.name),
        size_bytes: command.sizeBytes,
      })
      .eq('id', document.id)
      .eq('status', 'failed')
      .eq('updated_at', document.updated_at)
      .select(DOCUMENT_COLUMNS)
      .maybeSingle<DocumentRow>();
    if (error) throw new Error(`restarting the upload failed: ${error.message}`);
    if (!data) throw notRetryable();
    if (document.storage_path) {
      // Whatever part of the old file arrived is of no use now; a leftover is only wasted space.
      const removed = await fn.asCaller(caller).storage.from(KNOWLEDGE_BUCKET).remove([document.storage_path]);
      if (removed.error) console.warn('knowledge-ingest: old file not removed', document.id, removed.error.message);
    }
    return json({ document: data });
  }

  /** `{action: 'ingest', documentId}`: the caller's upload, once its bytes are in storage. */
  async function ingestUpload(caller: Caller, documentId: string, agentId: string | undefined): Promise<Response> {
    const document = await ownDocument(caller, documentId);
    if (agentId !== undefined && agentId !== document.agent_id) throw documentNotFound();
    const notPending = () =>
      new HttpError(409, 'upload_not_pending', 'This document is not waiting for its file; upload it again.');
    if (document.status !== 'uploading' || !document.storage_path) throw notPending();
    const file = await download(caller, document.storage_path);
    let type: string;
    try {
      type = await checkStoredFile(caller, document.storage_path, document.name, file);
    } catch (error) {
      // A refused file leaves nothing behind: its row goes with it.
      if (error instanceof HttpError)
        await fn.asCaller(caller).from('knowledge_documents').delete().eq('id', document.id);
      throw error;
    }
    const processing = await claimUpload(service, document.id, { type, size_bytes: file.size });
    if (!processing) throw notPending();
    return process(processing, file);
  }

  /** `{action: 'ingest', agentId, storagePath}`: a file already stored, checked, then recorded and processed. */
  async function ingestStoredFile(
    caller: Caller,
    command: { agentId: string; storagePath: string; name?: string | undefined },
  ): Promise<Response> {
    const { agentId, storagePath } = command;
    const userId = caller.userId;
    await requireOwnAgent(fn.asCaller(caller), userId, agentId);
    const parsed = parseKnowledgePath(storagePath);
    if (!parsed) throw new HttpError(400, 'invalid_path', 'storagePath must be {your user id}/{agent id}/{file name}.');
    // Someone else's folder answers like a missing file: nothing is read there.
    if (!isOwnKnowledgePath(storagePath, { userId, agentId })) throw fileNotFound();
    const file = await download(caller, storagePath);
    const name = command.name ?? parsed.fileName;
    const format = await checkStoredFile(caller, storagePath, name, file);
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
  }

  fn.post('/sweep', async (c) => {
    fn.auth.requireServiceRole(c.req.raw, 'the interrupted upload sweep');
    const { data, error } = await service.rpc('sweep_interrupted_knowledge_uploads');
    if (error) throw new Error(`sweeping interrupted uploads failed: ${error.message}`);
    return json({ interrupted: data ?? 0 });
  });

  fn.post('/', async (c) => {
    const caller = await fn.auth.requireOwner(c.req.raw);
    const command = await parseJsonBody(c.req.raw, input, { summary });

    if (command.action === 'upload') return startUpload(caller, command);
    if (command.action === 'retry-upload') return retryUpload(caller, command);

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
      // An upload still on its way has no complete file to process yet.
      if (document.status === 'uploading')
        throw new HttpError(409, 'no_file', 'This document’s file has not finished uploading.');
      if (!document.storage_path) throw new HttpError(409, 'no_file', 'This document has no stored file to process.');
      const file = await download(caller, document.storage_path);
      // Parallel re-ingests all read the document idle; only the first to claim it runs.
      const processing = await claimForProcessing(service, document);
      if (!processing) throw busy();
      return process(processing, file);
    }

    if (command.documentId !== undefined) return ingestUpload(caller, command.documentId, command.agentId);
    const { agentId, storagePath } = command;
    // The schema's refinement guarantees both; the check keeps the types honest.
    if (agentId === undefined || storagePath === undefined)
      throw new HttpError(400, 'invalid_request', 'agentId and storagePath are required.');
    return ingestStoredFile(caller, { agentId, storagePath, name: command.name });
  });

  return fn.handler();
}
