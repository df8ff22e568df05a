// zod/mini, like ipc-contract.ts: this module is bundled into the sandboxed preload.
import { z } from 'zod/mini';
import {
  ANNOTATION_NOTES_MAX,
  ANNOTATION_TAG_MAX_LENGTH,
  ANNOTATION_TAGS_MAX,
  LIBRARY_MANIFEST_MAX,
  RUBRIC_CRITERIA,
  RUBRIC_MAX,
  RUBRIC_MIN,
} from '../../supabase/functions/_shared/contracts/recording-library-rules.ts';
import { ipcResultSchema } from './ipc-contract.ts';

/**
 * The offline recordings library's IPC contract: channel names, the schema of every
 * request, answer and pushed event, and the `ConciergeLibraryApi` the preload exposes as
 * `window.concierge.library`. Intent-level methods only: the renderer never names a file, except
 * `showInFolder`, whose path must be a plain relative path inside the library (checked here, and
 * again on disk by main, symlinks included).
 *
 * The annotation limits come from contracts/recording-library.ts (the rule Postgres also checks).
 */

export const LibraryChannel = {
  setSession: 'concierge:library:set-session',
  download: 'concierge:library:download',
  cancel: 'concierge:library:cancel',
  search: 'concierge:library:search',
  get: 'concierge:library:get',
  setAnnotation: 'concierge:library:set-annotation',
  syncNow: 'concierge:library:sync-now',
  getSettings: 'concierge:library:get-settings',
  setSettings: 'concierge:library:set-settings',
  status: 'concierge:library:status',
  wipe: 'concierge:library:wipe',
  showInFolder: 'concierge:library:show-in-folder',
  /** main -> renderer push: download progress. */
  progress: 'concierge:library:progress',
  /** main -> renderer push: the list, an annotation or the sync state changed. */
  changed: 'concierge:library:changed',
} as const;

const uuid = z.string().check(z.regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i));
const isoDate = z.iso.datetime({ offset: true });
const callKind = z.enum(['gsm', 'voice']);

/**
 * A path relative to the library root: no absolute path (POSIX, drive letter or UNC), no `..`
 * segment, no backslash, no NUL, no empty or `.` segment. Resolving it on disk is main's second check.
 */
export function isPlainRelativePath(value: string): boolean {
  if (value.length === 0 || value.length > 512) return false;
  if (value.includes('\0') || value.includes('\\')) return false;
  if (value.startsWith('/') || /^[a-zA-Z]:/.test(value)) return false;
  return value.split('/').every((segment) => segment !== '' && segment !== '.' && segment !== '..');
}
export const libraryRelativePathSchema = z
  .string()
  .check(z.refine(isPlainRelativePath, { message: 'must be a relative path inside the library' }));

export const librarySelectionIpcSchema = z.discriminatedUnion('mode', [
  z.object({
    mode: z.literal('calls'),
    calls: z.array(z.object({ kind: callKind, id: uuid })).check(z.minLength(1), z.maxLength(LIBRARY_MANIFEST_MAX)),
  }),
  z.object({
    mode: z.literal('filter'),
    agentId: z.nullable(uuid),
    search: z.string().check(z.maxLength(200)),
    since: z.nullable(isoDate),
    until: z.nullable(isoDate),
  }),
  z.object({
    mode: z.literal('agents'),
    agentIds: z.array(uuid).check(z.minLength(1), z.maxLength(50)),
    /** Only calls after this (null: all); calls already in the library are skipped either way. */
    since: z.nullable(isoDate),
  }),
]);
export type LibrarySelectionIpc = z.infer<typeof librarySelectionIpcSchema>;

