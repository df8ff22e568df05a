import { decodeJwt } from 'jose';
import type { LibrarySettings } from '../../shared/library-contract.ts';
import { openRecordingLibrary, type RecordingLibrary, type RecordingLibraryOptions } from './library.ts';
import { userLibraryRoot } from './paths.ts';
import { createLibraryServer } from './server.ts';

/**
 * Holds the library of whoever is signed in to the console. The console reports its session
 * (`setSession`): a new user opens their own library folder (`userData/library/<user id>`); signing
 * out closes it after a last sync attempt, and wipes it when the owner chose so.
 *
 * The token's `sub` only picks the folder: what the token may download is decided by the server.
 */
export interface LibraryHostOptions extends Omit<RecordingLibraryOptions, 'root' | 'server'> {
  userDataDir: string;
  backendConfig: () => Promise<{ supabaseUrl: string; supabaseAnonKey: string }>;
  /** A WebSocket class where the runtime has none (tests on Node 20). */
  webSocket?: unknown;
}

export interface LibraryHost {
  setSession(accessToken: string | null): Promise<void>;
  /** The open library, or null while nobody is signed in. */
  current(): RecordingLibrary | null;
  close(): Promise<void>;
}

export function createLibraryHost(options: LibraryHostOptions): LibraryHost {
  let token: string | null = null;
  let userId: string | null = null;
  let library: Promise<RecordingLibrary> | null = null;
  let opened: RecordingLibrary | null = null;

  async function open(forUser: string): Promise<RecordingLibrary> {
    const config = await options.backendConfig();
    const server = createLibraryServer({
      ...config,
      accessToken: () => token,
      ...(options.fetch ? { fetch: options.fetch } : {}),
      ...(options.webSocket ? { webSocket: options.webSocket } : {}),
    });
    const { userDataDir: _unused, backendConfig: _config, webSocket: _ws, ...rest } = options;
    const lib = await openRecordingLibrary({ ...rest, root: userLibraryRoot(options.userDataDir, forUser), server });
    opened = lib;
    return lib;
  }

  async function closeCurrent(wipeIfChosen: boolean): Promise<void> {
    const lib = await library?.catch(() => null);
    library = null;
    opened = null;
    if (!lib) return;
    const settings: LibrarySettings = lib.getSettings();
    // A last chance for edits made offline, with the token that is still valid for a while.
    await lib.syncNow().catch(() => undefined);
    if (wipeIfChosen && settings.wipeOnSignOut) await lib.wipe();
    await lib.close();
  }

  return {
    async setSession(accessToken) {
      if (accessToken === null) {
        await closeCurrent(true);
        token = null;
        userId = null;
        return;
      }
      const sub = decodeJwt(accessToken).sub ?? null;
      if (!sub) throw new Error('token without a subject');
      if (sub !== userId) {
        // Another user on this machine: close the previous library as it is (no wipe, not signed out).
        await closeCurrent(false);
        userId = sub;
        token = accessToken;
        library = open(sub);
        await library;
        return;
      }
      token = accessToken;
      // A refreshed token: retry pending edits now that we are likely online.
      void opened?.syncNow();
    },
    current: () => opened,
    close: () => closeCurrent(false),
  };
}
