import { describe, expect, it, vi } from 'vitest';
import { LibraryChannel } from '../shared/library-contract.ts';
import { createLibraryApi } from './libraryApi.ts';

/** window.concierge.library over a stand-in ipcRenderer: what leaves, what comes back, what is pushed. */
function setUp() {
  const listeners = new Map<string, (event: unknown, payload: unknown) => void>();
  const invoke = vi.fn<(channel: string, payload: unknown) => Promise<unknown>>();
  const api = createLibraryApi({ invoke, on: (channel, listener) => listeners.set(channel, listener) });
  return { api, invoke, push: (channel: string, payload: unknown) => listeners.get(channel)?.({}, payload) };
}

describe('library preload API', () => {
  it('refuses a path outside the library before anything leaves the page', async () => {
    const { api, invoke } = setUp();
    await expect(api.showInFolder('../../etc/passwd')).rejects.toThrow(/invalid_request/);
    await expect(api.get('not-a-uuid')).rejects.toThrow(/invalid_request/);
    expect(invoke).not.toHaveBeenCalled();
  });

  it('sends validated requests and unwraps answers and error codes', async () => {
    const { api, invoke } = setUp();
    invoke.mockResolvedValueOnce({ ok: true, value: { maxBytes: null, wipeOnSignOut: true } });
    await expect(api.getSettings()).resolves.toEqual({ maxBytes: null, wipeOnSignOut: true });
    expect(invoke).toHaveBeenCalledWith(LibraryChannel.getSettings, undefined);
    invoke.mockResolvedValueOnce({ ok: false, error: { code: 'backend_unavailable', message: 'offline' } });
    await expect(api.syncNow()).rejects.toThrow('backend_unavailable: offline');
    invoke.mockResolvedValueOnce({ ok: true, value: { entries: [{ id: 'x' }] } });
    await expect(api.search({ text: '', agentId: null, caller: '', since: null, until: null })).rejects.toThrow(
      /malformed/,
    );
  });

  it('passes pushed progress and changes to listeners, dropping malformed ones', () => {
    const { api, push } = setUp();
    const seen: unknown[] = [];
    const stop = api.onProgress((p) => seen.push(p));
    const progress = {
      jobId: '0b6f5f3e-8a51-4d1e-9a57-1c2d3e4f5a6b',
      id: '1b6f5f3e-8a51-4d1e-9a57-1c2d3e4f5a6b',
      state: 'downloading',
      receivedBytes: 10,
      totalBytes: 100,
      resumedFrom: 0,
      error: null,
    };
    push(LibraryChannel.progress, progress);
    push(LibraryChannel.progress, { ...progress, state: 'exploded' });
    stop();
    push(LibraryChannel.progress, progress);
    expect(seen).toEqual([progress]);
    const changes: unknown[] = [];
    api.onChanged((c) => changes.push(c));
    push(LibraryChannel.changed, { reason: 'sync' });
    push(LibraryChannel.changed, { reason: 'rm -rf' });
    expect(changes).toEqual([{ reason: 'sync' }]);
  });
});
