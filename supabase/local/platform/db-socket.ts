import { createServer } from 'node:net';
import type { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';

export interface DbSocket {
  /** postgresql:// URL for tools (supabase gen types / db advisors / psql). */
  url: string;
  port: number;
  stop(): Promise<void>;
}

async function freePort(host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, host, () => {
      const address = probe.address();
      probe.close(() =>
        address && typeof address === 'object' ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/**
 * Exposes the in-process PGlite on a loopback Postgres wire socket (pglite-socket) for CLI tooling.
 * PGlite has one backend: the socket server queues each client's messages and runs them one at a
 * time between the stack's own queries, so a tool must not hold a transaction open for long (the
 * supabase CLI's introspection queries don't). Meant for tooling, not for application traffic.
 */
export async function startDbSocket(db: PGlite, options: { port?: number; host?: string } = {}): Promise<DbSocket> {
  const host = options.host ?? '127.0.0.1';
  const port = options.port || (await freePort(host));
  const server = new PGLiteSocketServer({ db, host, port, maxConnections: 8 });
  await server.start();
  return {
    url: `postgresql://postgres:postgres@${host}:${port}/postgres`,
    port,
    stop: () => server.stop(),
  };
}
