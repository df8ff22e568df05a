import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import {
  LIBRARY_MANIFEST_MAX,
  type LibraryCursor,
  type LibraryManifest,
  type ManifestItem,
  type ServerAnnotation,
} from '../../../supabase/functions/_shared/contracts/recording-library.ts';
import type {
  AnnotationInput,
  AnnotationState,
  DownloadProgress,
  DownloadStarted,
  LibraryChanged,
  LibraryEntry,
  LibraryEntryDetail,
  LibrarySearch,
  LibrarySelectionIpc,
  LibrarySettings,
  LibraryStatus,
  SyncResult,
} from '../../shared/library-contract.ts';
import { DownloadError, downloadVerified } from './download.ts';
import { fileResponse } from './media.ts';
import { recordingFiles, resolveExistingInside } from './paths.ts';
import { filterEntries, openSearchIndex, searchDocument, type LibrarySearchIndex } from './search.ts';
import {
  createIndexStore,
  EMPTY_ANNOTATION,
  removeTree,
  transcriptFileSchema,
  writeJsonAtomic,
  type LibraryIndex,
  type StoredEntry,
} from './store.ts';

/**
 * One user's offline recordings library: downloads (manifest from the
 * `recording-library` function, verified resumable transfers, a few at a time), the index and
 * search, annotations written locally first and synced by last writer wins, the size cap, wipe,
 * and the media answers for playback. Knows nothing of Electron: the IPC layer and the tests drive
 * it the same way.
 */

/** The server as the library needs it (supabase-js in production, see server.ts). */
export interface LibraryServer {
  manifest(request: { selection: LibrarySelectionIpc; cursor: LibraryCursor | null }): Promise<LibraryManifest>;
  syncAnnotation(input: {
    kind: 'gsm' | 'voice';
    id: string;
    annotation: AnnotationInput;
    editedAt: string;
  }): Promise<{ annotation: ServerAnnotation; lost: boolean }>;
  /** The server's annotations of these calls (edits made on another computer), by call id. */
  annotations(ids: string[]): Promise<Map<string, ServerAnnotation>>;
}

/** The server could not be reached (or failed, 5xx): the library stays usable and retries later. */
export class LibraryOfflineError extends Error {
  override readonly name = 'LibraryOfflineError';
}

/** The server refused the request (4xx): its message says why; asking again will not help. */
export class LibraryRequestError extends Error {
  override readonly name = 'LibraryRequestError';
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** Manifests one "download" asks for at most (each is one request to the function). */
const MANIFESTS_PER_DOWNLOAD = 5;

export interface RecordingLibraryOptions {
  root: string;
  server: LibraryServer;
  /** The page's URL of a recording (app://concierge/library-media/<id> in the app). */
  mediaUrl: (id: string) => string;
  emitProgress: (progress: DownloadProgress) => void;
  emitChanged: (change: LibraryChanged) => void;
  fetch?: typeof fetch;
  now?: () => Date;
  log?: (message: string) => void;
  /** Parallel transfers. */
  concurrency?: number;
  /** Waits before each retry of an interrupted transfer (its length = the retries). */
  retryDelaysMs?: number[];
  /** Sync retry backoff while offline. */
  syncBackoffMs?: { initial: number; max: number };
}

export interface RecordingLibrary {
  download(selection: LibrarySelectionIpc): Promise<DownloadStarted>;
  cancel(jobId: string | null): void;
  search(query: LibrarySearch): LibraryEntry[];
  get(id: string): Promise<LibraryEntryDetail | null>;
  setAnnotation(id: string, input: AnnotationInput): Promise<AnnotationState>;
  syncNow(): Promise<SyncResult>;
  getSettings(): LibrarySettings;
  setSettings(settings: LibrarySettings): Promise<LibrarySettings>;
  status(): LibraryStatus;
  wipe(): Promise<void>;
  /** The absolute path of a library file for "show in folder" (refuses anything outside). */
  locate(relative: string): Promise<string>;
  /** The answer to a media request for recording `id` (404 when it is not in the library). */
  mediaResponse(id: string, rangeHeader: string | null): Promise<Response>;
  /** Resolves when every queued download has settled (tests, shutdown). */
  idle(): Promise<void>;
  close(): Promise<void>;
}

interface Task {
  jobId: string;
  item: ManifestItem;
  controller: AbortController;
  progress: DownloadProgress;
}

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });

