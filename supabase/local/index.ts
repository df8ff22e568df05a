import { mkdir, stat } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import type { PGlite } from '@electric-sql/pglite';
import { applyBootstrap } from './core/bootstrap.ts';
import { resolveStackConfig, type StackOptions } from './core/config.ts';
import type { HttpService, LocalStackConfig, StackContext } from './core/contracts.ts';
import { openDatabase } from './core/db.ts';
import { createInboxMailer } from './core/mailer.ts';
import { applyMigrations, applySeed } from './core/migrations.ts';
import { createHttpServer, type Mounts } from './server.ts';

export type { StackOptions } from './core/config.ts';

export interface RunningStack {
  url: string;
  port: number;
  anonKey: string;
  serviceRoleKey: string;
  inboxUrl: string;
  config: LocalStackConfig;
  ctx: StackContext;
  db: PGlite;
  stop(): Promise<void>;
}

async function exists(p: string): Promise<boolean> {
  try {
    await stat(p);
    return true;
  } catch {
    return false;
  }
}

/**
 * Starts the embedded Supabase-compatible stack: PGlite + bootstrap + migrations (+ seed on first
 * create) and the HTTP API on one port. Resolves once the port is listening.
 */
export async function startStack(options: StackOptions & { log?: (m: string) => void } = {}): Promise<RunningStack> {
  const log = options.log ?? (() => {});
  const config = await resolveStackConfig(options);
  let created = true;
  if (config.dataDir) {
    created = !(await exists(`${config.dataDir}/PG_VERSION`));
    await mkdir(config.dataDir, { recursive: true });
  }
  const db = await openDatabase(config.dataDir);
  const schemaListeners: (() => Promise<void> | void)[] = [];
  const mailer = await (async () => {
    await applyBootstrap(db, log);
    return createInboxMailer(db, log);
  })();
  const ctx: StackContext = { config, db, mailer, log, onSchemaChange: (l) => schemaListeners.push(l) };
  await applyMigrations(db, config.projectDir, log);
  if (created) await applySeed(db, config.projectDir, log);

  const mounts: Mounts = {};
  const [rest, auth, storage, functions] = await Promise.all([
    loadService('./rest/index.ts', 'createRestService', ctx),
    loadService('./auth/index.ts', 'createAuthService', ctx),
    loadService('./storage/index.ts', 'createStorageService', ctx),
    loadService('./functions/index.ts', 'createFunctionsService', ctx),
  ]);
  Object.assign(mounts, { rest, auth, storage, functions });

  const server = createHttpServer(ctx, mounts);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  config.port = port;
  config.apiUrl = `http://${config.host}:${port}`;
  return {
    url: config.apiUrl,
    port,
    anonKey: config.anonKey,
    serviceRoleKey: config.serviceRoleKey,
    inboxUrl: `${config.apiUrl}/_local/inbox`,
    config,
    ctx,
    db,
    async stop() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await db.close();
    },
  };
}

type ServiceFactory = (ctx: StackContext) => Promise<HttpService> | HttpService;

/** Services are optional modules while the stack is assembled; a missing one is simply not mounted. */
async function loadService(specifier: string, exportName: string, ctx: StackContext): Promise<HttpService | undefined> {
  let mod: Record<string, unknown>;
  try {
    mod = (await import(specifier)) as Record<string, unknown>;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ERR_MODULE_NOT_FOUND' && String(error).includes(specifier.slice(2))) {
      return undefined;
    }
    throw error;
  }
  return (mod[exportName] as ServiceFactory)(ctx);
}
