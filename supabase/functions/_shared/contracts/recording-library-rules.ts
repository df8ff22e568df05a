/**
 * The recordings library's annotation rules as plain numbers and names (no zod), so the desktop
 * app's sandboxed preload can build its IPC schemas (zod/mini) from the same rule without bundling
 * the full zod. The schemas are in recording-library.ts; Postgres restates the rubric and tags in
 * private.valid_recording_rubric/_tags (agreement tested in tests/integration/library).
 */

/** The quality rubric: each criterion scored 1 (poor) to 5 (excellent), any may be left unscored. */
export const RUBRIC_CRITERIA = ['greeting', 'understanding', 'resolution', 'courtesy'] as const;
export type RubricCriterion = (typeof RUBRIC_CRITERIA)[number];
export const RUBRIC_MIN = 1;
export const RUBRIC_MAX = 5;
export const ANNOTATION_NOTES_MAX = 10_000;
export const ANNOTATION_TAGS_MAX = 20;
export const ANNOTATION_TAG_MAX_LENGTH = 40;

/** At most this many recordings in one manifest (a bigger selection is asked for again). */
export const LIBRARY_MANIFEST_MAX = 100;
/** Signed download URLs live this long: enough to start (and resume within) one download. */
export const LIBRARY_URL_SECONDS = 900;

/** Average of the scored criteria, one decimal; null when nothing is scored. */
export function rubricAverage(rubric: Partial<Record<RubricCriterion, number>>): number | null {
  const scores = RUBRIC_CRITERIA.map((c) => rubric[c]).filter((s): s is number => typeof s === 'number');
  if (scores.length === 0) return null;
  return Math.round((scores.reduce((a, b) => a + b, 0) / scores.length) * 10) / 10;
}
