import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type {
  ManifestItem,
  ServerAnnotation,
} from '../../../supabase/functions/_shared/contracts/recording-library.ts';
import type { DownloadProgress, LibraryChanged, LibrarySearch } from '../../shared/library-contract.ts';
import {
  LibraryOfflineError,
  LibraryRequestError,
  openRecordingLibrary,
  type LibraryServer,
  type RecordingLibrary,
} from './library.ts';
import { bytesOf, startFileServer, type FileServer } from './testServer.ts';

/**
 * The library end to end in Node: a fake `recording-library` answer pointing at a loopback file
 * server, the real downloader, index, search, annotation sync and media answers.
 */
let files: FileServer;
let root: string;
beforeAll(async () => {
  files = await startFileServer();
});
afterAll(async () => {
  await files.close();
});

const base = Date.parse('2026-11-20T10:00:00Z');
function recording(i: number, overrides: Partial<ManifestItem> = {}): ManifestItem {
  const id = randomUUID();
  const sum = files.put(`${id}.wav`, bytesOf(40_000 + i * 1000, i + 2));
  return {
    kind: 'gsm',
    id,
    agentId: i % 2 ? 'agent-b' : 'agent-a',
    agentName: i % 2 ? 'Back office' : 'Front desk',
    callerNumber: `+3361234567${i}`,
    startedAt: new Date(base + i * 3_600_000).toISOString(),
    duration: 30,
    mimeType: 'audio/wav',
    fileExtension: 'wav',
    ...sum,
    url: files.url(`${id}.wav`),
    transcript: [
      {
        role: 'user',
        content: ['My boiler is leaking', 'I want a refund', 'Where is my parcel'][i % 3]!,
        timestamp: '',
      },
    ],
    annotation: null,
    ...overrides,
  };
}

interface FakeServer extends LibraryServer {
  items: ManifestItem[];
  /** What a walk ('filter', 'agents') reads in order: null = a call without a recording. */
  history: (ManifestItem | null)[];
  /** History rows one answer reads at most (as call_history pages, budgeted). */
  pageRows: number;
  online: boolean;
  stored: Map<string, ServerAnnotation>;
  requests: Parameters<LibraryServer['manifest']>[0][];
}

function fakeServer(items: ManifestItem[]): FakeServer {
  const server: FakeServer = {
    items,
    history: items,
    pageRows: 100,
    online: true,
    stored: new Map(),
    requests: [],
    async manifest(request) {
      server.requests.push(request);
      if (!server.online) throw new LibraryOfflineError('fetch failed');
      const { selection, cursor } = request;
      if (selection.mode === 'calls') {
        const wanted = server.items.filter((i) => selection.calls.some((c) => c.id === i.id));
        return { items: wanted, skipped: [], truncated: false, next: null };
      }
      // The keyset: continue after the row the cursor names.
      const start = cursor ? server.history.findIndex((row, i) => `row-${i}` === cursor.beforeId) + 1 : 0;
      const rows = server.history.slice(start, start + server.pageRows);
      const end = start + rows.length;
      const more = end < server.history.length;
      return {
        items: rows.filter((row): row is ManifestItem => row !== null),
        skipped: [],
        truncated: more,
        next: more ? { beforeAt: new Date(base).toISOString(), beforeId: `row-${end - 1}`, agentId: null } : null,
      };
    },
    async annotations(ids) {
      if (!server.online) throw new LibraryOfflineError('fetch failed');
      return new Map([...server.stored].filter(([id]) => ids.includes(id)));
    },
    async syncAnnotation({ id, annotation, editedAt }) {
      if (!server.online) throw new LibraryOfflineError('fetch failed');
      const current = server.stored.get(id);
      if (current && Date.parse(current.editedAt) > Date.parse(editedAt)) return { annotation: current, lost: true };
      const row = { ...annotation, editedAt, updatedAt: new Date().toISOString() };
      server.stored.set(id, row);
      return { annotation: row, lost: false };
    },
  };
  return server;
}

