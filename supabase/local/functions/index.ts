import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { HttpService, StackContext } from '../core/contracts.ts';
import { effectiveBearer } from '../core/gateway.ts';
import { verifyJwt } from '../core/jwt.ts';
import { functionEnv, readDotenv, type FunctionEnv } from './env.ts';

/**
 * Edge functions hosted in-process (`/functions/v1/<slug>`), following the CLI's local router
 * for routing, verify_jwt and error answers.
 *
 * Convention (one, on purpose): every function folder holds
 *   - `handler.ts`: `export function makeHandler(env: FunctionEnv): (req: Request) => Response | Promise<Response>`
 *     using only Web-standard APIs, relative imports with `.ts` extensions, and bare package
 *     specifiers (`@supabase/supabase-js`, `zod`);
 *   - `index.ts`: `Deno.serve(makeHandler(Deno.env))` — the Deno entrypoint deployed to Supabase.
 * The stack imports `handler.ts` only, so no Deno shim or `npm:` specifier loader is needed: Node
 * resolves bare specifiers from node_modules, Deno from the import map `supabase/functions/deno.json`
 * (`"@supabase/supabase-js": "npm:@supabase/supabase-js@2.119.1"`), referenced from config.toml
 * `[functions.<slug>] import_map = "./functions/deno.json"` for deploys.
 * Each function gets its own env object (SUPABASE_* incl. SUPABASE_JWKS + functionEnv + `supabase/functions/.env`),
 * built on its first request, so SUPABASE_URL carries the real port and a SUPABASE_DB_URL added to
 * `config.functionEnv` by whoever exposes the database socket (scripts/stack.ts --db-port) is seen.
 */

const SLUG = /^[A-Za-z][A-Za-z0-9_-]*$/;

export type FunctionHandler = (request: Request) => Response | Promise<Response>;

interface FunctionSource {
  load: () => Promise<unknown>;
}

