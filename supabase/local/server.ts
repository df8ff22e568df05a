import { createServer, type Server } from 'node:http';
import { getRequestListener } from '@hono/node-server';
import type { HttpService, StackContext } from './core/contracts.ts';
import { CORS_HEADERS } from './core/gateway.ts';

export interface Mounts {
  rest?: HttpService;
  auth?: HttpService;
  storage?: HttpService;
  functions?: HttpService;
  /** Extra routes under /_local (inbox, health). */
  local?: HttpService;
}

const PREFIXES: [string, keyof Mounts][] = [
  ['/rest/v1', 'rest'],
  ['/auth/v1', 'auth'],
  ['/storage/v1', 'storage'],
  ['/functions/v1', 'functions'],
  ['/_local', 'local'],
];

function withCors(response: Response): Response {
  const headers = new Headers(response.headers);
  for (const [k, v] of Object.entries(CORS_HEADERS)) if (!headers.has(k)) headers.set(k, v);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

function stripPrefix(request: Request, prefix: string): Request {
  const url = new URL(request.url);
  url.pathname = url.pathname.slice(prefix.length) || '/';
  return new Request(url, request);
}

/** Routes a Web-standard request to the mounted service; never throws. */
export function createFetchHandler(ctx: StackContext, mounts: Mounts) {
  return async (request: Request): Promise<Response> => {
    const { pathname } = new URL(request.url);
    const match = PREFIXES.find(([prefix]) => pathname === prefix || pathname.startsWith(`${prefix}/`));
    const service = match ? mounts[match[1]] : undefined;
    if (!match || !service) {
      return withCors(Response.json({ message: 'no Route matched with those values' }, { status: 404 }));
    }
    // Functions answer their own preflights (reference §1); everything else gets the gateway's.
    if (request.method === 'OPTIONS' && match[1] !== 'functions') {
      return new Response(null, { status: 200, headers: CORS_HEADERS });
    }
    try {
      return withCors(await service.handle(stripPrefix(request, match[0])));
    } catch (error) {
      ctx.log(`error: ${request.method} ${pathname}: ${(error as Error).stack ?? String(error)}`);
      return withCors(Response.json({ code: 'internal_error', message: 'Internal server error' }, { status: 500 }));
    }
  };
}

export function createHttpServer(ctx: StackContext, mounts: Mounts): Server {
  return createServer(getRequestListener(createFetchHandler(ctx, mounts)));
}