const pick = (a: { notes: string; tags: string[]; rubric: AnnotationInput['rubric'] }): AnnotationInput => ({
  notes: a.notes,
  tags: a.tags,
  rubric: a.rubric,
});

function transcriptText(lines: { content: string }[]): string {
  return lines.map((l) => l.content).join('\n');
}

export async function openRecordingLibrary(options: RecordingLibraryOptions): Promise<RecordingLibrary> {
  const log = options.log ?? (() => {});
  const now = options.now ?? (() => new Date());
  const concurrency = options.concurrency ?? 2;
  const retryDelays = options.retryDelaysMs ?? [500, 2000, 5000];
  const backoff = options.syncBackoffMs ?? { initial: 2000, max: 60_000 };
  const store = createIndexStore(options.root, log);
  let index: LibraryIndex = await store.load();

  async function readTranscript(entry: Pick<StoredEntry, 'id' | 'fileExtension'>) {
    try {
      const files = recordingFiles(options.root, entry.id, entry.fileExtension);
      const parsed = transcriptFileSchema.safeParse(JSON.parse(await readFile(files.transcript, 'utf8')));
      return parsed.success ? parsed.data : [];
    } catch {
      return [];
    }
  }
  const search: LibrarySearchIndex = await openSearchIndex(path.join(options.root, 'search-index.json'), async () =>
    Promise.all(
      Object.values(index.entries).map(async (e) => searchDocument(e, transcriptText(await readTranscript(e)))),
    ),
  );

  const tasks = new Map<string, Task>();
  /** Where a truncated walk continues, per selection (JSON), for the next "download" of it. */
  const continuations = new Map<string, LibraryCursor>();
  const queue: Task[] = [];
  let running = 0;
  let idleWaiters: (() => void)[] = [];
  let offline = false;
  let syncTimer: NodeJS.Timeout | null = null;
  let syncDelay = backoff.initial;
  let syncing: Promise<SyncResult> | null = null;
  let closed = false;

  const save = async () => {
    await store.save(index);
    await search.save();
  };

  function toEntry(e: StoredEntry): LibraryEntry {
    return {
      id: e.id,
      kind: e.kind,
      agentId: e.agentId,
      agentName: e.agentName,
      callerNumber: e.callerNumber,
      startedAt: e.startedAt,
      duration: e.duration,
      mimeType: e.mimeType,
      size: e.size,
      downloadedAt: e.downloadedAt,
      mediaUrl: options.mediaUrl(e.id),
      file: recordingFiles(options.root, e.id, e.fileExtension).audioRelative,
      annotation: e.annotation,
    };
  }

  const usedBytes = () => Object.values(index.entries).reduce((sum, e) => sum + e.size, 0);

  /** Oldest downloads go first; an entry with edits not yet on the server is never evicted. */
  async function evict(): Promise<number> {
    const cap = index.settings.maxBytes;
    if (cap === null) return 0;
    let used = usedBytes();
    let evicted = 0;
    const candidates = Object.values(index.entries)
      .filter((e) => e.annotation.syncState !== 'pending')
      .sort((a, b) => Date.parse(a.downloadedAt) - Date.parse(b.downloadedAt));
    for (const entry of candidates) {
      if (used <= cap) break;
      delete index.entries[entry.id];
      search.remove(entry.id);
      await removeTree(recordingFiles(options.root, entry.id, entry.fileExtension).dir);
      used -= entry.size;
      evicted += 1;
    }
    return evicted;
  }

  function emit(task: Task, patch: Partial<DownloadProgress>) {
    task.progress = { ...task.progress, ...patch };
    options.emitProgress(task.progress);
  }

  function settleIdle() {
    if (running === 0 && queue.length === 0) {
      for (const resolve of idleWaiters.splice(0)) resolve();
    }
  }

  async function refreshUrl(item: ManifestItem): Promise<ManifestItem> {
    // A signed URL expires; an attempt after a server refusal asks for a fresh one.
    const fresh = await options.server.manifest({
      selection: { mode: 'calls', calls: [{ kind: item.kind, id: item.id }] },
      cursor: null,
    });
    return fresh.items.find((i) => i.id === item.id) ?? item;
  }

  async function runTask(task: Task): Promise<void> {
    let { item } = task;
    const files = recordingFiles(options.root, item.id, item.fileExtension);
    let lastThrottle = 0;
    emit(task, { state: 'downloading' });
    for (let attempt = 0; ; attempt++) {
      try {
        const { resumedFrom } = await downloadVerified(
          { url: item.url, partPath: files.part, finalPath: files.audio, size: item.size, sha256: item.sha256 },
          {
            ...(options.fetch ? { fetch: options.fetch } : {}),
            signal: task.controller.signal,
            onProgress: (received, total) => {
              const t = Date.now();
              if (t - lastThrottle < 100 && received < total) return;
              lastThrottle = t;
              emit(task, { receivedBytes: received, totalBytes: total });
            },
          },
        );
        if (resumedFrom > 0) task.progress.resumedFrom = resumedFrom;
        break;
      } catch (error) {
        if (task.controller.signal.aborted) {
          emit(task, { state: 'cancelled' });
          return;
        }
        const failure = error instanceof DownloadError ? error : new DownloadError('disk', String(error), false);
        log(`library download ${item.id} attempt ${attempt + 1} failed: ${failure.message}`);
        const delay = retryDelays[attempt];
        if (!failure.retryable || delay === undefined) {
          emit(task, { state: 'failed', error: failure.code });
          return;
        }
        emit(task, { state: 'retrying', error: failure.code });
        await sleep(delay, task.controller.signal);
        if (failure.code === 'server') {
          try {
            item = await refreshUrl(item);
          } catch {
            // offline: the next attempt fails the same way and counts against the retries
          }
        }
        emit(task, { state: 'downloading', error: null });
      }
    }
    await writeJsonAtomic(files.transcript, item.transcript);
    const annotation: AnnotationState = item.annotation
      ? { ...item.annotation, syncState: 'synced', conflict: null }
      : { ...EMPTY_ANNOTATION };
    const entry: StoredEntry = {
      id: item.id,
      kind: item.kind,
      agentId: item.agentId,
      agentName: item.agentName,
      callerNumber: item.callerNumber,
      startedAt: item.startedAt,
      duration: item.duration,
      mimeType: item.mimeType,
      fileExtension: item.fileExtension,
      size: item.size,
      sha256: item.sha256,
      downloadedAt: now().toISOString(),
      annotation,
    };
    await writeJsonAtomic(files.meta, { ...entry, annotation: undefined });
    index.entries[entry.id] = entry;
    search.put(entry, transcriptText(item.transcript));
    await evict();
    await save();
    emit(task, { state: 'done', receivedBytes: item.size, totalBytes: item.size, error: null });
    options.emitChanged({ reason: 'entries' });
  }

  function pump() {
    while (running < concurrency && queue.length > 0 && !closed) {
      const task = queue.shift();
      if (!task) break;
      if (task.controller.signal.aborted) continue;
      running += 1;
      runTask(task)
        .catch((error: unknown) => {
          log(`library download ${task.item.id} failed: ${String(error)}`);
          emit(task, { state: 'failed', error: 'disk' });
        })
        .finally(() => {
          running -= 1;
          tasks.delete(task.item.id);
          pump();
          settleIdle();
        });
    }
    settleIdle();
  }

  function mergeAnnotation(
    entry: StoredEntry,
    result: { annotation: ServerAnnotation; lost: boolean },
    sent: AnnotationState,
  ) {
    const winner = result.annotation;
    const stillSame = entry.annotation.editedAt === sent.editedAt;
    if (!stillSame) return; // edited again while the request was in flight: the newer edit stays pending
    entry.annotation = {
      notes: winner.notes,
      tags: winner.tags,
      rubric: winner.rubric,
      editedAt: winner.editedAt,
      syncState: result.lost ? 'conflict' : 'synced',
      conflict: result.lost
        ? {
            discarded: { notes: sent.notes, tags: sent.tags, rubric: sent.rubric },
            discardedEditedAt: sent.editedAt ?? now().toISOString(),
            winnerEditedAt: winner.editedAt,
          }
        : null,
    };
  }

  async function syncOnce(): Promise<SyncResult> {
    let synced = 0;
    let conflicts = 0;
    let pulled = 0;
    const pending = Object.values(index.entries).filter((e) => e.annotation.syncState === 'pending');
    try {
      for (const entry of pending) {
        const sent = entry.annotation;
        const result = await options.server.syncAnnotation({
          kind: entry.kind,
          id: entry.id,
          annotation: { notes: sent.notes, tags: sent.tags, rubric: sent.rubric },
          editedAt: sent.editedAt ?? now().toISOString(),
        });
        mergeAnnotation(entry, result, sent);
        search.put(entry, transcriptText(await readTranscript(entry)));
        if (result.lost) conflicts += 1;
        else synced += 1;
      }
      // Then take in edits made elsewhere since (last writer wins both ways).
      const settled = Object.values(index.entries).filter((e) => e.annotation.syncState !== 'pending');
      for (let i = 0; i < settled.length; i += 100) {
        const batch = settled.slice(i, i + 100);
        const remote = await options.server.annotations(batch.map((e) => e.id));
        for (const entry of batch) {
          const theirs = remote.get(entry.id);
          if (!theirs || entry.annotation.syncState === 'pending') continue;
          const mine = entry.annotation.editedAt ? Date.parse(entry.annotation.editedAt) : -Infinity;
          if (Date.parse(theirs.editedAt) <= mine) continue;
          entry.annotation = { ...entry.annotation, ...pick(theirs), editedAt: theirs.editedAt, syncState: 'synced' };
          search.put(entry, transcriptText(await readTranscript(entry)));
          pulled += 1;
        }
      }
      offline = false;
    } catch (error) {
      if (!(error instanceof LibraryOfflineError)) log(`library sync failed: ${String(error)}`);
      offline = true;
    }
    if (synced + conflicts + pulled > 0) await save();
    const left = Object.values(index.entries).filter((e) => e.annotation.syncState === 'pending').length;
    if (synced + conflicts + pulled > 0 || pending.length > 0) options.emitChanged({ reason: 'sync' });
    return { synced, conflicts, pending: left, offline };
  }

  function scheduleSync(delay: number) {
    if (closed) return;
    if (syncTimer) clearTimeout(syncTimer);
    syncTimer = setTimeout(() => {
      syncTimer = null;
      void syncNow();
    }, delay);
    syncTimer.unref?.();
  }

  function syncNow(): Promise<SyncResult> {
    syncing ??= syncOnce().finally(() => {
      syncing = null;
    });
    return syncing.then((result) => {
      // "Online" is a sync that went through: back off while it does not, until it does.
      if (result.pending > 0 && result.offline) {
        scheduleSync(syncDelay);
        syncDelay = Math.min(syncDelay * 2, backoff.max);
      } else {
        syncDelay = backoff.initial;
      }
      return result;
    });
  }

  function enqueue(jobId: string, item: ManifestItem) {
    const task: Task = {
      jobId,
      item,
      controller: new AbortController(),
      progress: {
        jobId,
        id: item.id,
        state: 'queued',
        receivedBytes: 0,
        totalBytes: item.size,
        resumedFrom: 0,
        error: null,
      },
    };
    tasks.set(item.id, task);
    queue.push(task);
    options.emitProgress(task.progress);
  }

  const library: RecordingLibrary = {
    async download(selection) {
      const jobId = randomUUID();
      const held = (id: string) => Boolean(index.entries[id.toLowerCase()]) || tasks.has(id.toLowerCase());
      // A walk ('filter', 'agents') continues where the last "download" of the same selection
      // stopped; nothing held locally is sent (a big library would not fit in a request).
      const key = JSON.stringify(selection);
      let cursor = selection.mode === 'calls' ? null : (continuations.get(key) ?? null);
      let queued = 0;
      let alreadyHeld = 0;
      // Ids the server skipped (no recording, not the caller's): not asked for again.
      const skippedIds = new Set<string>();
      let truncated = false;
      if (selection.mode === 'calls') alreadyHeld = selection.calls.filter((c) => held(c.id)).length;
      for (let round = 0; round < MANIFESTS_PER_DOWNLOAD && queued < LIBRARY_MANIFEST_MAX; round++) {
        let request: LibrarySelectionIpc = selection;
        if (selection.mode === 'calls') {
          const wanted = selection.calls.filter((c) => !held(c.id) && !skippedIds.has(c.id));
          if (!wanted.length) {
            truncated = false;
            break;
          }
          request = { mode: 'calls', calls: wanted };
        }
        const manifest = await options.server.manifest({ selection: request, cursor });
        for (const item of manifest.items) {
          if (held(item.id)) {
            alreadyHeld += 1;
            continue;
          }
          enqueue(jobId, item);
          queued += 1;
        }
        for (const id of manifest.skipped) skippedIds.add(id);
        truncated = manifest.truncated;
        cursor = manifest.next;
        if (selection.mode !== 'calls') {
          if (truncated && cursor) continuations.set(key, cursor);
          else continuations.delete(key);
        }
        // A truncated walk without a cursor (an older server) cannot make progress by asking again.
        if (!truncated || (selection.mode !== 'calls' && !cursor)) break;
      }
      const skipped = alreadyHeld + skippedIds.size;
      pump();
      return { jobId, queued, skipped, truncated };
    },

    cancel(jobId) {
      for (const task of tasks.values()) {
        if (jobId !== null && task.jobId !== jobId) continue;
        task.controller.abort();
        if (task.progress.state === 'queued') emit(task, { state: 'cancelled' });
      }
      for (let i = queue.length - 1; i >= 0; i--) if (queue[i]?.controller.signal.aborted) queue.splice(i, 1);
      settleIdle();
    },

    search(query) {
      return filterEntries(Object.values(index.entries), query, search.query(query.text)).map(toEntry);
    },

    async get(id) {
      const entry = index.entries[id.toLowerCase()];
      if (!entry) return null;
      return { ...toEntry(entry), transcript: await readTranscript(entry) };
    },

    async setAnnotation(id, input) {
      const entry = index.entries[id.toLowerCase()];
      if (!entry) throw new Error('not in the library');
      entry.annotation = { ...input, editedAt: now().toISOString(), syncState: 'pending', conflict: null };
      search.put(entry, transcriptText(await readTranscript(entry)));
      await save();
      options.emitChanged({ reason: 'annotation' });
      syncDelay = backoff.initial;
      scheduleSync(0);
      return entry.annotation;
    },

    syncNow,

    getSettings: () => index.settings,

    async setSettings(settings) {
      index.settings = settings;
      const evicted = await evict();
      await save();
      options.emitChanged({ reason: evicted > 0 ? 'entries' : 'settings' });
      return index.settings;
    },

    status() {
      return {
        signedIn: true,
        usedBytes: usedBytes(),
        count: Object.keys(index.entries).length,
        pendingEdits: Object.values(index.entries).filter((e) => e.annotation.syncState === 'pending').length,
        offline,
        downloads: [...tasks.values()].map((t) => t.progress),
      };
    },

    async wipe() {
      library.cancel(null);
      await library.idle();
      const settings = index.settings;
      await removeTree(options.root);
      index = { version: 1, settings, entries: {} };
      search.clear();
      await save();
      options.emitChanged({ reason: 'wiped' });
    },

    locate: (relative) => resolveExistingInside(options.root, relative),

    async mediaResponse(id, rangeHeader) {
      const entry = index.entries[id.toLowerCase()];
      if (!entry) return new Response('Not found', { status: 404 });
      const relative = recordingFiles(options.root, entry.id, entry.fileExtension).audioRelative;
      const file = await resolveExistingInside(options.root, relative).catch(() => null);
      if (!file) return new Response('Not found', { status: 404 });
      return fileResponse(file, entry.mimeType, rangeHeader);
    },

    idle() {
      if (running === 0 && queue.length === 0) return Promise.resolve();
      return new Promise<void>((resolve) => idleWaiters.push(resolve));
    },

    async close() {
      closed = true;
      if (syncTimer) clearTimeout(syncTimer);
      for (const task of tasks.values()) task.controller.abort();
      queue.length = 0;
      await library.idle();
      idleWaiters = [];
      await store.save(index);
    },
  };
  // Edits made offline in an earlier session go out as soon as the library opens.
  if (Object.values(index.entries).some((e) => e.annotation.syncState === 'pending')) scheduleSync(0);
  return library;
}
