import { createHash } from 'node:crypto';
import { statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseByteRange } from './media.ts';

/**
 * Test support: a loopback HTTP server that serves named files as Storage does (Range → 206) and
 * can cut a transfer once after N bytes, ignore ranges or refuse, to exercise the downloader.
 */
export interface FileServer {
  url(name: string): string;
  put(name: string, bytes: Buffer): { size: number; sha256: string };
  /**
   * The next transfer of `name` stops (connection destroyed) after `bytes` bytes. With `partFile`,
   * the cut waits (up to 5 s) until the client has written those bytes there: a stream that errors
   * drops the chunks its reader has not taken yet, so on a busy machine an immediate cut could leave
   * nothing to resume from.
   */
  cutOnce(name: string, bytes: number, partFile?: string): void;
  ignoreRanges(on: boolean): void;
  /** The Range header of every request, per file. */
  requests: { name: string; range: string | null }[];
  close(): Promise<void>;
}

export async function startFileServer(): Promise<FileServer> {
  const files = new Map<string, Buffer>();
  const cuts = new Map<string, { bytes: number; partFile: string | undefined }>();
  let ignore = false;
  const requests: FileServer['requests'] = [];
  const server: Server = createServer((req, res) => {
    const name = decodeURIComponent((req.url ?? '/').slice(1).split('?')[0] ?? '');
    const body = files.get(name);
    const range = req.headers.range ?? null;
    requests.push({ name, range });
    if (!body) {
      res.writeHead(404).end();
      return;
    }
    const parsed = ignore ? null : parseByteRange(range, body.length);
    if (parsed === 'unsatisfiable') {
      res.writeHead(416, { 'content-range': `bytes */${body.length}` }).end();
      return;
    }
    const { start, end } = parsed ?? { start: 0, end: body.length - 1 };
    const slice = body.subarray(start, end + 1);
    res.writeHead(parsed ? 206 : 200, {
      'content-length': String(slice.length),
      ...(parsed ? { 'content-range': `bytes ${start}-${end}/${body.length}` } : {}),
    });
    const cut = cuts.get(name);
    if (cut !== undefined) {
      cuts.delete(name);
      const deadline = Date.now() + 5_000;
      const written = () => {
        try {
          return cut.partFile === undefined || statSync(cut.partFile).size >= cut.bytes;
        } catch {
          return false;
        }
      };
      const destroyWhenWritten = () => {
        if (written() || Date.now() > deadline) res.destroy();
        else setTimeout(destroyWhenWritten, 10);
      };
      res.write(slice.subarray(0, cut.bytes), () => setTimeout(destroyWhenWritten, 20));
      return;
    }
    res.end(slice);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: (name) => `http://127.0.0.1:${port}/${encodeURIComponent(name)}`,
    put(name, bytes) {
      files.set(name, bytes);
      return { size: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') };
    },
    cutOnce: (name, bytes, partFile) => cuts.set(name, { bytes, partFile }),
    ignoreRanges: (on) => {
      ignore = on;
    },
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Deterministic bytes of a given length. */
export function bytesOf(length: number, seed = 7): Buffer {
  return Buffer.from(Array.from({ length }, (_, i) => (i * seed + (i >> 8)) % 256));
}
