/**
 * The standalone relay process: Node's http server + `ws`, for production calls that
 * outlive edge functions' wall-clock limits. Built to one file by `npm run build:relay`
 * (dist-relay/relay.mjs) and run with `node dist-relay/relay.mjs`; deploy/relay/ has the container.
 *
 * Env: PORT (default 8080), HOST (default 0.0.0.0), RELAY_DRAIN_SECONDS (default 300) and the
 * function env (SUPABASE_URL, SUPABASE_SERVICE_ROLE_KEY, TWILIO_*, PHONE_RELAY_URL, OPENAI_*…).
 * SIGTERM/SIGINT drain: health answers 503, new upgrades 503, live calls go on until they end or
 * the deadline (then each says a short goodbye), then the process exits 0.
 *
 * This is the one Node-only file of the function folder (a host, never deployed as a function).
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { WebSocket, WebSocketServer } from 'ws';
import { healthResponse, makeHandler, makeRelay, type Relay } from './handler.ts';
import type { FunctionEnv } from '../_shared/platform/env.ts';

export interface RelayServer {
  server: Server;
  port: number;
  /** Drains (no new calls, live calls until they end or the deadline), then closes the server. */
  shutdown(deadlineMs: number): Promise<void>;
}

function headersOf(request: IncomingMessage): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else if (value !== undefined) headers.set(name, value);
  }
  return headers;
}

async function writeResponse(socket: Duplex, response: Response): Promise<void> {
  const body = await response.text();
  const head = [`HTTP/1.1 ${response.status} ${response.statusText || 'Error'}`, 'Connection: close'];
  response.headers.forEach((value, name) => head.push(`${name}: ${value}`));
  head.push(`Content-Length: ${Buffer.byteLength(body)}`);
  socket.end(`${head.join('\r\n')}\r\n\r\n${body}`);
}

export async function startRelayServer(options: {
  relay: Relay;
  env: FunctionEnv;
  port?: number;
  host?: string;
}): Promise<RelayServer> {
  const { relay } = options;
  const http = makeHandler(options.env, relay);
  const wss = new WebSocketServer({ noServer: true, maxPayload: 256 * 1024 });
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://relay');
    // The process serves the relay at its root as well as under /phone-relay.
    const answer =
      url.pathname === '/health' ? healthResponse(relay) : http(new Request(url, { method: request.method }));
    response.writeHead(answer.status, Object.fromEntries(answer.headers));
    void answer.text().then((text) => response.end(request.method === 'HEAD' ? undefined : text));
  });
  server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = new URL(request.url ?? '/', 'http://relay');
    void relay
      .admit(url, headersOf(request))
      .then(async (admitted) => {
        if (!admitted.ok) return writeResponse(socket, admitted.response);
        wss.handleUpgrade(request, socket, head, (ws) => admitted.session(ws, admitted.upgrade));
      })
      .catch(() => socket.destroy());
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve));
  return {
    server,
    port: (server.address() as AddressInfo).port,
    async shutdown(deadlineMs) {
      await relay.drain(deadlineMs);
      wss.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Runs a relay as a process: listens on PORT, drains on SIGTERM/SIGINT, then exits 0. */
export async function runRelayProcess(env: FunctionEnv, given?: Relay): Promise<RelayServer> {
  // supabase-js' realtime client needs a WebSocket global, which Node 20 does not have.
  globalThis.WebSocket ??= WebSocket as unknown as typeof globalThis.WebSocket;
  const relay = given ?? makeRelay(env);
  const running = await startRelayServer({
    relay,
    env,
    port: Number(env.get('PORT') ?? 8080),
    host: env.get('HOST') ?? '0.0.0.0',
  });
  const drainMs = Number(env.get('RELAY_DRAIN_SECONDS') ?? 300) * 1000;
  console.log(`phone-relay listening on ${running.port}`);
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`phone-relay ${signal}: draining ${relay.activeCalls()} live call(s), up to ${drainMs / 1000} s`);
    void running.shutdown(drainMs).then(
      () => {
        console.log('phone-relay drained');
        process.exit(0);
      },
      (error: unknown) => {
        console.error('phone-relay drain failed', error);
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
  return running;
}

export function processEnv(): FunctionEnv {
  return { get: (name) => process.env[name] };
}
