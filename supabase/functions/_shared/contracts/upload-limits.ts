/**
 * Bytes one uploaded file may have, by what it is: the console checks a file against these before
 * sending it and names the limit when it refuses one; the storage buckets (migrations
 * 20261121193700, 20261125070100, 20261125200000) and knowledge-ingest refuse the same sizes. The
 * integration test tests/integration/storage/upload-limits.test.ts proves the buckets agree.
 */
import { INTERACTION_LIMITS } from './interactions.ts';
import { FAVICON_MAX_BYTES } from './site-seo.ts';

const MIB = 1024 * 1024;

export const UPLOAD_LIMITS = {
  /** Profile and agent avatars (bucket `avatars`). */
  avatar: 5 * MIB,
  /** Gallery images of an agent's page (bucket `agent-media`). */
  galleryImage: 5 * MIB,
  /**
   * Knowledge documents, knowledge-ingest's own limit: the `knowledge` bucket allows more, so a
   * larger file reaches the function, which says why it refuses it.
   */
  knowledgeDocument: 10 * MIB,
  /** Documents an interaction shares (bucket `interaction-documents`). */
  interactionDocument: INTERACTION_LIMITS.documentBytes,
  /** The site favicon (bucket `site-assets`). */
  favicon: FAVICON_MAX_BYTES,
  /** Media sent in a WhatsApp conversation (bucket `whatsapp-media`). */
  whatsappMedia: 16 * MIB,
} as const;
export type UploadKind = keyof typeof UPLOAD_LIMITS;