interface LoadedFunction {
  handler?: FunctionHandler;
  bootError?: string;
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

export function createFunctionsService(
  ctx: StackContext,
): HttpService & { slugs(): Promise<string[]>; env(): Promise<FunctionEnv> } {
  const functionsDir = path.join(ctx.config.projectDir, 'supabase', 'functions');
  const loaded = new Map<string, Promise<LoadedFunction>>();
  let dotenv: Promise<Record<string, string>> | undefined;

  /**
   * The functions' route to this stack's own API: requests for SUPABASE_URL go straight to the
   * gateway's handler (same routing, limits and answers, no loopback socket, no HTTP parsing on
   * either side); anything else is a real fetch.
   */
  const ownApiFetch: typeof fetch = (input, init) => {
    const request = new Request(input, init);
    const base = `${ctx.config.apiUrl}/`;
    return ctx.dispatch && request.url.startsWith(base) ? ctx.dispatch(request) : fetch(request);
  };

  async function envFor(): Promise<FunctionEnv> {
    dotenv ??= readDotenv(path.join(functionsDir, '.env'));
    const { config } = ctx;
    const inboxUrl = `${config.apiUrl}/_local/inbox`;
    const configured = { ...config.functionEnv, ...(await dotenv) };
    const emailsToInbox = (configured.EMAIL_API_URL ?? inboxUrl) === inboxUrl && !configured.EMAIL_API_KEY;
    return functionEnv(
      {
        SUPABASE_URL: config.apiUrl,
        SUPABASE_ANON_KEY: config.anonKey,
        SUPABASE_SERVICE_ROLE_KEY: config.serviceRoleKey,
        SUPABASE_PUBLISHABLE_KEYS: JSON.stringify({ default: config.publishableKey }),
        SUPABASE_SECRET_KEYS: JSON.stringify({ default: config.secretKey }),
        // As the CLI's edge runtime does: the project's JWT keys as a JWKS (the HS256 secret as an
        // `oct` key), so functions verify callers' tokens themselves (_shared/platform/caller.ts).
        SUPABASE_JWKS: JSON.stringify({
          keys: [{ kty: 'oct', k: Buffer.from(config.jwtSecret).toString('base64url'), alg: 'HS256' }],
        }),
        // The platform's mail capture: functions that send email (agent tools) deliver to the local
        // inbox through its HTTP route unless the project configures a real provider.
        EMAIL_API_URL: inboxUrl,
        ...config.functionEnv,
        ...(await dotenv),
        // The inbox's own key, only when mail still goes to the inbox: a real provider configured
        // without a key must never receive it.
        ...(emailsToInbox ? { EMAIL_API_KEY: config.inboxKey } : {}),
      },
      ownApiFetch,
    );
  }

  const bundled = ctx.config.bundled?.functions;

  /** Where a slug's handler comes from: the bundle's registry, or `<slug>/handler.ts` on disk. */
  async function handlerSource(slug: string): Promise<FunctionSource | undefined> {
    if (!SLUG.test(slug)) return undefined;
    if (bundled) {
      const loader = Object.hasOwn(bundled, slug) ? bundled[slug] : undefined;
      return loader ? { load: loader } : undefined;
    }
    const file = path.join(functionsDir, slug, 'handler.ts');
    try {
      return (await stat(file)).isFile() ? { load: () => import(pathToFileURL(file).href) } : undefined;
    } catch {
      return undefined;
    }
  }

  function load(slug: string, source: FunctionSource): Promise<LoadedFunction> {
    let entry = loaded.get(slug);
    if (!entry) {
      entry = (async (): Promise<LoadedFunction> => {
        try {
          const mod = (await source.load()) as { makeHandler?: unknown };
          if (typeof mod.makeHandler !== 'function') {
            return { bootError: `${slug}/handler.ts does not export makeHandler(env)` };
          }
          const handler = (mod.makeHandler as (env: FunctionEnv) => unknown)(await envFor());
          if (typeof handler !== 'function')
            return { bootError: `${slug}: makeHandler(env) did not return a function` };
          return { handler: handler as FunctionHandler };
        } catch (error) {
          return { bootError: `${slug}: ${(error as Error)?.stack ?? String(error)}` };
        }
      })();
      loaded.set(slug, entry);
    }
    return entry;
  }

  /** verify_jwt as the edge runtime's main worker does; returns the 401 answer or the token. */
  async function authorize(request: Request, slug: string): Promise<{ denied: Response } | { token: string | null }> {
    const token = effectiveBearer(request.headers, ctx.config);
    const verify = ctx.config.supabaseConfig.functions[slug]?.verify_jwt ?? true;
    if (!verify || request.method === 'OPTIONS') return { token };
    const raw = request.headers.get('authorization');
    if (raw !== null && !/^bearer\s+sb_/i.test(raw) && !/^bearer\s+\S+$/i.test(raw.trim())) {
      return { denied: json(401, { msg: "Error: Auth header is not 'Bearer {token}'" }) };
    }
    if (!token) return { denied: json(401, { msg: 'Error: Missing authorization header' }) };
    const verified = await verifyJwt(token, ctx.config.jwtSecret);
    if (!verified.ok) return { denied: json(401, { msg: 'Invalid JWT' }) };
    return { token };
  }

  return {
    env: envFor,
    async slugs() {
      if (bundled) return Object.keys(bundled).sort();
      const entries = await readdir(functionsDir, { withFileTypes: true }).catch(() => []);
      const found: string[] = [];
      for (const e of entries) if (e.isDirectory() && (await handlerSource(e.name))) found.push(e.name);
      return found.sort();
    },
    async handle(request) {
      const url = new URL(request.url);
      const slug = decodeURIComponent(url.pathname.split('/')[1] ?? '');
      const source = await handlerSource(slug);
      if (!source)
        return new Response('Function not found', { status: 404, headers: { 'Content-Type': 'text/plain' } });
      const auth = await authorize(request, slug);
      if ('denied' in auth) return auth.denied;
      const fn = await load(slug, source);
      if (!fn.handler) {
        ctx.log(`functions: ${fn.bootError}`);
        return json(503, { code: 'BOOT_ERROR', message: 'Worker failed to boot (please check logs)' });
      }
      // The function sees what Kong forwards: the translated bearer in Authorization.
      const headers = new Headers(request.headers);
      if (auth.token) headers.set('authorization', `Bearer ${auth.token}`);
      // `duplex` is required by undici for streamed bodies but missing from the DOM RequestInit type.
      const init = {
        method: request.method,
        headers,
        body: request.body,
        signal: request.signal,
        duplex: 'half',
      } as RequestInit;
      try {
        const response = await fn.handler(new Request(url, init));
        if (!(response instanceof Response)) throw new TypeError(`${slug} returned ${typeof response}, not a Response`);
        return response;
      } catch (error) {
        ctx.log(`functions: ${slug} failed: ${(error as Error)?.stack ?? String(error)}`);
        return json(500, { code: 'WORKER_ERROR', message: 'Function exited due to an error (please check logs)' });
      }
    },
  };
}
