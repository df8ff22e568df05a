import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { getRequestListener } from '@hono/node-server';
import type { HttpService, StackContext } from './core/contracts.ts';
import { parseByteSize } from './core/config.ts';
import { corsHeadersFor, createOriginPolicy } from './core/gateway.ts';
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

/** Headers the gateway adds to every answer (CORS only for an allowed Origin). */
function withGatewayHeaders(response: Response, origin: string | null, close = false): Response {
  const extra: Record<string, string> = origin ? corsHeadersFor(origin) : {};
  extra['X-Content-Type-Options'] = 'nosniff';
  if (close) extra.Connection = 'close';
  const add = (headers: Headers) => {
    for (const [k, v] of Object.entries(extra)) if (!headers.has(k)) headers.set(k, v);
    // Every answer depends on Origin (granted, refused or none), also without a grant: a cache
    // must not hand a no-Origin answer to a CORS fetch, or one origin's answer to another.
    const vary = headers.get('vary');
    if (!vary) headers.set('Vary', 'Origin');
    else if (!/(^|,)\s*(origin|\*)\s*(,|$)/i.test(vary)) headers.set('Vary', `${vary}, Origin`);
  };
  // Hot path: add the headers in place; only responses with immutable headers (Response.error(),
  // redirects, fetched responses) are rebuilt.
  try {
    add(response.headers);
    return response;
  } catch {
    const headers = new Headers(response.headers);
    add(headers);
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  }
}

/** Who sent a request over a socket; in-process calls (the functions' own clients) have none. */
export interface ClientInfo {
  /** The socket's remote address. */
  address: string;
  /** Whether the whole request, body included, has arrived (Node's `IncomingMessage.complete`). */
  requestComplete?: () => boolean;
}

/**
 * Whether to close the connection after this answer: a refused body (any 413, storage's bucket
 * limit included, which it renders as a 400 as hosted Storage does) is left unread, and its rest
 * would otherwise be parsed as the next request on a keep-alive socket, or stall it.
 */
function mustClose(response: Response, client: ClientInfo | undefined): boolean {
  if (!client) return false;
  return response.status === 413 || client.requestComplete?.() === false;
}

/**
 * Headers for the service: locally no proxy stands in front, so a client-supplied
 * x-forwarded-for/x-real-ip is a lie; the socket's address replaces them (functions key rate
 * limits on it, as behind the hosted gateway).
 */
function serviceHeaders(request: Request, client: ClientInfo | undefined, trustForwardedFor: boolean): Headers {
  if (!client) return request.headers;
  const headers = new Headers(request.headers);
  const claimed = headers.get('x-forwarded-for');
  headers.delete('x-real-ip');
  headers.delete('forwarded');
  headers.set('x-forwarded-for', trustForwardedFor && claimed ? claimed : client.address);
  return headers;
}

function rebuild(request: Request, url: string, body: BodyInit | null, headers = request.headers): Request {
  // `duplex` is required by undici for streamed bodies but missing from the DOM RequestInit type.
  const init = {
    method: request.method,
    headers,
    body,
    signal: request.signal,
    duplex: 'half',
  } as RequestInit;
  return new Request(url, init);
}

