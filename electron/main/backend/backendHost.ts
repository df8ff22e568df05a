import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { makePrivateDir } from '../../../supabase/local/platform/private-dir.ts';
import type { BackendConfig } from '../../shared/ipc-contract.ts';
import { resolveBackendMode, SETTINGS_FILE_NAME } from './backendMode.ts';

/**
 * Gives the console a backend: the hosted Supabase project when one is configured, else the
 * embedded local stack (supabase/local) started inside this process with its database in the user
 * data folder.
 *
 * The local stack is TypeScript that discovers its services at runtime (see supabase/local/index.ts),
 * so it is not bundled into main.js: it is loaded from the app folder through tsx's ESM API, the
 * same way `npm start` runs it. That is why the packaged app ships supabase/ and node_modules
 * unpacked (electron-builder.yml).
 */
export interface BackendHost {
  config: BackendConfig;
  stop(): Promise<void>;
}

interface EmbeddedStack {
  url: string;
  anonKey: string;
  stop(): Promise<void>;
}

type StartStack = (options: {
  projectDir: string;
  dataDir: string;
  port: number;
  log: (m: string) => void;
  schedule: boolean;
  allowedOrigins: string[];
}) => Promise<EmbeddedStack>;

export interface BackendHostOptions {
  /** Folder holding supabase/ (config.toml, migrations, seed.sql, functions, local/). */
  appDir: string;
  /** Electron's userData folder. */
  userDataDir: string;
  env: Record<string, string | undefined>;
  log: (m: string) => void;
  /** Origins of the console's pages (app://concierge, the dev server): the only ones granted CORS. */
  allowedOrigins: string[];
}

async function readSettings(userDataDir: string): Promise<string | null> {
  try {
    return await readFile(path.join(userDataDir, SETTINGS_FILE_NAME), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

async function loadStartStack(appDir: string): Promise<StartStack> {
  const { tsImport } = await import('tsx/esm/api');
  const entry = pathToFileURL(path.join(appDir, 'supabase', 'local', 'index.ts')).href;
  const mod = (await tsImport(entry, import.meta.url)) as { startStack?: StartStack };
  if (typeof mod.startStack !== 'function') throw new Error(`${entry} does not export startStack`);
  return mod.startStack;
}

export async function startBackendHost(options: BackendHostOptions): Promise<BackendHost> {
  const mode = resolveBackendMode(options.env, await readSettings(options.userDataDir));
  if (mode.mode === 'hosted') {
    options.log(`backend: hosted project ${mode.project.supabaseUrl} (from ${mode.source})`);
    return { config: { ...mode.project, mode: 'hosted' }, stop: async () => {} };
  }
  const startStack = await loadStartStack(options.appDir);
  const backendDir = path.join(options.userDataDir, 'backend');
  const dataDir = path.join(backendDir, 'db');
  // The stack narrows db/ and files/; their parent is ours too, so no other account lists it.
  await makePrivateDir(backendDir, options.log);
  // Port 0: any free port, so a second app or `npm start` on 54321 never collides with us.
  // schedule: connector deliveries (Zapier/Make) go out every minute, as pg_cron sends them hosted.
  // The stack generates its own keys in dataDir on first start and only answers our pages' origins.
  const stack = await startStack({
    projectDir: options.appDir,
    dataDir,
    port: 0,
    log: options.log,
    schedule: true,
    allowedOrigins: options.allowedOrigins,
  });
  options.log(`backend: embedded stack at ${stack.url}, data in ${dataDir}`);
  return {
    config: { supabaseUrl: stack.url, supabaseAnonKey: stack.anonKey, mode: 'embedded' },
    stop: () => stack.stop(),
  };
}