export const rubricIpcSchema = z.partialRecord(
  z.enum(RUBRIC_CRITERIA),
  z.int().check(z.gte(RUBRIC_MIN), z.lte(RUBRIC_MAX)),
);
export const annotationInputSchema = z.object({
  notes: z.string().check(z.maxLength(ANNOTATION_NOTES_MAX)),
  tags: z
    .array(z.string().check(z.minLength(1), z.maxLength(ANNOTATION_TAG_MAX_LENGTH)))
    .check(z.maxLength(ANNOTATION_TAGS_MAX)),
  rubric: rubricIpcSchema,
});
export type AnnotationInput = z.infer<typeof annotationInputSchema>;

/**
 * `synced`: the server holds it; `pending`: edited here, not yet on the server; `conflict`: a newer
 * edit made elsewhere won, the local one is kept in `conflict` for the note shown to the user.
 */
export const annotationStateSchema = z.object({
  ...annotationInputSchema.shape,
  editedAt: z.nullable(isoDate),
  syncState: z.enum(['synced', 'pending', 'conflict']),
  conflict: z.nullable(
    z.object({ discarded: annotationInputSchema, discardedEditedAt: isoDate, winnerEditedAt: isoDate }),
  ),
});
export type AnnotationState = z.infer<typeof annotationStateSchema>;

export const libraryEntrySchema = z.object({
  id: uuid,
  kind: callKind,
  agentId: z.nullable(z.string()),
  agentName: z.nullable(z.string()),
  callerNumber: z.nullable(z.string()),
  startedAt: isoDate,
  duration: z.number(),
  mimeType: z.string(),
  size: z.number(),
  downloadedAt: isoDate,
  /** Where the page plays it (app://concierge/library-media/<id>, served with Range by main). */
  mediaUrl: z.string(),
  /** The audio file, relative to the library root (for showInFolder). */
  file: libraryRelativePathSchema,
  annotation: annotationStateSchema,
});
export type LibraryEntry = z.infer<typeof libraryEntrySchema>;

export const transcriptLineIpcSchema = z.object({ role: z.string(), content: z.string(), timestamp: z.string() });
export const libraryEntryDetailSchema = z.object({
  ...libraryEntrySchema.shape,
  transcript: z.array(transcriptLineIpcSchema),
});
export type LibraryEntryDetail = z.infer<typeof libraryEntryDetailSchema>;

export const librarySearchSchema = z.object({
  /** Words of the transcript, the agent's name, the caller's number, notes or tags. */
  text: z.string().check(z.maxLength(200)),
  agentId: z.nullable(z.string().check(z.maxLength(64))),
  caller: z.string().check(z.maxLength(64)),
  since: z.nullable(isoDate),
  until: z.nullable(isoDate),
});
export type LibrarySearch = z.infer<typeof librarySearchSchema>;

export const librarySettingsSchema = z.object({
  /** Size cap in bytes; null = unlimited. Oldest downloads are evicted first beyond it. */
  maxBytes: z.nullable(z.int().check(z.gte(1_000_000), z.lte(10_000_000_000_000))),
  /** Delete the library when the user signs out of the console. */
  wipeOnSignOut: z.boolean(),
});
export type LibrarySettings = z.infer<typeof librarySettingsSchema>;

export const downloadStateSchema = z.enum(['queued', 'downloading', 'retrying', 'done', 'failed', 'cancelled']);
export const downloadErrorSchema = z.enum(['network', 'checksum_mismatch', 'size_mismatch', 'server', 'disk']);
export const downloadProgressSchema = z.object({
  jobId: uuid,
  id: uuid,
  state: downloadStateSchema,
  receivedBytes: z.number(),
  totalBytes: z.number(),
  /** Bytes taken from a partial file left by an interrupted attempt. */
  resumedFrom: z.number(),
  error: z.nullable(downloadErrorSchema),
});
export type DownloadProgress = z.infer<typeof downloadProgressSchema>;

export const downloadStartedSchema = z.object({
  jobId: uuid,
  queued: z.number(),
  /** Already in the library, no recording, or not the caller's. */
  skipped: z.number(),
  /** More matched than one request holds: download again for the rest. */
  truncated: z.boolean(),
});
export type DownloadStarted = z.infer<typeof downloadStartedSchema>;

