import { stat } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { applyBootstrap } from './core/bootstrap.ts';
import { resolveStackConfig, type StackOptions } from './core/config.ts';
import type { LocalStackConfig, StackContext } from './core/contracts.ts';
import { openDatabase } from './core/db.ts';
import { loadOrCreateStackKeys } from './core/keys.ts';
import { createInboxMailer } from './core/mailer.ts';
import { applyMigrations, applySeed } from './core/migrations.ts';
import { lockDataDir } from './platform/data-dir-lock.ts';
import { moveLegacyFiles } from './platform/files-dir.ts';
import { makePrivateDir } from './platform/private-dir.ts';
import { declaredJobs, localSchedule, startFunctionScheduler } from './platform/scheduler.ts';
import { createLocalService } from './platform/local-routes.ts';
import { installWebSocketGlobal } from './platform/websocket-global.ts';
import { createFetchHandler, createHttpServer, type Mounts, type UpgradeHandler } from './server.ts';
import { createAuthService } from './auth/index.ts';
import { createFunctionsService } from './functions/index.ts';
import { createPhoneRelayUpgrade, PHONE_RELAY_PREFIX } from './functions/relay.ts';
import { createRealtimeService } from './realtime/index.ts';
import { createRestService } from './rest/index.ts';
import { createStorageService } from './storage/index.ts';

export type { StackOptions } from './core/config.ts';

