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

/** One signed-in user's library and the token its server calls use (never another user's). */
interface Session {
  userId: string;
  token: { value: string | null };
  library: RecordingLibrary;
}

export function createLibraryHost(options: LibraryHostOptions): LibraryHost {
  let session: Session | null = null;
  // setSession calls run one after the other: a sign-out still syncing must not see (or be
  // overtaken by) the next sign-in.
  let chain: Promise<unknown> = Promise.resolve();
  const serialized = <T>(run: () => Promise<T>): Promise<T> => {
    const result = chain.then(run);
    chain = result.catch(() => undefined);
    return result;
  };

  async function open(userId: string, accessToken: string): Promise<Session> {
    const config = await options.backendConfig();
    const token = { value: accessToken as string | null };
    const server = createLibraryServer({
      ...config,
      accessToken: () => token.value,
      ...(options.fetch ? { fetch: options.fetch } : {}),
      ...(options.webSocket ? { webSocket: options.webSocket } : {}),
    });
    const { userDataDir: _unused, backendConfig: _config, webSocket: _ws, ...rest } = options;
    const library = await openRecordingLibrary({ ...rest, root: userLibraryRoot(options.userDataDir, userId), server });
    return { userId, token, library };
  }

  async function closeCurrent(wipeIfChosen: boolean): Promise<void> {
    const closing = session;
    session = null;
    if (!closing) return;
    const lib = closing.library;
    const settings: LibrarySettings = lib.getSettings();
    // A last chance for edits made offline, with this user's token (still valid for a while).
    await lib.syncNow().catch(() => undefined);
    closing.token.value = null;
    if (wipeIfChosen && settings.wipeOnSignOut) await lib.wipe();
    await lib.close();
  }

  return {
    setSession: (accessToken) =>
      serialized(async () => {
        if (accessToken === null) {
          await closeCurrent(true);
          return;
        }
        const sub = decodeJwt(accessToken).sub ?? null;
        if (!sub) throw new Error('token without a subject');
        if (sub !== session?.userId) {
          // Another user on this machine: close the previous library as it is (no wipe, not signed out).
          await closeCurrent(false);
          // A failed open leaves no session, so the next setSession tries again.
          session = await open(sub, accessToken);
          return;
        }
        session.token.value = accessToken;
        // A refreshed token: retry pending edits now that we are likely online.
        void session.library.syncNow();
      }),
    current: () => session?.library ?? null,
    close: () => serialized(() => closeCurrent(false)),
  };
}
