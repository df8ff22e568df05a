import type { IpcMainInvokeEvent } from 'electron';
import type { IpcResult } from '../../shared/ipc-contract.ts';
import { libraryInvokeContract, LibraryChannel } from '../../shared/library-contract.ts';
import { isAppUrl, type NavigationPolicy } from '../security/navigation.ts';
import type { LibraryHost } from './host.ts';
import { LibraryOfflineError, LibraryRequestError, type RecordingLibrary } from './library.ts';
import { mediaIdOf } from './media.ts';
import { LibraryPathError } from './paths.ts';

/**
 * The library's invoke handlers: the sender must be our own page, every request is parsed with the
 * contract's schema, and failures come back as values with a code (never an opaque IPC error).
 */
type Contract = typeof libraryInvokeContract;
type Channel = keyof Contract;
type Req<C extends Channel> = ReturnType<Contract[C]['request']['parse']>;
type Value<C extends Channel> = Extract<ReturnType<Contract[C]['response']['parse']>, { ok: true }>['value'];

export interface LibraryIpcDeps {
  ipcMain: { handle(channel: string, listener: (event: IpcMainInvokeEvent, payload: unknown) => unknown): void };
  policy: NavigationPolicy;
  host: LibraryHost;
  showItemInFolder: (absolutePath: string) => void;
  log: (message: string) => void;
}

class NotSignedIn extends Error {}

export function registerLibraryIpc(deps: LibraryIpcDeps): void {
  const lib = (): RecordingLibrary => {
    const current = deps.host.current();
    if (!current) throw new NotSignedIn('sign in to use the library');
    return current;
  };

  function handle<C extends Channel>(channel: C, run: (request: Req<C>) => Promise<Value<C>> | Value<C>): void {
    deps.ipcMain.handle(channel, async (event, payload): Promise<IpcResult<Value<C>>> => {
      const senderUrl = event.senderFrame?.url ?? '';
      if (!isAppUrl(senderUrl, deps.policy)) {
        deps.log(`IPC ${channel} refused from ${senderUrl || 'unknown frame'}`);
        return { ok: false, error: { code: 'invalid_request', message: 'sender is not the Concierge app' } };
      }
      const parsed = libraryInvokeContract[channel].request.safeParse(payload);
      if (!parsed.success) return { ok: false, error: { code: 'invalid_request', message: parsed.error.message } };
      try {
        return { ok: true, value: await run(parsed.data as Req<C>) };
      } catch (error) {
        if (error instanceof LibraryOfflineError)
          return { ok: false, error: { code: 'backend_unavailable', message: error.message } };
        if (error instanceof NotSignedIn || error instanceof LibraryPathError || error instanceof LibraryRequestError)
          return { ok: false, error: { code: 'invalid_request', message: error.message } };
        deps.log(`IPC ${channel} failed: ${String(error)}`);
        return { ok: false, error: { code: 'internal', message: 'internal error' } };
      }
    });
  }

  handle(LibraryChannel.setSession, async ({ accessToken }) => {
    try {
      await deps.host.setSession(accessToken);
    } catch (error) {
      if (error instanceof LibraryOfflineError) throw error;
      // a malformed token is the page's mistake, not ours
      if (/Invalid JWT|subject/i.test(String(error))) throw new NotSignedIn('malformed access token');
      throw error;
    }
    return {};
  });
  handle(LibraryChannel.download, ({ selection }) => lib().download(selection));
  handle(LibraryChannel.cancel, ({ jobId }) => {
    lib().cancel(jobId);
    return {};
  });
  handle(LibraryChannel.search, (query) => ({ entries: lib().search(query) }));
  handle(LibraryChannel.get, async ({ id }) => ({ entry: await lib().get(id) }));
  handle(LibraryChannel.setAnnotation, async ({ id, annotation }) => ({
    annotation: await lib().setAnnotation(id, annotation),
  }));
  handle(LibraryChannel.syncNow, () => lib().syncNow());
  handle(LibraryChannel.getSettings, () => lib().getSettings());
  handle(LibraryChannel.setSettings, (settings) => lib().setSettings(settings));
  handle(LibraryChannel.status, () => {
    const current = deps.host.current();
    return current
      ? current.status()
      : { signedIn: false, usedBytes: 0, count: 0, pendingEdits: 0, offline: false, downloads: [] };
  });
  handle(LibraryChannel.wipe, async () => {
    await lib().wipe();
    return {};
  });
  handle(LibraryChannel.showInFolder, async ({ path }) => {
    deps.showItemInFolder(await lib().locate(path));
    return { shown: true };
  });
}

/** The answer to `<app origin>/library-media/<id>`: the signed-in user's recording, with Range. */
export async function libraryMediaResponse(host: LibraryHost, request: Request): Promise<Response> {
  const id = mediaIdOf(request.url);
  const current = host.current();
  if (!id || !current) return new Response('Not found', { status: 404 });
  return current.mediaResponse(id, request.headers.get('range'));
}
