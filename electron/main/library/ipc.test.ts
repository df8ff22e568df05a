import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { LibraryChannel } from '../../shared/library-contract.ts';
import type { LibraryHost } from './host.ts';
import { libraryMediaResponse, registerLibraryIpc } from './ipc.ts';
import { LibraryOfflineError, openRecordingLibrary, type RecordingLibrary } from './library.ts';

/** The library's IPC handlers over a recording ipcMain, as main registers them. */
const handlers = new Map<string, (event: unknown, payload: unknown) => Promise<unknown>>();
const ipcMain = {
  handle: (channel: string, handler: (event: never, payload: unknown) => unknown) =>
    handlers.set(channel, handler as (event: unknown, payload: unknown) => Promise<unknown>),
};
const policy = { appOrigins: ['app://concierge'], external: { hosts: [], allowLoopback: false } };
const fromApp = { senderFrame: { url: 'app://concierge/library' } };
let shown: string[];
let library: RecordingLibrary | null;

function call(channel: string, payload?: unknown, event: unknown = fromApp) {
  const handler = handlers.get(channel);
  if (!handler) throw new Error(`no handler for ${channel}`);
  return handler(event, payload);
}

beforeEach(async () => {
  const root = path.join(await mkdtemp(path.join(os.tmpdir(), 'library-ipc-')), 'library', 'u');
  handlers.clear();
  shown = [];
  library = await openRecordingLibrary({
    root,
    server: {
      manifest: () => Promise.reject(new LibraryOfflineError('fetch failed')),
      syncAnnotation: () => Promise.reject(new LibraryOfflineError('fetch failed')),
      annotations: () => Promise.reject(new LibraryOfflineError('fetch failed')),
    },
    mediaUrl: (id) => `app://concierge/library-media/${id}`,
    emitProgress: () => {},
    emitChanged: () => {},
  });
  const host: LibraryHost = { setSession: async () => {}, current: () => library, close: async () => {} };
  registerLibraryIpc({ ipcMain, policy, host, showItemInFolder: (p) => shown.push(p), log: () => {} });
  return async () => {
    await library?.close();
    await rm(path.dirname(path.dirname(root)), { recursive: true, force: true });
  };
});

describe('library IPC handlers', () => {
  it('reject a path outside the library before touching the disk', async () => {
    for (const p of ['../../../etc/passwd', '/etc/passwd', 'C:\\Windows\\win.ini', 'a/../../b']) {
      await expect(call(LibraryChannel.showInFolder, { path: p })).resolves.toMatchObject({
        ok: false,
        error: { code: 'invalid_request' },
      });
    }
    // a well-formed path to nothing is refused by the on-disk check, still as the caller's mistake
    await expect(call(LibraryChannel.showInFolder, { path: `${randomUUID()}/audio.wav` })).resolves.toMatchObject({
      ok: false,
    });
    expect(shown).toEqual([]);
  });

  it('refuse other senders and malformed requests', async () => {
    await expect(
      call(
        LibraryChannel.search,
        { text: '', agentId: null, caller: '', since: null, until: null },
        {
          senderFrame: { url: 'https://evil.example/' },
        },
      ),
    ).resolves.toMatchObject({ ok: false, error: { code: 'invalid_request' } });
    await expect(call(LibraryChannel.get, { id: '../index.json' })).resolves.toMatchObject({
      ok: false,
      error: { code: 'invalid_request' },
    });
    await expect(
      call(LibraryChannel.setAnnotation, {
        id: randomUUID(),
        annotation: { notes: '', tags: [], rubric: { greeting: 9 } },
      }),
    ).resolves.toMatchObject({ ok: false, error: { code: 'invalid_request' } });
  });

  it('report an unreachable server as backend_unavailable and a missing session as invalid_request', async () => {
    await expect(
      call(LibraryChannel.download, { selection: { mode: 'agents', agentIds: [randomUUID()], since: null } }),
    ).resolves.toMatchObject({ ok: false, error: { code: 'backend_unavailable' } });
    library = null;
    await expect(call(LibraryChannel.getSettings)).resolves.toMatchObject({
      ok: false,
      error: { code: 'invalid_request' },
    });
    await expect(call(LibraryChannel.status)).resolves.toMatchObject({ ok: true, value: { signedIn: false } });
    const host: LibraryHost = { setSession: async () => {}, current: () => null, close: async () => {} };
    expect(
      (await libraryMediaResponse(host, new Request(`app://concierge/library-media/${randomUUID()}`))).status,
    ).toBe(404);
  });
});
