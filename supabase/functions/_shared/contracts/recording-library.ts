/**
 * The desktop app's offline recordings library (issue 20 §1): what the `recording-library`
 * function answers, and the annotation rules (notes, tags, quality rubric) that the console, the
 * Electron main process, the function and Postgres (private.valid_recording_rubric/_tags, which
 * restate them; tests/integration/library proves both agree) share.
 *
 * The limits are plain constants so the Electron IPC contract (zod/mini, for a small preload)
 * builds its schemas from the same numbers.
 */
import { z } from 'zod';
import { CALL_KINDS } from './history.ts';

/** The quality rubric: each criterion scored 1 (poor) to 5 (excellent), any may be left unscored. */
export const RUBRIC_CRITERIA = ['greeting', 'understanding', 'resolution', 'courtesy'] as const;
export type RubricCriterion = (typeof RUBRIC_CRITERIA)[number];
export const RUBRIC_MIN = 1;
export const RUBRIC_MAX = 5;
export const ANNOTATION_NOTES_MAX = 10_000;
export const ANNOTATION_TAGS_MAX = 20;
export const ANNOTATION_TAG_MAX_LENGTH = 40;

export const rubricScoreSchema = z.int().min(RUBRIC_MIN).max(RUBRIC_MAX);
export const rubricSchema = z.partialRecord(z.enum(RUBRIC_CRITERIA), rubricScoreSchema);
export type Rubric = z.infer<typeof rubricSchema>;

export const annotationFieldsSchema = z.object({
  notes: z.string().max(ANNOTATION_NOTES_MAX),
  tags: z.array(z.string().min(1).max(ANNOTATION_TAG_MAX_LENGTH)).max(ANNOTATION_TAGS_MAX),
  rubric: rubricSchema,
});
export type AnnotationFields = z.infer<typeof annotationFieldsSchema>;

/** Average of the scored criteria, one decimal; null when nothing is scored. */
export function rubricAverage(rubric: Rubric): number | null {
  const scores = RUBRIC_CRITERIA.map((c) => rubric[c]).filter((s): s is number => typeof s === 'number');
  if (scores.length === 0) return null;
  return Math.round((scores.reduce((a, b) => a + b, 0) / scores.length) * 10) / 10;
}

/** An annotation as the server holds it (sync_recording_annotation's row). */
export const serverAnnotationSchema = annotationFieldsSchema.extend({
  editedAt: z.iso.datetime({ offset: true }),
  updatedAt: z.iso.datetime({ offset: true }),
});
export type ServerAnnotation = z.infer<typeof serverAnnotationSchema>;

export const callRefSchema = z.object({ kind: z.enum(CALL_KINDS), id: z.uuid() });
export type CallRef = z.infer<typeof callRefSchema>;

/** At most this many recordings in one manifest (a bigger selection is asked for in pages). */
export const LIBRARY_MANIFEST_MAX = 100;
/** Signed download URLs live this long: enough to start (and resume within) one download. */
export const LIBRARY_URL_SECONDS = 900;

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

export const libraryManifestRequestSchema = z.object({
  selection: librarySelectionSchema,
  /** Calls the app already holds: left out of the answer (at most one manifest's worth of pages). */
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
  /** More matched than one manifest holds: ask again with these excluded. */
  truncated: z.boolean(),
});
export type LibraryManifest = z.infer<typeof libraryManifestSchema>;
