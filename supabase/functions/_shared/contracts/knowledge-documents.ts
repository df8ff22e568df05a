/**
 * A knowledge document's life, as the database constraint (knowledge_documents_status_check), the
 * knowledge-ingest function and the console read it:
 *   uploading   the row exists, the file is on its way to storage (`progress` = bytes sent, %)
 *   processing  knowledge-ingest extracts, chunks and embeds it (`progress` = work done, %)
 *   uploaded    ready: retrieval uses it (the data model's word for ready)
 *   failed      `error` says why in English, `error_code` says it for the console to word
 * The agreement with SQL is tested in tests/integration/contracts/knowledge-documents.test.ts.
 */
import { z } from 'zod';

export const KNOWLEDGE_DOCUMENT_STATUSES = ['uploading', 'processing', 'uploaded', 'failed'] as const;

export const knowledgeDocumentStatusSchema = z.enum(KNOWLEDGE_DOCUMENT_STATUSES);

export type KnowledgeDocumentStatus = z.infer<typeof knowledgeDocumentStatusSchema>;

/**
 * How long an upload may show no sign of life before it counts as interrupted and is failed
 * (SQL: private.knowledge_upload_grace()).
 */
export const KNOWLEDGE_UPLOAD_GRACE_SECONDS = 120;

/**
 * How often, at most, the uploading page reports its progress: well inside the grace time, so a
 * transfer that still moves is never cut.
 */
export const KNOWLEDGE_UPLOAD_REPORT_MS = 5_000;

/** The `error_code` of an upload whose page went away (or went quiet) before the file arrived. */
export const UPLOAD_INTERRUPTED = 'upload_interrupted';
