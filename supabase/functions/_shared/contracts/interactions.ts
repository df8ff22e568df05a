/**
 * Interactions: `interactions.instructions` and `interactions.config`,
 * one definition for the console's editor and the conversation core, which acts on them with the
 * service role (it signs URLs for `storage_path` and sends `url` to visitors).
 *
 *   share_document {file_name, file_size, storage_path, send_email, send_whatsapp}
 *   share_url      {url, url_title, url_description, send_url_email, send_url_whatsapp}
 *
 * - `interactionWriteSchema(ownerId)`: what Postgres accepts (private.check_interaction and the
 *   column checks). Drafts are allowed: an empty url or no file yet is fine, but whatever is filled
 *   must be valid, and an enabled interaction needs a delivery channel.
 *   tests/integration/contracts/interactions.test.ts runs one table of cases through both.
 * - `readInstructions` / `readDocumentConfig` / `readUrlConfig`: stored values read for use.
 */
import { z } from 'zod';
import { charsAtMost } from './field-limits.ts';

/** The private bucket of shared documents, `{owner id}/{agent id}/interactions/…`. */
export const INTERACTION_DOCUMENTS_BUCKET = 'interaction-documents';

export const INTERACTION_TYPES = ['share_document', 'share_url'] as const;
export type InteractionType = (typeof INTERACTION_TYPES)[number];

export function isInteractionType(type: string): type is InteractionType {
  return (INTERACTION_TYPES as readonly string[]).includes(type);
}

export const INTERACTION_LIMITS = {
  name: 200,
  instructions: 50,
  instruction: 2000,
  url: 2048,
  urlTitle: 200,
  urlDescription: 1000,
  fileName: 255,
  storagePath: 1024,
  /** 10 MB; the private interaction-documents bucket enforces the same. */
  documentBytes: 10 * 1024 * 1024,
} as const;

/** Pdf, doc, docx, txt, png, jpg, jpeg (the bucket allows the same types). */
export const DOCUMENT_MIME_TYPES = {
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  txt: 'text/plain',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
} as const;
export type DocumentExtension = keyof typeof DOCUMENT_MIME_TYPES;
export const DOCUMENT_EXTENSIONS = Object.keys(DOCUMENT_MIME_TYPES) as DocumentExtension[];

/** The extension of a file name when it is one of the document types, else null. */
export function documentExtension(fileName: string): DocumentExtension | null {
  const extension = /\.([a-z0-9]+)$/i.exec(fileName)?.[1]?.toLowerCase() ?? '';
  return Object.hasOwn(DOCUMENT_MIME_TYPES, extension) ? (extension as DocumentExtension) : null;
}

// A host with a dot, then an optional path, query or fragment, no white space.
const URL_PATTERN = /^https?:\/\/[^\s/?#]+\.[^\s/?#]+([/?#]\S*)?$/i;

/** A link an interaction may send: http(s), a dotted host, at most 2048 characters. */
export function isInteractionUrl(value: string): boolean {
  return URL_PATTERN.test(value) && Array.from(value).length <= INTERACTION_LIMITS.url;
}

/** A document lies in its owner's folder of the bucket, without climbing out of it. */
export function isOwnDocumentPath(path: string, ownerId: string): boolean {
  return (
    path.startsWith(`${ownerId}/`) && !path.includes('..') && Array.from(path).length <= INTERACTION_LIMITS.storagePath
  );
}

// ---- what Postgres accepts ------------------------------------------------------------------

const instructionsWrite = z
  .array(z.object({ value: charsAtMost(INTERACTION_LIMITS.instruction) }).loose())
  .max(INTERACTION_LIMITS.instructions);

const flag = z.boolean().optional();

const documentConfigWrite = (ownerId: string) =>
  z
    .object({
      file_name: charsAtMost(INTERACTION_LIMITS.fileName)
        .refine((name) => name === '' || documentExtension(name) !== null)
        .optional(),
      file_size: z.number().min(0).max(INTERACTION_LIMITS.documentBytes).optional(),
      storage_path: z
        .string()
        .refine((path) => path === '' || isOwnDocumentPath(path, ownerId))
        .optional(),
      send_email: flag,
      send_whatsapp: flag,
    })
    .loose();

const urlConfigWrite = z
  .object({
    url: z
      .string()
      .refine((url) => url === '' || isInteractionUrl(url))
      .optional(),
    url_title: charsAtMost(INTERACTION_LIMITS.urlTitle).optional(),
    url_description: charsAtMost(INTERACTION_LIMITS.urlDescription).optional(),
    send_url_email: flag,
    send_url_whatsapp: flag,
  })
  .loose();

const base = {
  name: charsAtMost(INTERACTION_LIMITS.name).optional(),
  enabled: z.boolean(),
  instructions: instructionsWrite,
};

/** An interactions row as Postgres accepts it from the owner `ownerId`. */
export function interactionWriteSchema(ownerId: string) {
  return z
    .discriminatedUnion('type', [
      z.object({ ...base, type: z.literal('share_document'), config: documentConfigWrite(ownerId) }),
      z.object({ ...base, type: z.literal('share_url'), config: urlConfigWrite }),
    ])
    .refine(
      (row) =>
        !row.enabled ||
        (row.type === 'share_document'
          ? row.config.send_email === true || row.config.send_whatsapp === true
          : row.config.send_url_email === true || row.config.send_url_whatsapp === true),
      { error: 'Select at least one channel' },
    );
}

// ---- what the editor and the core read ------------------------------------------------------

const bag = (raw: unknown): Record<string, unknown> =>
  raw !== null && typeof raw === 'object' && !Array.isArray(raw) ? (raw as Record<string, unknown>) : {};
const textOr = (fallback: string) => z.string().catch(fallback);
const on = z.boolean().catch(false);
const optionalText = z.string().optional().catch(undefined);

const instructionRead = z.object({ id: z.coerce.string(), type: textOr('keyword'), value: z.string() });
export type Instruction = z.infer<typeof instructionRead>;

/** The instruction items that have a text value; anything else is skipped. */
export function readInstructions(raw: unknown): Instruction[] {
  if (!Array.isArray(raw)) return [];
  return raw.flatMap((item) => {
    const parsed = instructionRead.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
}

const documentConfigRead = z.object({
  file_name: optionalText,
  file_size: z.number().optional().catch(undefined),
  storage_path: optionalText,
  send_email: on,
  send_whatsapp: on,
});
export type DocumentConfig = z.infer<typeof documentConfigRead>;

const urlConfigRead = z.object({
  url: textOr(''),
  url_title: textOr(''),
  url_description: textOr(''),
  send_url_email: on,
  send_url_whatsapp: on,
});
export type UrlConfig = z.infer<typeof urlConfigRead>;

/** A stored share_document config; absent keys stay absent (a draft without a file). */
export function readDocumentConfig(raw: unknown): DocumentConfig {
  const config = documentConfigRead.parse(bag(raw));
  // Keys a draft has not set are left out rather than written back as undefined.
  return Object.fromEntries(Object.entries(config).filter(([, value]) => value !== undefined)) as DocumentConfig;
}

/** A stored share_url config: texts default to empty, channels to off. */
export function readUrlConfig(raw: unknown): UrlConfig {
  return urlConfigRead.parse(bag(raw));
}
