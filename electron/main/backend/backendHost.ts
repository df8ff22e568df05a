import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { utilityProcess } from 'electron';
import { makePrivateDir } from '../../../supabase/local/platform/private-dir.ts';
import { backendEventSchema, type BackendCommand } from '../../backend/protocol.ts';
import type { BackendConfig } from '../../shared/ipc-contract.ts';
import { resolveBackendMode, SETTINGS_FILE_NAME } from './backendMode.ts';

/**
 * Gives the console a backend: the hosted Supabase project when one is configured, else the
 * embedded local stack started in an Electron utility process from the bundled build
 * (dist-electron/backend.mjs, see electron/backend/), with its database in the user data folder.
 * The main process only supervises it: the window never waits on its migrations or queries, and a
 * crash restarts it on the same port (the console's URL and CSP stay valid).
 */
export interface BackendHost {
  config: BackendConfig;
  stop(): Promise<void>;
}

/** What the host needs of Electron's UtilityProcess (the smoke stub and tests provide their own). */
export interface BackendProcess {
  postMessage(message: BackendCommand): void;
  kill(): boolean;
  on(event: 'message', listener: (message: unknown) => void): unknown;
  on(event: 'exit', listener: (code: number) => void): unknown;
}

export type ForkBackend = (entry: string) => BackendProcess;

export interface BackendHostOptions {
  /** Folder holding supabase/ (config.toml, migrations, seed.sql, local/bootstrap). */
  appDir: string;
  /** Electron's userData folder. */
  userDataDir: string;
  env: Record<string, string | undefined>;
  log: (m: string) => void;
  /** Origins of the console's pages (app://concierge, the dev server): the only ones granted CORS. */
  allowedOrigins: string[];
  /** The bundled backend (dist-electron/backend.mjs). */
  backendEntry: string;
  /** Called when the embedded backend died and could not be brought back. */
  onFatal?: (message: string) => void;
  fork?: ForkBackend;
  /** Restarts allowed within `restartWindowMs` before giving up (default 3 per 10 minutes). */
  maxRestarts?: number;
  restartWindowMs?: number;
  /** How long stop() waits for a graceful exit before killing the process. */
  stopTimeoutMs?: number;
}

const forkUtility: ForkBackend = (entry) =>
  utilityProcess.fork(entry, [], { serviceName: 'Concierge backend' }) as unknown as BackendProcess;

async function readSettings(userDataDir: string): Promise<string | null> {
  try {
    return await readFile(path.join(userDataDir, SETTINGS_FILE_NAME), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

export async function startBackendHost(options: BackendHostOptions): Promise<BackendHost> {
  const mode = resolveBackendMode(options.env, await readSettings(options.userDataDir));
  if (mode.mode === 'hosted') {
    options.log(`backend: hosted project ${mode.project.supabaseUrl} (from ${mode.source})`);
    return { config: { ...mode.project, mode: 'hosted' }, stop: async () => {} };
  }
  const backendDir = path.join(options.userDataDir, 'backend');
  // The stack narrows db/ and files/; their parent is ours too, so no other account lists it.
  await makePrivateDir(backendDir, options.log);
  return superviseEmbedded(options, path.join(backendDir, 'db'));
}

interface Ready {
  url: string;
  anonKey: string;
}

async function superviseEmbedded(options: BackendHostOptions, dataDir: string): Promise<BackendHost> {
  const fork = options.fork ?? forkUtility;
  const maxRestarts = options.maxRestarts ?? 3;
  const restartWindowMs = options.restartWindowMs ?? 10 * 60_000;
  let child: BackendProcess | null = null;
  let stopping = false;
  let exited: Promise<void> = Promise.resolve();
  let port = 0;
  const restarts: number[] = [];

  /** Starts one backend process; resolves when it is ready, rejects if it fails before that. */
  const spawn = () =>
    new Promise<Ready>((resolve, reject) => {
      const proc = fork(options.backendEntry);
      child = proc;
      let ready = false;
      let lastError: string | null = null;
      let markExited = () => {};
      exited = new Promise<void>((done) => (markExited = done));
      proc.on('message', (raw) => {
        const parsed = backendEventSchema.safeParse(raw);
        if (!parsed.success) return options.log('backend: ignored a malformed message');
        const event = parsed.data;
        if (event.type === 'log') options.log(`backend: ${event.message}`);
        else if (event.type === 'error') {
          lastError = event.message;
          options.log(`backend: error: ${event.message}`);
        } else if (event.type === 'ready' && !ready) {
          ready = true;
          resolve({ url: event.url, anonKey: event.anonKey });
        }
      });
      proc.on('exit', (code) => {
        if (child === proc) child = null;
        markExited();
        if (!ready) {
          reject(new Error(lastError ?? `the embedded backend exited (code ${code}) before it was ready`));
          return;
        }
        if (!stopping) onCrash(code);
      });
      // Port 0 the first time: any free port, so a second app or `npm start` never collides. A
      // restart asks for the same port again. schedule: connector deliveries go out every minute,
      // as pg_cron sends them hosted. The stack only answers our pages' origins.
      proc.postMessage({
        type: 'start',
        projectDir: options.appDir,
        dataDir,
        port,
        allowedOrigins: options.allowedOrigins,
        schedule: true,
      });
    });

  const onCrash = (code: number) => {
    const now = Date.now();
    while (restarts.length > 0 && now - (restarts[0] ?? 0) > restartWindowMs) restarts.shift();
    if (restarts.length >= maxRestarts) {
      const message = `The embedded backend stopped (code ${code}) after ${restarts.length} restarts; restart Concierge.`;
      options.log(`backend: ${message}`);
      options.onFatal?.(message);
      return;
    }
    restarts.push(now);
    options.log(`backend: the process exited (code ${code}); restarting on port ${port}`);
    spawn().then(
      () => options.log('backend: restarted'),
      (error: unknown) => {
        if (stopping) return;
        const message = `The embedded backend could not restart: ${(error as Error).message}`;
        options.log(`backend: ${message}`);
        options.onFatal?.(message);
      },
    );
  };

  const first = await spawn();
  port = Number(new URL(first.url).port);
  options.log(`backend: embedded stack at ${first.url} (utility process), data in ${dataDir}`);
  return {
    config: { supabaseUrl: first.url, supabaseAnonKey: first.anonKey, mode: 'embedded' },
    async stop() {
      stopping = true;
      const proc = child;
      if (!proc) return;
      proc.postMessage({ type: 'stop' });
      const timeout = new Promise<'timeout'>((resolve) =>
        setTimeout(() => resolve('timeout'), options.stopTimeoutMs ?? 10_000).unref(),
      );
      if ((await Promise.race([exited, timeout])) === 'timeout') {
        options.log('backend: did not stop in time; killing it');
        proc.kill();
      }
    },
  };
}
