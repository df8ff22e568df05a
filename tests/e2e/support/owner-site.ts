import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * An owner's own website for web widget tests: a plain page on loopback, not a page of ours (so
 * not under our CSP), on which a test adds the widget's script tag.
 */
export interface OwnerSite {
  /** The site's page under a host name (the widget is configured for `localhost`). */
  url(host: 'localhost' | '127.0.0.1'): string;
  close(): Promise<void>;
}

export async function startOwnerSite(): Promise<OwnerSite> {
  const server: Server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>Owner website</title><p>Hi</p>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: (host) => `http://${host}:${port}/`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