export const libraryStatusSchema = z.object({
  signedIn: z.boolean(),
  usedBytes: z.number(),
  count: z.number(),
  pendingEdits: z.number(),
  /** The last sync attempt failed (offline); retried with backoff. */
  offline: z.boolean(),
  downloads: z.array(downloadProgressSchema),
});
export type LibraryStatus = z.infer<typeof libraryStatusSchema>;

export const libraryChangedSchema = z.object({
  reason: z.enum(['entries', 'annotation', 'sync', 'settings', 'wiped']),
});
export type LibraryChanged = z.infer<typeof libraryChangedSchema>;

export const syncResultSchema = z.object({
  synced: z.number(),
  conflicts: z.number(),
  pending: z.number(),
  offline: z.boolean(),
});
export type SyncResult = z.infer<typeof syncResultSchema>;

const ok = z.object({});
export const libraryInvokeContract = {
  [LibraryChannel.setSession]: {
    request: z.object({ accessToken: z.nullable(z.string().check(z.minLength(1), z.maxLength(8192))) }),
    response: ipcResultSchema(ok),
  },
  [LibraryChannel.download]: {
    request: z.object({ selection: librarySelectionIpcSchema }),
    response: ipcResultSchema(downloadStartedSchema),
  },
  [LibraryChannel.cancel]: { request: z.object({ jobId: z.nullable(uuid) }), response: ipcResultSchema(ok) },
  [LibraryChannel.search]: {
    request: librarySearchSchema,
    response: ipcResultSchema(z.object({ entries: z.array(libraryEntrySchema) })),
  },
  [LibraryChannel.get]: {
    request: z.object({ id: uuid }),
    response: ipcResultSchema(z.object({ entry: z.nullable(libraryEntryDetailSchema) })),
  },
  [LibraryChannel.setAnnotation]: {
    request: z.object({ id: uuid, annotation: annotationInputSchema }),
    response: ipcResultSchema(z.object({ annotation: annotationStateSchema })),
  },
  [LibraryChannel.syncNow]: { request: z.undefined(), response: ipcResultSchema(syncResultSchema) },
  [LibraryChannel.getSettings]: { request: z.undefined(), response: ipcResultSchema(librarySettingsSchema) },
  [LibraryChannel.setSettings]: { request: librarySettingsSchema, response: ipcResultSchema(librarySettingsSchema) },
  [LibraryChannel.status]: { request: z.undefined(), response: ipcResultSchema(libraryStatusSchema) },
  [LibraryChannel.wipe]: { request: z.undefined(), response: ipcResultSchema(ok) },
  [LibraryChannel.showInFolder]: {
    request: z.object({ path: libraryRelativePathSchema }),
    response: ipcResultSchema(z.object({ shown: z.boolean() })),
  },
} as const;

/** `window.concierge.library`: present only in the desktop app. Methods throw ConciergeIpcError. */
export interface ConciergeLibraryApi {
  /** The console's session (null on sign-out: the library is wiped then if the owner chose so). */
  setSession(accessToken: string | null): Promise<void>;
  download(selection: LibrarySelectionIpc): Promise<DownloadStarted>;
  /** Cancels one download job, or all with null. */
  cancel(jobId: string | null): Promise<void>;
  search(query: LibrarySearch): Promise<LibraryEntry[]>;
  get(id: string): Promise<LibraryEntryDetail | null>;
  setAnnotation(id: string, annotation: AnnotationInput): Promise<AnnotationState>;
  syncNow(): Promise<SyncResult>;
  getSettings(): Promise<LibrarySettings>;
  setSettings(settings: LibrarySettings): Promise<LibrarySettings>;
  status(): Promise<LibraryStatus>;
  wipe(): Promise<void>;
  showInFolder(path: string): Promise<boolean>;
  onProgress(listener: (progress: DownloadProgress) => void): () => void;
  onChanged(listener: (change: LibraryChanged) => void): () => void;
}
