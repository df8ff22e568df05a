import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { getRequestListener } from '@hono/node-server';
import type { HttpService, StackContext } from './core/contracts.ts';
import { parseByteSize } from './core/config.ts';
import { CORS_HEADERS } from './core/gateway.ts';
import { platformErrorResponse, type ServiceName } from './platform/errors.ts';

export interface Mounts {
  rest?: HttpService;
  auth?: HttpService;
  storage?: HttpService;
  functions?: HttpService;
  /** Platform routes under /_local (inbox, health). */
  local?: HttpService;
}

/** Takes over a websocket upgrade (the socket belongs to the handler afterwards). */
export type UpgradeHandler = (request: IncomingMessage, socket: Duplex, head: Buffer) => void;

type MountName = keyof Mounts;

const PREFIXES: [string, MountName][] = [
  ['/rest/v1', 'rest'],
  ['/auth/v1', 'auth'],
  ['/storage/v1', 'storage'],
  ['/functions/v1', 'functions'],
  ['/_local', 'local'],
];

const METHODS_WITHOUT_BODY = new Set(['GET', 'HEAD', 'OPTIONS']);

function withCors(response: Response): Response {
  // Hot path: add the headers in place; only responses with immutable headers (Response.error(),
  // redirects, fetched responses) are rebuilt.
  try {
    for (const [k, v] of Object.entries(CORS_HEADERS)) if (!response.headers.has(k)) response.headers.set(k, v);
    return response;
  } catch {
    const headers = new Headers(response.headers);
    for (const [k, v] of Object.entries(CORS_HEADERS)) if (!headers.has(k)) headers.set(k, v);
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  }
}

function rebuild(request: Request, url: string, body: BodyInit | null): Request {
  // `duplex` is required by undici for streamed bodies but missing from the DOM RequestInit type.
  const init = {
    method: request.method,
    headers: request.headers,
    body,
    signal: request.signal,
    duplex: 'half',
  } as RequestInit;
  return new Request(url, init);
}

function stripPrefix(request: Request, prefix: string): Request {
  const url = new URL(request.url);
  url.pathname = url.pathname.slice(prefix.length) || '/';
  return rebuild(request, url.toString(), METHODS_WITHOUT_BODY.has(request.method) ? null : request.body);
}

/**
 * Applies the body limit: a declared Content-Length over the limit is refused before reading; a
 * chunked body is read up to the limit (then refused) and handed on as a buffer.
 */
async function limitBody(request: Request, limit: number): Promise<Request | null> {
  if (METHODS_WITHOUT_BODY.has(request.method) || !request.body) return request;
  const declared = request.headers.get('content-length');
  if (declared !== null) {
    const length = Number(declared);
    return Number.isFinite(length) && length > limit ? null : request;
  }
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      await reader.cancel().catch(() => {});
      return null;
    }
    chunks.push(value);
  }
  return rebuild(request, request.url, Buffer.concat(chunks));
}

export interface FetchHandlerOptions {
  /** Limit for every prefix; storage gets at least its configured file size limit plus headroom. */
  maxBodyBytes?: number;
}

/** Body limit per mount: storage uploads are bounded by storage's own per-bucket limits instead. */
export function bodyLimitFor(ctx: StackContext, mount: MountName | undefined): number {
  const base = ctx.config.maxBodyBytes;
  if (mount !== 'storage') return base;
  let storageLimit: number;
  try {
    storageLimit = parseByteSize(ctx.config.supabaseConfig.storage.file_size_limit) + 1024 * 1024; // multipart framing
  } catch {
    storageLimit = 0;
  }
  return Math.max(base, storageLimit);
}

/** Routes a Web-standard request to the mounted service; never throws. */
export function createFetchHandler(ctx: StackContext, mounts: Mounts) {
  return async (request: Request): Promise<Response> => {
    let pathname: string;
    try {
      pathname = new URL(request.url).pathname;
    } catch {
      return withCors(platformErrorResponse(undefined, 'bad_request', 'Invalid request URL'));
    }
    const match = PREFIXES.find(([prefix]) => pathname === prefix || pathname.startsWith(`${prefix}/`));
    const mountName = match?.[1];
    const service = mountName ? mounts[mountName] : undefined;
    // Functions answer their own preflights (reference §1); everything else gets the gateway's.
    if (request.method === 'OPTIONS' && !(mountName === 'functions' && service)) {
      return new Response(null, { status: 200, headers: CORS_HEADERS });
    }
    if (!match || !service) {
      return withCors(Response.json({ message: 'no Route matched with those values' }, { status: 404 }));
    }
    const serviceName: ServiceName = mountName!;
    try {
      const limit = bodyLimitFor(ctx, mountName);
      const limited = await limitBody(request, limit);
      if (!limited) {
        ctx.log(`gateway: ${request.method} ${pathname} refused, body over ${limit} bytes`);
        return withCors(
          platformErrorResponse(
            serviceName,
            'payload_too_large',
            `The request body exceeds the limit of ${limit} bytes`,
          ),
        );
      }
      return withCors(await service.handle(stripPrefix(limited, match[0])));
    } catch (error) {
      ctx.log(`error: ${request.method} ${pathname}: ${(error as Error)?.stack ?? String(error)}`);
      return withCors(platformErrorResponse(serviceName, 'internal'));
    }
  };
}

const CLIENT_ERROR_ANSWER =
  'HTTP/1.1 400 Bad Request\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: 59\r\n\r\n' +
  '{"error":{"code":"bad_request","message":"Malformed HTTP"}}';

/**
 * The stack's single HTTP server: the fetch handler for ordinary requests, `upgrades` (exact
 * paths) for websockets. Malformed HTTP gets a 400 instead of a dropped socket.
 */
export function createHttpServer(
  ctx: StackContext,
  mounts: Mounts,
  upgrades: Record<string, UpgradeHandler> = {},
): Server {
  const listener = getRequestListener(ctx.dispatch ?? createFetchHandler(ctx, mounts), {
    errorHandler: (error) => {
      ctx.log(`gateway: unreadable request: ${String(error)}`);
      return withCors(platformErrorResponse(undefined, 'bad_request', 'Unreadable request'));
    },
  });
  const server = createServer(listener);
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    if (error.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    socket.end(CLIENT_ERROR_ANSWER);
  });
  server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const path = (request.url ?? '').split('?')[0]?.replace(/\/+$/, '') ?? '';
    const handler = upgrades[path];
    if (!handler) {
      socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    try {
      handler(request, socket, head);
    } catch (error) {
      ctx.log(`error: upgrade ${path}: ${(error as Error)?.stack ?? String(error)}`);
      socket.destroy();
    }
  });
  return server;
}
