import { ConciergeIpcError, type IpcErrorCode } from '../shared/ipc-contract.ts';
import {
  downloadProgressSchema,
  libraryChangedSchema,
  LibraryChannel,
  libraryInvokeContract,
  type ConciergeLibraryApi,
  type DownloadProgress,
  type LibraryChanged,
} from '../shared/library-contract.ts';

/**
 * `window.concierge.library`, built over anything shaped like Electron's ipcRenderer: the preload
 * passes the real one (the desktop e2e test runs that very preload in Chromium over a stand-in
 * ipcRenderer bridged to the real main-process handlers). Requests are validated before they
 * leave, answers and pushed events when they arrive. No Electron import here.
 */
export interface IpcRendererLike {
  invoke(channel: string, payload: unknown): Promise<unknown>;
  on(channel: string, listener: (event: unknown, payload: unknown) => void): unknown;
}

type Contract = typeof libraryInvokeContract;
type Channel = keyof Contract;
type Req<C extends Channel> = ReturnType<Contract[C]['request']['parse']>;
type Value<C extends Channel> = Extract<ReturnType<Contract[C]['response']['parse']>, { ok: true }>['value'];

export function createLibraryApi(ipc: IpcRendererLike): ConciergeLibraryApi {
  async function invoke<C extends Channel>(channel: C, request: Req<C>): Promise<Value<C>> {
    const checked = libraryInvokeContract[channel].request.safeParse(request);
    if (!checked.success) throw new ConciergeIpcError('invalid_request', `invalid_request: ${checked.error.message}`);
    const raw = await ipc.invoke(channel, checked.data);
    const parsed = libraryInvokeContract[channel].response.safeParse(raw);
    if (!parsed.success) throw new ConciergeIpcError('internal', `internal: malformed answer on ${channel}`);
    const result = parsed.data as
      { ok: true; value: Value<C> } | { ok: false; error: { code: IpcErrorCode; message: string } };
    if (!result.ok) throw new ConciergeIpcError(result.error.code, `${result.error.code}: ${result.error.message}`);
    return result.value;
  }

  const progressListeners = new Set<(p: DownloadProgress) => void>();
  const changedListeners = new Set<(c: LibraryChanged) => void>();
  ipc.on(LibraryChannel.progress, (_event, payload) => {
    const parsed = downloadProgressSchema.safeParse(payload);
    if (parsed.success) for (const listener of progressListeners) listener(parsed.data);
  });
  ipc.on(LibraryChannel.changed, (_event, payload) => {
    const parsed = libraryChangedSchema.safeParse(payload);
    if (parsed.success) for (const listener of changedListeners) listener(parsed.data);
  });
  const subscribe = <T>(set: Set<(v: T) => void>, listener: (v: T) => void) => {
    if (typeof listener !== 'function') throw new TypeError('a listener must be a function');
    set.add(listener);
    return () => {
      set.delete(listener);
    };
  };

  return {
    setSession: async (accessToken) => {
      await invoke(LibraryChannel.setSession, { accessToken });
    },
    download: (selection) => invoke(LibraryChannel.download, { selection }),
    cancel: async (jobId) => {
      await invoke(LibraryChannel.cancel, { jobId });
    },
    search: async (query) => (await invoke(LibraryChannel.search, query)).entries,
    get: async (id) => (await invoke(LibraryChannel.get, { id })).entry,
    setAnnotation: async (id, annotation) =>
      (await invoke(LibraryChannel.setAnnotation, { id, annotation })).annotation,
    syncNow: () => invoke(LibraryChannel.syncNow, undefined),
    getSettings: () => invoke(LibraryChannel.getSettings, undefined),
    setSettings: (settings) => invoke(LibraryChannel.setSettings, settings),
    status: () => invoke(LibraryChannel.status, undefined),
    wipe: async () => {
      await invoke(LibraryChannel.wipe, undefined);
    },
    showInFolder: async (path) => (await invoke(LibraryChannel.showInFolder, { path })).shown,
    onProgress: (listener) => subscribe(progressListeners, listener),
    onChanged: (listener) => subscribe(changedListeners, listener),
  };
}