export interface RunningStack {
  url: string;
  port: number;
  anonKey: string;
  serviceRoleKey: string;
  /** The inbox's JSON API: answers the service role key (or the inbox key) only. */
  inboxUrl: string;
  /** The inbox page for a person's browser, with its key in the query string. */
  inboxPageUrl: string;
  config: LocalStackConfig;
  ctx: StackContext;
  db: PGlite;
  /** True when this start created the database (first start on the data dir, or in-memory). */
  created: boolean;
  /** Milliseconds from startStack() to listening. */
  startupMs: number;
  /** Which services are mounted (all of them; reported by /_local/health). */
  services: Record<'rest' | 'auth' | 'storage' | 'functions' | 'realtime', boolean>;
  /**
   * Tells every service the schema changed (PostgREST's `NOTIFY pgrst, 'reload schema'`). DDL already
   * triggers this through the bootstrap's event trigger; call it to wait for the reload to finish.
   */
  reloadSchema(): Promise<void>;
  /** Adds browser origins allowed to call the API (servers that listen after the stack started). */
  allowOrigins(...origins: string[]): void;
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
 * Folders only this account may read: the database (its stored files are made private once an
 * older install's files have been moved in) and, when it is the project's own `.concierge` (env
 * file, lock, both of them), its parent. A parent chosen through $CONCIERGE_DATA_DIR may be shared
 * (a home folder), so it is left alone.
 */
function privateDirs(config: LocalStackConfig): string[] {
  if (!config.dataDir) return [];
  const parent = path.dirname(config.dataDir);
  const own = parent === path.join(config.projectDir, '.concierge');
  return [...(own ? [parent] : []), config.dataDir];
}

/** A realtime-like service that takes websocket upgrades (mounted at /realtime/v1/websocket). */
export interface UpgradeService {
  handleUpgrade: UpgradeHandler;
  close(): Promise<void>;
}

/**
 * Starts the embedded Supabase-compatible stack: PGlite + bootstrap + migrations + seed (once) and
 * the HTTP API on one port. Resolves once the port is listening; a failing migration rejects with
 * the file name and the Postgres error.
 */
export async function startStack(options: StackOptions & { log?: (m: string) => void } = {}): Promise<RunningStack> {
  const startedAt = performance.now();
  const log = options.log ?? (() => {});
  installWebSocketGlobal();
  const config = await resolveStackConfig(options);
  let created = true;
  let unlock = async () => {};
  if (config.dataDir) {
    for (const dir of privateDirs(config)) await makePrivateDir(dir, log);
    unlock = await lockDataDir(config.dataDir);
    // PGlite's nodefs layout is a plain PGDATA: PG_VERSION is written by initdb on first open.
    created = !(await exists(`${config.dataDir}/PG_VERSION`));
    try {
      await moveLegacyFiles(config.dataDir, !created, log);
      // Owner-only too: private knowledge files and recordings.
      if (config.filesDir) await makePrivateDir(config.filesDir, log);
      Object.assign(config, await loadOrCreateStackKeys(config.dataDir, log));
    } catch (error) {
      await unlock();
      throw error;
    }
  }
  let db: PGlite | undefined;
  try {
    db = await openDatabase(config.dataDir, created ? options.initialData : undefined);
    log(`database opened in ${Math.round(performance.now() - startedAt)} ms`);
    return await assemble(db, config, created, log, startedAt, unlock);
  } catch (error) {
    await db?.close().catch(() => {});
    await unlock();
    throw error;
  }
}

async function assemble(
  db: PGlite,
  config: LocalStackConfig,
  created: boolean,
  log: (m: string) => void,
  startedAt: number,
  unlock: () => Promise<void>,
): Promise<RunningStack> {
  await applyBootstrap(db, log, config.bundled?.bootstrapDir);
  const mailer = await createInboxMailer(db, log);
  const schema = schemaChangeHub(log);
  const ctx: StackContext = { config, db, mailer, log, onSchemaChange: schema.add };
  await applyMigrations(db, config.projectDir, log);
  await applySeed(db, config.projectDir, log);
  log(`bootstrap, migrations and seed checked at ${Math.round(performance.now() - startedAt)} ms`);
  // Bootstrap installs an event trigger that notifies `pgrst` on DDL, as Supabase's image does.
  const unlisten = await db.listen('pgrst', (payload) => {
    if (payload === '' || payload === 'reload schema') schema.fire();
  });

  const [rest, auth, storage, functions] = await Promise.all([
    createRestService(ctx),
    createAuthService(ctx),
    createStorageService(ctx),
    createFunctionsService(ctx),
  ]);
  const realtime = await createRealtimeService(ctx);
  log(`services loaded at ${Math.round(performance.now() - startedAt)} ms`);
  const services = { rest: !!rest, auth: !!auth, storage: !!storage, functions: !!functions, realtime: !!realtime };
  const local = createLocalService(ctx, () => ({ services, created }));
  const mounts: Mounts = { rest, auth, storage, functions, local };
  const phoneRelay = createPhoneRelayUpgrade(ctx, functions.env);
  const upgrades: Record<string, UpgradeHandler> = {
    ...(realtime ? { '/realtime/v1/websocket': realtime.handleUpgrade } : {}),
    // Every relay route under one prefix (Twilio's and the sandbox's sockets).
    [`${PHONE_RELAY_PREFIX}*`]: phoneRelay.handleUpgrade,
  };

  const dispatch = createFetchHandler(ctx, mounts);
  let stopped = false;
  // Work a function left running (a voice call's control, like an edge runtime's waitUntil) may
  // still call the stack in-process after stop: it gets a 503, never a closed database.
  ctx.dispatch = Object.assign(
    (request: Request, ...rest: unknown[]) =>
      stopped
        ? Promise.resolve(Response.json({ message: 'The local stack has stopped.' }, { status: 503 }))
        : (dispatch as (request: Request, ...rest: unknown[]) => Promise<Response>)(request, ...rest),
    dispatch,
  ) as typeof dispatch;
  const server = createHttpServer(ctx, dispatch, upgrades);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  config.port = port;
  config.apiUrl = `http://${config.host}:${port}`;
  const startupMs = Math.round(performance.now() - startedAt);
  log(`ready on ${config.apiUrl} in ${startupMs} ms (${created ? 'new' : 'existing'} database)`);
  const scheduler = config.schedule
    ? startFunctionScheduler({
        apiUrl: () => config.apiUrl,
        serviceRoleKey: config.serviceRoleKey,
        jobs: localSchedule(await declaredJobs(db), config.schedule.env),
        log,
        // In-process, like the functions' own calls (ctx.dispatch).
        fetch: (input, init) => dispatch(new Request(input, init)),
      })
    : null;
  let stopping: Promise<void> | undefined;
  return {
    url: config.apiUrl,
    port,
    anonKey: config.anonKey,
    serviceRoleKey: config.serviceRoleKey,
    inboxUrl: `${config.apiUrl}/_local/inbox`,
    inboxPageUrl: `${config.apiUrl}/_local/inbox.html?key=${encodeURIComponent(config.inboxKey)}`,
    config,
    ctx,
    db,
    created,
    startupMs,
    services,
    reloadSchema: () => schema.fire(),
    allowOrigins(...origins) {
      config.allowedOrigins.push(...origins);
    },
    stop() {
      stopping ??= (async () => {
        stopped = true;
        scheduler?.stop();
        await realtime?.close();
        await phoneRelay.close();
        const closed = new Promise<void>((resolve) => server.close(() => resolve()));
        server.closeAllConnections();
        await closed;
        await unlisten().catch(() => {});
        await db.close();
        await unlock();
      })();
      return stopping;
    },
  };
}

/** Collects schema-change listeners; coalesces bursts of DDL notifications into one reload. */
function schemaChangeHub(log: (m: string) => void) {
  const listeners: (() => Promise<void> | void)[] = [];
  let scheduled = false;
  let waiters: (() => void)[] = [];
  let running: Promise<void> = Promise.resolve();
  const run = () => {
    scheduled = false;
    const done = waiters;
    waiters = [];
    running = running.then(async () => {
      for (const listener of listeners) {
        try {
          await listener();
        } catch (error) {
          log(`error: schema reload listener: ${(error as Error)?.stack ?? String(error)}`);
        }
      }
      for (const resolve of done) resolve();
    });
  };
  return {
    add(listener: () => Promise<void> | void) {
      listeners.push(listener);
    },
    fire(): Promise<void> {
      // Coalesce the notifications of one commit (a migration sends one per DDL statement) but
      // tell listeners within the same turn: the REST schema cache must know a reload is coming
      // before the next request is routed, or a table created a moment ago answers 404.
      return new Promise<void>((resolve) => {
        waiters.push(resolve);
        if (!scheduled) {
          scheduled = true;
          queueMicrotask(run);
        }
      });
    },
  };
}
