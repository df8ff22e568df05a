import { existsSync, readdirSync, statSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { build, createServer as createViteServer, type Plugin, type ViteDevServer } from 'vite';
import { startStack, type RunningStack, type StackOptions } from '../../supabase/local/index.ts';
import { recordAgentSiteUrl } from './agent-site.ts';
import { mapTileTemplateSchema } from '../../supabase/functions/_shared/contracts/agent-map.ts';
import { createAppServers } from './app-servers.ts';
import { facebookSignupSettings } from '../../supabase/functions/_shared/contracts/whatsapp.ts';

export interface ProductOptions {
  projectDir: string;
  /** null = in-memory database (tests). Default: $CONCIERGE_DATA_DIR or .concierge/data */
  dataDir?: string | null;
  apiPort?: number;
  consolePort?: number;
  sitePort?: number;
  /** Vite dev servers with hot reload instead of the built apps. */
  dev?: boolean;
  /** Host used in public URLs; `localhost` so that `{agent}.localhost` resolves in browsers. */
  publicHost?: string;
  log?: (message: string) => void;
  env?: NodeJS.ProcessEnv;
  /** Overrides config.toml's auth rate limits (the e2e suite signs in far more than a person). */
  authRateLimit?: StackOptions['authRateLimit'];
  /** A database tarball a new data dir starts from (tests: the migrated snapshot). */
  initialData?: StackOptions['initialData'];
}

export interface RunningProduct {
  stack: RunningStack;
  consoleUrl: string;
  /** With an `{agent}` placeholder, e.g. http://{agent}.localhost:5181 */
  publicSiteUrl: string;
  stop(): Promise<void>;
}

interface App {
  name: 'console' | 'public-site';
  dir: string;
  viteConfig: string;
  outDir: string;
}

const apps = (projectDir: string): App[] => [
  {
    name: 'console',
    dir: path.join(projectDir, 'renderer'),
    viteConfig: path.join(projectDir, 'renderer', 'vite.config.ts'),
    outDir: path.join(projectDir, 'dist', 'renderer'),
  },
  {
    name: 'public-site',
    dir: path.join(projectDir, 'public-site'),
    viteConfig: path.join(projectDir, 'public-site', 'vite.config.ts'),
    outDir: path.join(projectDir, 'dist', 'public-site'),
  },
];

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

/** Builds an app when its output is missing or older than any of its sources ("builds what is missing"). */
export async function ensureBuilt(app: App, log: (m: string) => void): Promise<void> {
  const index = path.join(app.outDir, 'index.html');
  if (existsSync(index) && statSync(index).mtimeMs >= newestMtime(app.dir)) return;
  log(`building ${app.name}...`);
  await build({ configFile: app.viteConfig, logLevel: 'warn' });
}

function listen(server: Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve((server.address() as AddressInfo).port));
  });
}

/**
 * The integration settings edge functions read (README "Configuration"), taken from the shell that
 * runs `npm start` the way `supabase secrets set` provides them on a hosted project.
 * `supabase/functions/.env` still wins, as with the supabase CLI.
 */
const PRODUCT_ENV = /^(OPENAI|AI|TWILIO|STRIPE|GOOGLE|EMAIL|SMTP|RESEND|GEOCODING|GEOCODER|CHAT)_[A-Z0-9_]+$/;

export function productFunctionEnv(env: NodeJS.ProcessEnv): Record<string, string> {
  return Object.fromEntries(
    Object.entries(env).filter((entry): entry is [string, string] => PRODUCT_ENV.test(entry[0]) && !!entry[1]),
  );
}

/**
 * The /map tile source (README "Configuration"): CONCIERGE_MAP_TILE_URL, an http(s) template with
 * {z}/{x}/{y}, and its attribution. Refused at start when malformed, rather than a blank map later.
 */
export function mapTileSettings(env: NodeJS.ProcessEnv): { mapTileUrl: string; mapTileAttribution?: string } | null {
  const raw = env.CONCIERGE_MAP_TILE_URL?.trim();
  if (!raw) return null;
  const parsed = mapTileTemplateSchema.safeParse(raw);
  if (!parsed.success) {
    throw new Error(`CONCIERGE_MAP_TILE_URL ${parsed.error.issues.map((i) => i.message).join(', ')}: ${raw}`);
  }
  const attribution = env.CONCIERGE_MAP_TILE_ATTRIBUTION?.trim();
  return { mapTileUrl: parsed.data, ...(attribution ? { mapTileAttribution: attribution.slice(0, 300) } : {}) };
}

function runtimeConfigPlugin(config: () => unknown): Plugin {
  return {
    name: 'concierge-runtime-config',
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        if (!(req.url ?? '').split('?')[0]!.endsWith('/concierge.config.json')) return next();
        res.setHeader('Content-Type', 'application/json; charset=utf-8');
        res.setHeader('Cache-Control', 'no-store');
        res.end(JSON.stringify(config()));
      });
    },
  };
}

/**
 * Browser origins of the console and the agent site (every `{agent}` subdomain and the bare host):
 * under the public host the URLs name and both loopback names, since the servers listen on 127.0.0.1.
 */