function stripPrefix(request: Request, prefix: string, headers: Headers): Request {
  const url = new URL(request.url);
  url.pathname = url.pathname.slice(prefix.length) || '/';
  return rebuild(request, url.toString(), METHODS_WITHOUT_BODY.has(request.method) ? null : request.body, headers);
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

/** Auth bodies are a few fields; GoTrue's own inputs (72-byte passwords) never need more. */
export const AUTH_MAX_BODY_BYTES = 64 * 1024;

/** Body limit per mount: storage uploads are bounded by storage's own per-bucket limits instead. */
export function bodyLimitFor(ctx: StackContext, mount: MountName | undefined): number {
  const base = ctx.config.maxBodyBytes;
  if (mount === 'auth') return Math.min(base, AUTH_MAX_BODY_BYTES);
  if (mount !== 'storage') return base;
  let storageLimit: number;
  try {
    storageLimit = parseByteSize(ctx.config.supabaseConfig.storage.file_size_limit) + 1024 * 1024; // multipart framing
  } catch {
    storageLimit = 0;
  }
  return Math.max(base, storageLimit);
}

/** The gateway: one per stack, serving both the socket server and in-process calls (ctx.dispatch). */
export interface FetchHandler {
  (request: Request, client?: ClientInfo): Promise<Response>;
  /** The Origin decision it applies (null = no Origin), reused for websocket upgrades. */
  originPolicy: (origin: string | null) => boolean | null;
}

/**
 * Routes a Web-standard request to the mounted service; never throws. `client` is set for requests
 * that came over a socket (their address becomes x-forwarded-for).
 */
export function createFetchHandler(ctx: StackContext, mounts: Mounts): FetchHandler {
  const originPolicy = createOriginPolicy(ctx.config);
  const handler = async (request: Request, client?: ClientInfo): Promise<Response> => {
    const origin = request.headers.get('origin');
    const allowed = originPolicy(origin);
    const granted = allowed ? origin : null;
    let pathname: string;
    try {
      pathname = new URL(request.url).pathname;
    } catch {
      return withGatewayHeaders(platformErrorResponse(undefined, 'bad_request', 'Invalid request URL'), granted);
    }
    const match = PREFIXES.find(([prefix]) => pathname === prefix || pathname.startsWith(`${prefix}/`));
    const mountName = match?.[1];
    const service = mountName ? mounts[mountName] : undefined;
    if (allowed === false) {
      // Refused before any work, preflights included: no CORS grant, and no side effect for
      // "simple" cross-origin requests a browser sends without asking first.
      ctx.log(`gateway: ${request.method} ${pathname} refused, origin ${origin} is not allowed`);
      return withGatewayHeaders(
        platformErrorResponse(mountName, 'forbidden_origin', `Origin ${origin} is not allowed`),
        null,
      );
    }
    // Functions answer their own preflights; everything else gets the gateway's.
    if (request.method === 'OPTIONS' && !(mountName === 'functions' && service)) {
      return withGatewayHeaders(new Response(null, { status: 200 }), granted);
    }
    if (!match || !service) {
      return withGatewayHeaders(
        Response.json({ message: 'no Route matched with those values' }, { status: 404 }),
        granted,
      );
    }
    const serviceName: ServiceName = mountName!;
    try {
      const limit = bodyLimitFor(ctx, mountName);
      const limited = await limitBody(request, limit);
      if (!limited) {
        ctx.log(`gateway: ${request.method} ${pathname} refused, body over ${limit} bytes`);
        const refused = platformErrorResponse(
          serviceName,
          'payload_too_large',
          `The request body exceeds the limit of ${limit} bytes`,
        );
        return withGatewayHeaders(refused, granted, mustClose(refused, client));
      }
      const headers = serviceHeaders(limited, client, ctx.config.trustForwardedFor);
      const response = await service.handle(stripPrefix(limited, match[0], headers));
      return withGatewayHeaders(response, granted, mustClose(response, client));
    } catch (error) {
      ctx.log(`error: ${request.method} ${pathname}: ${(error as Error)?.stack ?? String(error)}`);
      return withGatewayHeaders(platformErrorResponse(serviceName, 'internal'), granted);
    }
  };
  return Object.assign(handler, { originPolicy });
}

const CLIENT_ERROR_ANSWER =
  'HTTP/1.1 400 Bad Request\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: 59\r\n\r\n' +
  '{"error":{"code":"bad_request","message":"Malformed HTTP"}}';

/**
 * The stack's single HTTP server: `dispatch` (the stack's one gateway, also ctx.dispatch) for
 * ordinary requests, `upgrades` (exact paths, or prefixes written `/prefix/*`) for websockets under
 * the same Origin policy.
 * Malformed HTTP gets a 400 instead of a dropped socket.
 */
export function createHttpServer(
  ctx: StackContext,
  dispatch: FetchHandler,
  upgrades: Record<string, UpgradeHandler> = {},
): Server {
  const { originPolicy } = dispatch;
  const listener = getRequestListener(
    (request, env) =>
      dispatch(request, {
        address: env.incoming.socket.remoteAddress ?? 'unknown',
        requestComplete: () => env.incoming.complete,
      }),
    {
      errorHandler: (error) => {
        ctx.log(`gateway: unreadable request: ${String(error)}`);
        return withGatewayHeaders(platformErrorResponse(undefined, 'bad_request', 'Unreadable request'), null);
      },
    },
  );
  const server = createServer(listener);
  // Node closes idle keep-alive sockets after 5 s, barely above undici's 4 s reuse window: when the
  // one thread is busy (PGlite work, a large seed) both timers expire together and a client can
  // send its next request on a socket the server is closing ("fetch failed"). A longer window,
  // announced in the Keep-Alive header, lets the client retire the socket first.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    if (error.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    socket.end(CLIENT_ERROR_ANSWER);
  });
  server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const path = (request.url ?? '').split('?')[0]?.replace(/\/+$/, '') ?? '';
    const handler =
      upgrades[path] ??
      Object.entries(upgrades).find(([key]) => key.endsWith('/*') && path.startsWith(key.slice(0, -1)))?.[1];
    // Browsers send Origin on websocket upgrades but apply no CORS to them: refuse foreign pages here.
    if (originPolicy(request.headers.origin ?? null) === false) {
      socket.end('HTTP/1.1 403 Forbidden\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      return;
    }
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
