/**
 * A minimal loopback host for relay session handlers (Node http + ws, noServer), for tests and
 * benches that exercise a session without the local stack: an upgrade on a registered path is
 * handed to its `RelaySessionHandler` with the public URL Twilio would have signed. The product's
 * hosts (local stack, standalone relay) do the same with their own routing, health and drain.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { WebSocketServer } from 'ws';
import type { RelaySessionHandler, RelaySocket } from '../../supabase/functions/phone-relay/socket.ts';

export interface RelayTestHost {
  /** ws://127.0.0.1:port */
  url: string;
  /** The public base the sessions see (what Twilio signs), e.g. wss://relay.test */
  publicBase: string;
  close(): Promise<void>;
}

export async function startRelayTestHost(
  routes: Map<string, RelaySessionHandler>,
  publicBase = 'wss://relay.test',
): Promise<RelayTestHost> {
  const wss = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 });
  const server: Server = createServer((_req, res) => res.writeHead(426).end());
  const sockets = new Set<Socket>();
  server.on('connection', (socket: Socket) => {
    socket.setNoDelay(true);
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  server.on('upgrade', (req, socket: Socket, head) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const handler = routes.get(url.pathname);
    if (!handler) {
      socket.end('HTTP/1.1 404 Not Found\r\nconnection: close\r\ncontent-length: 0\r\n\r\n');
      return;
    }
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) if (typeof value === 'string') headers.set(name, value);
    wss.handleUpgrade(req, socket, head, (ws) =>
      handler(ws as unknown as RelaySocket, { url, publicUrl: `${publicBase}${url.pathname}`, headers }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `ws://127.0.0.1:${port}`,
    publicBase,
    close: () =>
      new Promise<void>((resolve) => {
        for (const client of wss.clients) client.terminate();
        for (const socket of sockets) socket.destroy();
        wss.close();
        server.close(() => resolve());
      }),
  };
}