let progress: DownloadProgress[];
let changes: LibraryChanged[];
let clock: number;
async function open(server: LibraryServer): Promise<RecordingLibrary> {
  return openRecordingLibrary({
    root,
    server,
    mediaUrl: (id) => `app://concierge/library-media/${id}`,
    emitProgress: (p) => progress.push(p),
    emitChanged: (c) => changes.push(c),
    now: () => new Date((clock += 1000)),
    retryDelaysMs: [10, 10],
    syncBackoffMs: { initial: 10_000, max: 10_000 },
  });
}

const everything: LibrarySearch = { text: '', agentId: null, caller: '', since: null, until: null };

beforeEach(async () => {
  root = path.join(await mkdtemp(path.join(os.tmpdir(), 'library-')), 'library', 'user');
  progress = [];
  changes = [];
  clock = Date.parse('2026-11-24T08:00:00Z');
  files.requests.length = 0;
  return () => rm(path.dirname(path.dirname(root)), { recursive: true, force: true });
});

describe('recording library', () => {
  it('downloads three recordings, one interrupted and resumed from its bytes on disk, and verifies them', async () => {
    const items = [0, 1, 2].map((i) => recording(i));
    files.cutOnce(`${items[1]!.id}.wav`, 15_000, path.join(root, items[1]!.id, 'audio.wav.part'));
    const library = await open(fakeServer(items));
    const started = await library.download({ mode: 'agents', agentIds: [randomUUID()], since: null });
    expect(started).toMatchObject({ queued: 3, skipped: 0 });
    await library.idle();

    const interrupted = progress.filter((p) => p.id === items[1]!.id);
    expect(interrupted.map((p) => p.state)).toContain('retrying');
    expect(interrupted.at(-1)).toMatchObject({ state: 'done', error: null });
    expect(interrupted.at(-1)!.resumedFrom).toBeGreaterThan(0);
    const ranges = files.requests.filter((r) => r.name === `${items[1]!.id}.wav`).map((r) => r.range);
    expect(ranges).toEqual([null, `bytes=${interrupted.at(-1)!.resumedFrom}-`]);

    const listed = library.search(everything);
    expect(listed).toHaveLength(3);
    for (const item of items) {
      const onDisk = await readFile(path.join(root, item.id, 'audio.wav'));
      expect(onDisk.length).toBe(item.size);
    }
    expect(library.status()).toMatchObject({ count: 3, usedBytes: items.reduce((s, i) => s + i.size, 0) });
    // what is already there is not downloaded again
    expect(await library.download({ mode: 'agents', agentIds: [randomUUID()], since: null })).toMatchObject({
      queued: 0,
    });
    await library.close();
  });

  it('refuses a recording whose checksum does not match, and keeps nothing of it', async () => {
    const bad = recording(0, { sha256: 'a'.repeat(64) });
    const library = await open(fakeServer([bad]));
    await library.download({ mode: 'calls', calls: [{ kind: 'gsm', id: bad.id }] });
    await library.idle();
    expect(progress.at(-1)).toMatchObject({ id: bad.id, state: 'failed', error: 'checksum_mismatch' });
    expect(library.search(everything)).toEqual([]);
    expect(existsSync(path.join(root, bad.id, 'audio.wav'))).toBe(false);
    expect(existsSync(path.join(root, bad.id, 'audio.wav.part'))).toBe(false);
    await library.close();
  });

  it('searches by transcript words, agent, caller and dates, and finds them again after a restart', async () => {
    const items = [0, 1, 2].map((i) => recording(i));
    let library = await open(fakeServer(items));
    await library.download({ mode: 'filter', agentId: null, search: '', since: null, until: null });
    await library.idle();
    await library.close();
    library = await open(fakeServer(items));
    const ids = (q: Partial<LibrarySearch>) => library.search({ ...everything, ...q }).map((e) => e.id);
    expect(ids({ text: 'refund' })).toEqual([items[1]!.id]);
    expect(ids({ text: 'boil' })).toEqual([items[0]!.id]);
    expect(ids({ agentId: 'agent-a' }).sort()).toEqual([items[0]!.id, items[2]!.id].sort());
    expect(ids({ caller: '+33 6 12 34 56 72' })).toEqual([items[2]!.id]);
    expect(ids({ since: items[1]!.startedAt, until: items[2]!.startedAt })).toEqual([items[1]!.id]);
    expect(ids({})).toEqual([items[2]!.id, items[1]!.id, items[0]!.id]);
    await library.close();
  });

  it('evicts the oldest downloads first beyond the size cap, never one with unsynced edits', async () => {
    const items = [0, 1, 2].map((i) => recording(i));
    const server = fakeServer(items);
    const library = await open(server);
    for (const item of items) {
      await library.download({ mode: 'calls', calls: [{ kind: 'gsm', id: item.id }] });
      await library.idle();
    }
    server.online = false;
    await library.setAnnotation(items[0]!.id, { notes: 'keep me', tags: [], rubric: {} });
    // room for about two recordings: the oldest without pending edits (items[1]) goes
    await library.setSettings({ maxBytes: items[0]!.size + items[2]!.size, wipeOnSignOut: false });
    expect(
      library
        .search(everything)
        .map((e) => e.id)
        .sort(),
    ).toEqual([items[0]!.id, items[2]!.id].sort());
    expect(existsSync(path.join(root, items[1]!.id))).toBe(false);
    await library.close();
  });

  it('keeps notes written offline and syncs them when the server answers again; last writer wins', async () => {
    const items = [recording(0), recording(1)];
    const server = fakeServer(items);
    const library = await open(server);
    await library.download({ mode: 'filter', agentId: null, search: '', since: null, until: null });
    await library.idle();

    server.online = false;
    const local = await library.setAnnotation(items[0]!.id, {
      notes: 'Offline note',
      tags: ['callback'],
      rubric: { greeting: 5 },
    });
    expect(local.syncState).toBe('pending');
    expect(await library.syncNow()).toMatchObject({ synced: 0, pending: 1, offline: true });
    expect(library.status()).toMatchObject({ pendingEdits: 1, offline: true });
    expect(library.search({ ...everything, text: 'offline' }).map((e) => e.id)).toEqual([items[0]!.id]);

    server.online = true;
    expect(await library.syncNow()).toMatchObject({ synced: 1, pending: 0, offline: false });
    expect(server.stored.get(items[0]!.id)).toMatchObject({ notes: 'Offline note', tags: ['callback'] });
    expect((await library.get(items[0]!.id))?.annotation).toMatchObject({ syncState: 'synced', conflict: null });

    // Someone else edited the second recording later than our offline edit: theirs wins, ours is noted.
    server.online = false;
    await library.setAnnotation(items[1]!.id, { notes: 'Mine, older', tags: [], rubric: {} });
    server.stored.set(items[1]!.id, {
      notes: 'Theirs, newer',
      tags: [],
      rubric: {},
      editedAt: new Date(clock + 3_600_000).toISOString(),
      updatedAt: new Date().toISOString(),
    });
    server.online = true;
    expect(await library.syncNow()).toMatchObject({ conflicts: 1 });
    const after = await library.get(items[1]!.id);
    expect(after?.annotation).toMatchObject({
      notes: 'Theirs, newer',
      syncState: 'conflict',
      conflict: { discarded: { notes: 'Mine, older' } },
    });
    expect(changes.some((c) => c.reason === 'sync')).toBe(true);

    // An edit made on another computer later reaches this library on the next sync.
    server.stored.set(items[0]!.id, {
      notes: 'Edited on the other desk',
      tags: [],
      rubric: { courtesy: 3 },
      editedAt: new Date(clock + 7_200_000).toISOString(),
      updatedAt: new Date().toISOString(),
    });
    await library.syncNow();
    expect((await library.get(items[0]!.id))?.annotation).toMatchObject({
      notes: 'Edited on the other desk',
      rubric: { courtesy: 3 },
      syncState: 'synced',
    });
    expect(library.search({ ...everything, text: 'desk' }).map((e) => e.id)).toEqual([items[0]!.id]);
    await library.close();
  });

  it('serves a recording to the page with Range, and wipes everything on request', async () => {
    const item = recording(0);
    const library = await open(fakeServer([item]));
    await library.download({ mode: 'calls', calls: [{ kind: 'gsm', id: item.id }] });
    await library.idle();
    const whole = await library.mediaResponse(item.id, null);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-type')).toBe('audio/wav');
    expect((await whole.arrayBuffer()).byteLength).toBe(item.size);
    const part = await library.mediaResponse(item.id, 'bytes=100-199');
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 100-199/${item.size}`);
    expect(Buffer.from(await part.arrayBuffer())).toEqual(bytesOf(item.size, 2).subarray(100, 200));
    expect((await library.mediaResponse(randomUUID(), null)).status).toBe(404);

    await library.wipe();
    expect(library.search(everything)).toEqual([]);
    expect(existsSync(path.join(root, item.id))).toBe(false);
    expect((await library.mediaResponse(item.id, null)).status).toBe(404);
    await library.close();
  });
  it('"download again" continues after the last answer, across runs of unrecorded calls, without sending what it holds', async () => {
    const items = [0, 1, 2, 3].map((i) => recording(i));
    const server = fakeServer(items);
    // 2 recorded calls, then 650 calls without a recording (more than one click reads), then 2 more
    server.history = [items[0]!, items[1]!, ...Array<null>(650).fill(null), items[2]!, items[3]!];
    const library = await open(server);
    const filter = { mode: 'filter', agentId: null, search: '', since: null, until: null } as const;

    const first = await library.download(filter);
    expect(first).toMatchObject({ queued: 2, truncated: true });
    await library.idle();
    // each request continues from the previous answer's cursor; no list of held calls is sent
    expect(server.requests.map((r) => r.cursor?.beforeId ?? null)).toEqual([
      null,
      'row-99',
      'row-199',
      'row-299',
      'row-399',
    ]);
    expect(server.requests.every((r) => !('exclude' in r))).toBe(true);

    const again = await library.download(filter);
    expect(again).toMatchObject({ queued: 2, truncated: false });
    await library.idle();
    expect(library.search(everything)).toHaveLength(4);

    // the walk is complete: a new "download" starts from the newest again and finds nothing new
    server.requests.length = 0;
    const third = await library.download(filter);
    expect(third).toMatchObject({ queued: 0, truncated: true });
    expect(server.requests[0]?.cursor).toBeNull();
    await library.close();
  });

  it('asks only for the picked calls it does not hold yet', async () => {
    const items = [0, 1].map((i) => recording(i));
    const server = fakeServer(items);
    const library = await open(server);
    await library.download({ mode: 'calls', calls: [{ kind: 'gsm', id: items[0]!.id }] });
    await library.idle();
    const both = items.map((i) => ({ kind: 'gsm' as const, id: i.id }));
    expect(await library.download({ mode: 'calls', calls: both })).toMatchObject({ queued: 1, skipped: 1 });
    expect(server.requests.at(-1)?.selection).toEqual({ mode: 'calls', calls: [both[1]] });
    await library.idle();
    server.requests.length = 0;
    expect(await library.download({ mode: 'calls', calls: both })).toMatchObject({ queued: 0, skipped: 2 });
    expect(server.requests).toEqual([]);
    await library.close();
  });

  it('a refused manifest keeps its reason; only an unreachable or failing server is "offline"', async () => {
    const server = fakeServer([]);
    const library = await open(server);
    const filter = { mode: 'filter', agentId: null, search: '', since: null, until: null } as const;
    server.manifest = () => Promise.reject(new LibraryRequestError(400, 'exclude: too many ids'));
    await expect(library.download(filter)).rejects.toMatchObject({
      name: 'LibraryRequestError',
      message: 'exclude: too many ids',
    });
    server.manifest = () => Promise.reject(new LibraryOfflineError('fetch failed'));
    await expect(library.download(filter)).rejects.toBeInstanceOf(LibraryOfflineError);
    await library.close();
  });
});
