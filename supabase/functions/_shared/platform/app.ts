/**
 * A function as a small Hono app (Hono: Web-standard, runs unchanged under Deno and Node):
 *   const fn = createFunctionApp('knowledge-ingest', env, { browser: true });
 *   fn.post('/', async (c) => { const owner = await fn.auth.requireOwner(c.req.raw); ... });
 *   export const makeHandler = (env) => fn.handler();
 * gives routing under `/<name>` (the path hosted Supabase and the local stack pass), 404
 * `not_found` and 405 `method_not_allowed` (with `Allow`), CORS for browser-facing functions, and
 * one error answer: a thrown `HttpError` is its status and code, anything else is logged under
 * the function's name and answered 500 `internal_error` with no internals.
 */
import type { DbClient } from './env.ts';
import { Hono, type Context } from 'hono';
import { createCallerAuth, type Caller, type CallerAuth, type CallerAuthOptions } from './caller.ts';
import { corsMiddleware, originPolicyFromEnv } from './cors.ts';
import { createServiceClient, createUserClient, type FunctionEnv } from './env.ts';
import { HttpError, errorResponse, httpErrorResponse } from './errors.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type RouteHandler = (c: Context) => Response | Promise<Response>;

export interface FunctionAppOptions extends CallerAuthOptions {
  /** Called from browsers: CORS (preflight, headers, foreign origins refused). */
  browser?: boolean;
  /** Where unexpected errors go (default console.error). */
  log?: (message: string, detail: string) => void;
}

export interface FunctionApp {
  readonly env: FunctionEnv;
  readonly auth: CallerAuth;
  /** The service-role client (bypasses RLS): only where a rule needs it; say why at the call. */
  service(): DbClient;
  /** A client acting as the verified caller: RLS decides. */
  asCaller(caller: Caller): DbClient;
  get(path: string, handler: RouteHandler): FunctionApp;
  post(path: string, handler: RouteHandler): FunctionApp;
  on(method: Method, path: string, handler: RouteHandler): FunctionApp;
  /** The `(Request) => Promise<Response>` that `makeHandler` returns; routes are fixed from here on. */
  handler(): (request: Request) => Promise<Response>;
}

export function createFunctionApp(name: string, env: FunctionEnv, options: FunctionAppOptions = {}): FunctionApp {
  const auth = createCallerAuth(env, options);
  const log = options.log ?? ((message: string, detail: string) => console.error(message, detail));
  const routes = new Map<string, { method: Method; handler: RouteHandler }[]>();
  let service: DbClient | null = null;
  let built: ((request: Request) => Promise<Response>) | null = null;

  function build(): (request: Request) => Promise<Response> {
    // Not strict: `/<name>` and `/<name>/` are the same route.
    const app = new Hono({ strict: false }).basePath(`/${name}`);
    const methods = [...new Set([...routes.values()].flatMap((list) => list.map((route) => route.method)))];
    if (options.browser) app.use('*', corsMiddleware(originPolicyFromEnv(env), methods));
    for (const [path, list] of routes) {
      for (const route of list) app.on(route.method, path, route.handler);
      // After the path's own methods: any other method on a known path is a 405, not a 404.
      const allow = list.map((route) => route.method).join(', ');
      app.all(path, () =>
        errorResponse(405, 'method_not_allowed', `Use ${list.map((route) => route.method).join(' or ')}.`, { allow }),
      );
    }
    app.notFound(() => errorResponse(404, 'not_found', `${name} has no such route.`));
    app.onError((error) => {
      if (error instanceof HttpError) return httpErrorResponse(error);
      log(`${name} error`, error instanceof Error ? (error.stack ?? error.message) : String(error));
      return errorResponse(500, 'internal_error', 'Something went wrong. Please try again.');
    });
    return async (request) => app.fetch(request);
  }

  const fn: FunctionApp = {
    env,
    auth,
    service: () => (service ??= createServiceClient(env)),
    asCaller: (caller) => createUserClient(env, caller.token),
    get: (path, handler) => fn.on('GET', path, handler),
    post: (path, handler) => fn.on('POST', path, handler),
    on(method, path, handler) {
      if (built) throw new Error(`${name}: routes are fixed once handler() was called`);
      const list = routes.get(path) ?? [];
      list.push({ method, handler });
      routes.set(path, list);
      return fn;
    },
    handler: () => (built ??= build()),
  };
  return fn;
}