export function servedOrigins(consoleUrl: string, publicSiteUrl: string): string[] {
  const consoleOrigin = new URL(consoleUrl);
  const site = new URL(publicSiteUrl.replace('{agent}.', ''));
  const names = (url: URL) =>
    [url.hostname, 'localhost', '127.0.0.1'].map((host) => `${url.protocol}//${host}${url.port ? `:${url.port}` : ''}`);
  return [...new Set([...names(consoleOrigin), ...names(site), `${site.protocol}//*.${site.host}`])];
}

/**
 * The whole product on one machine: the embedded Supabase-compatible stack, the console and the
 * public agent site. Used by `npm start`, `npm run dev` and the end-to-end tests.
 */
export async function startProduct(options: ProductOptions): Promise<RunningProduct> {
  const env = options.env ?? process.env;
  const log = options.log ?? (() => {});
  const host = '127.0.0.1';
  const publicHost = options.publicHost ?? 'localhost';
  const consolePort = options.consolePort ?? Number(env.CONCIERGE_CONSOLE_PORT ?? 5180);
  const sitePort = options.sitePort ?? Number(env.CONCIERGE_SITE_PORT ?? 5181);

  const tiles = mapTileSettings(env);
  const facebook = facebookSignupSettings(env);
  const stack = await startStack({
    projectDir: options.projectDir,
    dataDir: options.dataDir,
    port: options.apiPort,
    env,
    log,
    functionEnv: productFunctionEnv(env),
    // Only the origins served below (added once they listen), never config.toml's fixed ports.
    allowedOrigins: [],
    // Scheduled functions (connector deliveries) run in the stack, as pg_cron runs them hosted.
    schedule: true,
    ...(options.authRateLimit ? { authRateLimit: options.authRateLimit } : {}),
    ...(options.initialData ? { initialData: options.initialData } : {}),
  });

  const [consoleApp, siteApp] = apps(options.projectDir) as [App, App];
  const closers: (() => Promise<void>)[] = [];
  let consoleUrl = '';
  let publicSiteUrl = '';
  // What both apps fetch at boot; read lazily because ports are only known once listening.
  const runtimeConfig = () => ({
    supabaseUrl: stack.url,
    supabaseAnonKey: stack.anonKey,
    publicSiteUrl,
    consoleUrl,
    ...(tiles ?? {}),
    ...(facebook ?? {}),
  });
  try {
    if (options.dev) {
      const servers: ViteDevServer[] = [];
      for (const [app, port] of [
        [consoleApp, consolePort],
        [siteApp, sitePort],
      ] as const) {
        const server = await createViteServer({
          configFile: app.viteConfig,
          server: { port, strictPort: true, host: app === siteApp ? true : host },
          plugins: [runtimeConfigPlugin(runtimeConfig)],
        });
        await server.listen();
        servers.push(server);
        const actual = (server.httpServer?.address() as AddressInfo).port;
        if (app === consoleApp) consoleUrl = `http://${publicHost}:${actual}`;
        else publicSiteUrl = `http://{agent}.${publicHost}:${actual}`;
        closers.push(() => server.close());
      }
    } else {
      await ensureBuilt(consoleApp, log);
      await ensureBuilt(siteApp, log);
      const { consoleServer, siteServer } = createAppServers({
        stack,
        consoleDir: consoleApp.outDir,
        siteDir: siteApp.outDir,
        runtimeConfig,
        mapTileUrl: tiles?.mapTileUrl ?? null,
        phoneRelayUrl: process.env.PHONE_RELAY_URL?.trim() || null,
        facebookSdkUrl: facebook?.facebookSdkUrl ?? null,
        log,
      });
      const cPort = await listen(consoleServer, consolePort, host);
      closers.push(() => new Promise((r) => consoleServer.close(() => r())));
      // The public site answers on every host name (`{agent}.localhost` resolves to loopback).
      const sPort = await listen(siteServer, sitePort, host);
      closers.push(() => new Promise((r) => siteServer.close(() => r())));
      consoleUrl = `http://${publicHost}:${cPort}`;
      publicSiteUrl = `http://{agent}.${publicHost}:${sPort}`;
    }
  } catch (error) {
    for (const close of closers.reverse()) await close();
    await stack.stop();
    throw error;
  }

  // The API grants CORS to the pages this product serves (and nothing else on the machine).
  stack.allowOrigins(...servedOrigins(consoleUrl, publicSiteUrl));
  // Functions build their env on first request, so the final URLs are seen (links in emails,
  // Stripe return URLs, the site's canonical address).
  Object.assign(stack.config.functionEnv, { CONSOLE_URL: consoleUrl, PUBLIC_SITE_URL: publicSiteUrl });
  // The database builds web widget script URLs from the same address (configure_web_widget()).
  await recordAgentSiteUrl(stack, publicSiteUrl);

  return {
    stack,
    consoleUrl,
    publicSiteUrl,
    async stop() {
      for (const close of closers.reverse()) await close();
      await stack.stop();
    },
  };
}
