/**
 * `npm run stack`: runs the local Supabase-compatible stack alone (the building block of `npm start`).
 *
 *   npm run stack [-- --port 54321] [--data-dir .concierge/data | --in-memory] [--db-port 54322] [--project-dir .]
 *
 * Writes `.concierge/env` (SUPABASE_URL, SUPABASE_ANON_KEY, SUPABASE_SERVICE_ROLE_KEY, INBOX_URL,
 * INBOX_PAGE_URL; other lines kept; the keys are the data dir's own, generated on its first start), prints URLs and keys, and stops cleanly on SIGINT/SIGTERM (server closed, PGlite
 * closed so everything is flushed). `--db-port` (or CONCIERGE_DB_PORT) also exposes the database on a
 * loopback Postgres socket for CLI tooling (`npx supabase db advisors --remote=<url>`).
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { startStack, type RunningStack } from '../supabase/local/index.ts';
import { startDbSocket, type DbSocket } from '../supabase/local/platform/db-socket.ts';
import { writeEnvFile } from './lib/env-file.ts';

export { writeEnvFile } from './lib/env-file.ts';

/** The env lines every consumer of the running stack reads. */
export function stackEnv(
  stack: Pick<RunningStack, 'url' | 'anonKey' | 'serviceRoleKey' | 'inboxUrl' | 'inboxPageUrl'>,
): Record<string, string> {
  return {
    SUPABASE_URL: stack.url,
    SUPABASE_ANON_KEY: stack.anonKey,
    SUPABASE_SERVICE_ROLE_KEY: stack.serviceRoleKey,
    INBOX_URL: stack.inboxUrl,
    INBOX_PAGE_URL: stack.inboxPageUrl,
  };
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: 'string' },
      'data-dir': { type: 'string' },
      'in-memory': { type: 'boolean', default: false },
      'db-port': { type: 'string' },
      'project-dir': { type: 'string' },
      quiet: { type: 'boolean', default: false },
    },
  });
  const projectDir = path.resolve(values['project-dir'] ?? process.cwd());
  const log = values.quiet ? () => {} : (m: string) => console.log(`[stack] ${m}`);
  const port = values.port !== undefined ? Number(values.port) : undefined;
  if (port !== undefined && !(Number.isInteger(port) && port >= 0 && port < 65536))
    throw new Error(`Invalid --port ${values.port}`);

  const stack = await startStack({
    projectDir,
    ...(values['in-memory'] ? { dataDir: null } : values['data-dir'] ? { dataDir: values['data-dir'] } : {}),
    ...(port !== undefined ? { port } : {}),
    log,
  });
  let dbSocket: DbSocket | undefined;
  const dbPort = values['db-port'] ?? process.env.CONCIERGE_DB_PORT;
  if (dbPort !== undefined) {
    dbSocket = await startDbSocket(stack.db, { port: Number(dbPort) });
    stack.config.functionEnv.SUPABASE_DB_URL = dbSocket.url;
  }

  const envFile = path.join(projectDir, '.concierge', 'env');
  await writeEnvFile(envFile, stackEnv(stack));
  console.log(
    [
      `Local stack ready: ${stack.url}`,
      `  data:         ${stack.config.dataDir ?? '(in memory)'}${stack.created ? ' (created)' : ''}`,
      `  started in:   ${stack.startupMs} ms`,
      `  inbox:        ${stack.inboxPageUrl}`,
      `  anon key:     ${stack.anonKey}`,
      `  service key:  ${stack.serviceRoleKey}`,
      `  JWT secret:   ${stack.config.jwtSecret}`,
      ...(dbSocket ? [`  database:     ${dbSocket.url}`] : []),
      `  env file:     ${envFile}`,
      `  services:     ${Object.entries(stack.services)
        .map(([k, v]) => `${k}${v ? '' : ' (absent)'}`)
        .join(', ')}`,
    ].join('\n'),
  );

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) {
      console.error(`[stack] ${signal} again: exiting without a clean stop`);
      process.exit(1);
    }
    stopping = true;
    console.log(`[stack] ${signal}: stopping`);
    await dbSocket?.stop().catch(() => {});
    await stack.stop();
    console.log('[stack] stopped');
    process.exit(0);
  };
  // A stray rejection in a function's background work must not take the whole local backend down
  // (the edge runtime would only lose that worker): log it and keep serving.
  process.on('unhandledRejection', (reason) => {
    console.error(`[stack] unhandled rejection: ${(reason as Error)?.stack ?? String(reason)}`);
  });
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  main().catch((error: unknown) => {
    console.error(`[stack] failed to start: ${(error as Error)?.message ?? String(error)}`);
    process.exit(1);
  });
}
