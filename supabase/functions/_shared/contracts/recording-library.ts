/**
 * The desktop app's offline recordings library: what the `recording-library`
 * function answers, and the annotation rules (notes, tags, quality rubric) that the console, the
 * Electron main process, the function and Postgres (private.valid_recording_rubric/_tags, which
 * restate them; tests/integration/library proves both agree) share.
 *
 * The limits live in recording-library-rules.ts (no zod) so the Electron IPC contract (zod/mini,
 * for a small preload) builds its schemas from the same numbers.
 */
import { z } from 'zod';
import { charsAtMost } from './field-limits.ts';
import { CALL_KINDS } from './history.ts';
import {
  ANNOTATION_NOTES_MAX,
  ANNOTATION_TAG_MAX_LENGTH,
  ANNOTATION_TAGS_MAX,
  LIBRARY_MANIFEST_MAX,
  RUBRIC_CRITERIA,
  RUBRIC_MAX,
  RUBRIC_MIN,
} from './recording-library-rules.ts';

export * from './recording-library-rules.ts';

export const rubricScoreSchema = z.int().min(RUBRIC_MIN).max(RUBRIC_MAX);
export const rubricSchema = z.partialRecord(z.enum(RUBRIC_CRITERIA), rubricScoreSchema);
export type Rubric = z.infer<typeof rubricSchema>;

export const annotationFieldsSchema = z.object({
  notes: charsAtMost(ANNOTATION_NOTES_MAX),
  tags: z.array(z.string().min(1).max(ANNOTATION_TAG_MAX_LENGTH)).max(ANNOTATION_TAGS_MAX),
  rubric: rubricSchema,
});
export type AnnotationFields = z.infer<typeof annotationFieldsSchema>;

/** An annotation as the server holds it (sync_recording_annotation's row). */
export const serverAnnotationSchema = annotationFieldsSchema.extend({
  editedAt: z.iso.datetime({ offset: true }),
  updatedAt: z.iso.datetime({ offset: true }),
});
export type ServerAnnotation = z.infer<typeof serverAnnotationSchema>;

export const callRefSchema = z.object({ kind: z.enum(CALL_KINDS), id: z.uuid() });
export type CallRef = z.infer<typeof callRefSchema>;

/**
 * What staff pick: some calls, the call-history filter (call_history's arguments), or everything
 * of these agents (the app skips what it already holds).
 */
export const librarySelectionSchema = z.discriminatedUnion('mode', [
  z.object({ mode: z.literal('calls'), calls: z.array(callRefSchema).min(1).max(LIBRARY_MANIFEST_MAX) }),
  z.object({
    mode: z.literal('filter'),
    agentId: z.uuid().nullable().default(null),
    search: z.string().max(200).default(''),
    since: z.iso.datetime({ offset: true }).nullable().default(null),
    until: z.iso.datetime({ offset: true }).nullable().default(null),
  }),
  z.object({
    mode: z.literal('agents'),
    agentIds: z.array(z.uuid()).min(1).max(50),
    since: z.iso.datetime({ offset: true }).nullable().default(null),
  }),
]);
export type LibrarySelection = z.input<typeof librarySelectionSchema>;

/**
 * Where a 'filter' or 'agents' selection continues: call_history's keyset (started_at, id) of the
 * last call the previous answer covered, as Postgres wrote it (full precision), and for 'agents'
 * the agent being walked (the ones listed before it are done).
 */
export const libraryCursorSchema = z.object({
  /** null (with beforeId) = from the newest call */
  beforeAt: z.iso.datetime({ offset: true }).nullable(),
  beforeId: z.uuid().nullable(),
  agentId: z.uuid().nullable().default(null),
});
export type LibraryCursor = z.infer<typeof libraryCursorSchema>;

export const libraryManifestRequestSchema = z.object({
  selection: librarySelectionSchema,
  /** The previous answer's `next`: continue after it (absent = from the newest call). */
  cursor: libraryCursorSchema.nullable().default(null),
  /**
   * Calls to leave out of the answer. Kept for older apps; current ones send none and skip what
   * they hold themselves, since a big library would not fit.
   */
  exclude: z.array(z.uuid()).max(5000).default([]),
});

export const transcriptLineSchema = z.object({
  role: z.string(),
  content: z.string(),
  timestamp: z.string(),
});
export type TranscriptLine = z.infer<typeof transcriptLineSchema>;

export const manifestItemSchema = z.object({
  kind: z.enum(CALL_KINDS),
  id: z.uuid(),
  agentId: z.string().nullable(),
  agentName: z.string().nullable(),
  callerNumber: z.string().nullable(),
  startedAt: z.string(),
  duration: z.number(),
  mimeType: z.string(),
  fileExtension: z.string().regex(/^[a-z0-9]{2,5}$/),
  size: z.number().int().nonnegative(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  url: z.url(),
  transcript: z.array(transcriptLineSchema),
  annotation: serverAnnotationSchema.nullable(),
});
export type ManifestItem = z.infer<typeof manifestItemSchema>;

export const libraryManifestSchema = z.object({
  items: z.array(manifestItemSchema),
  /** Picked calls that have no recording (or are not the caller's: same answer, nothing leaks). */
  skipped: z.array(z.uuid()),
  /** More matched than one answer holds: ask again (with `next` as the cursor when there is one). */
  truncated: z.boolean(),
  /** Where the next request continues ('filter' and 'agents'); null when the walk is complete. */
  next: libraryCursorSchema.nullable().default(null),
});
export type LibraryManifest = z.infer<typeof libraryManifestSchema>;
