import path from 'node:path';
import { startStack, type StackOptions } from '../../supabase/local/index.ts';
import type { FunctionModuleLoader } from '../../supabase/local/core/contracts.ts';
import { backendCommandSchema, type BackendEvent } from './protocol.ts';

/**
 * The embedded backend's utility process: runs the local stack away from the
 * main process, so migrations, PGlite queries and function handlers never block the window.
 * Built into dist-electron/backend.mjs by scripts/build-backend.mjs, which passes the static
 * registry of every edge function handler (a bundle cannot scan folders and import TypeScript).
 */

/** What this process needs of Electron's `process.parentPort`. */
export interface ParentPortLike {
  on(event: 'message', listener: (message: { data: unknown }) => void): unknown;
  postMessage(message: BackendEvent): void;
}

interface RunningStack {
  url: string;
  anonKey: string;
  stop(): Promise<void>;
}

export interface BackendProcessDeps {
  startStack: (options: StackOptions & { log: (m: string) => void }) => Promise<RunningStack>;
  exit: (code: number) => void;
}

export function runBackendProcess(
  port: ParentPortLike,
  functions: Readonly<Record<string, FunctionModuleLoader>>,
  deps: BackendProcessDeps = { startStack, exit: (code) => process.exit(code) },
): void {
  let stack: Promise<RunningStack | null> | null = null;
  let stopping = false;
  const send = (event: BackendEvent) => port.postMessage(event);
  const log = (message: string) => send({ type: 'log', message });

  const stop = async () => {
    if (stopping) return;
    stopping = true;
    try {
      // A stop during start waits for it, then closes what it opened.
      await (await stack)?.stop();
      send({ type: 'stopped' });
      deps.exit(0);
    } catch (error) {
      send({ type: 'error', message: `stop failed: ${String(error)}` });
      deps.exit(1);
    }
  };

  port.on('message', ({ data }) => {
    const parsed = backendCommandSchema.safeParse(data);
    if (!parsed.success) {
      log(`ignored a malformed command: ${parsed.error.message}`);
      return;
    }
    const command = parsed.data;
    if (command.type === 'stop') {
      void stop();
      return;
    }
    if (stack || stopping) return log('ignored a second start');
    stack = deps
      .startStack({
        projectDir: command.projectDir,
        dataDir: command.dataDir,
        port: command.port,
        allowedOrigins: command.allowedOrigins,
        schedule: command.schedule,
        log,
        bundled: { functions, bootstrapDir: path.join(command.projectDir, 'supabase', 'local', 'bootstrap') },
      })
      .then(
        (running) => {
          send({ type: 'ready', url: running.url, anonKey: running.anonKey });
          return running;
        },
        (error: unknown) => {
          // Nothing is open (startStack cleans up after itself): report and leave.
          send({ type: 'error', message: error instanceof Error ? error.message : String(error) });
          deps.exit(1);
          return null;
        },
      );
  });
}
