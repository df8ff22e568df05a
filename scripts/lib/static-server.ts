import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import path from 'node:path';
import { contentType } from 'mime-types';
import { BASE_SECURITY_HEADERS, type Tracker } from './security-headers.ts';

export interface StaticSiteOptions {
  /** Folder with the built single-page app (index.html at its root). */
  root: string;
  /** Extra JSON documents served at the given paths (e.g. /concierge.config.json). */
  json?: Record<string, () => unknown>;
  /** Dynamic answers tried before files (e.g. the agent's widget script); null = not handled. */
  route?: (
    request: IncomingMessage,
  ) => Promise<{ status: number; headers: Record<string, string>; body: string } | null>;
  /** Rewrites index.html per request (e.g. meta tags per agent host); default unchanged. */
  transformIndex?: (html: string, request: IncomingMessage) => Promise<string | Page> | string | Page;
  /**
   * Headers of a page (index.html as finally sent), e.g. its Content-Security-Policy. Every
   * response, files and errors included, carries `baseHeaders` anyway.
   */
  pageHeaders?: (request: IncomingMessage, page: Page) => Promise<Record<string, string>> | Record<string, string>;
  /** Headers on every response (files, errors, pages); default BASE_SECURITY_HEADERS. */
  baseHeaders?: Readonly<Record<string, string>>;
}

/** A page about to be sent. */
export interface Page {
  html: string;
  /** e.g. 404 for the public site's not-found page; default 200. */
  status?: number;
  /** Trackers the page may load (after the visitor's consent): the only script hosts its CSP adds. */
  trackers?: readonly Tracker[];
}

/**
 * Whether a file path names an HTML page, the way the disk that serves it may read the name:
 * case-insensitively (macOS, Windows), with trailing dots and spaces or an NTFS `::$DATA` stream
 * suffix ignored (Windows). Such a request reaches a page and must get the page's headers.
 */
export function isHtmlPage(filePath: string): boolean {
  const name = path
    .basename(filePath)
    .toLowerCase()
    .replace(/::\$data$/, '')
    .replace(/[. ]+$/, '');
  return name.endsWith('.html') || name.endsWith('.htm');
}

/** Resolves a URL path inside `root`, refusing anything that escapes it. */
export function resolveInside(root: string, urlPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath.split('?')[0] ?? '/');
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  const full = path.resolve(root, `.${path.posix.normalize(`/${decoded}`)}`);
  return full === root || full.startsWith(`${root}${path.sep}`) ? full : null;
}

/**
 * Serves a built single-page app: real files when they exist, index.html for every other GET
 * (client-side routes), hashed assets cached for a year, index.html never cached.
 */
export function createStaticSiteServer(options: StaticSiteOptions): Server {
  const root = path.resolve(options.root);
  const baseHeaders = options.baseHeaders ?? BASE_SECURITY_HEADERS;
  return createServer((req, res) => {
    for (const [name, value] of Object.entries(baseHeaders)) res.setHeader(name, value);
    handle(req, res).catch((error: unknown) => {
      res.statusCode = 500;
      res.end(String(error));
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD' }).end();
      return;
    }
    const urlPath = (req.url ?? '/').split('?')[0] ?? '/';
    // Apps fetch their config relative to the current page, so deep client routes ask for
    // e.g. /agents/concierge.config.json: match on the file name.
    const jsonKey = Object.keys(options.json ?? {}).find((k) => urlPath === k || urlPath.endsWith(k));
    const json = jsonKey ? options.json?.[jsonKey] : undefined;
    if (json) {
      res
        .writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' })
        .end(JSON.stringify(json()));
      return;
    }
    const routed = options.route ? await options.route(req) : null;
    if (routed) {
      res.writeHead(routed.status, routed.headers).end(req.method === 'HEAD' ? undefined : routed.body);
      return;
    }
    const file = resolveInside(root, urlPath);
    if (!file) {
      res.writeHead(400).end('Bad path');
      return;
    }
    const info = await stat(file).catch(() => null);
    // Every HTML file is answered as a page (transform, CSP, frame-ancestors), never as raw bytes.
    if (info?.isFile() && isHtmlPage(file)) {
      await sendPage(req, res, file);
      return;
    }
    if (info?.isFile()) {
      const ext = path.extname(file).toLowerCase();
      const immutable = file.includes(`${path.sep}assets${path.sep}`);
      res.writeHead(200, {
        'Content-Type': contentType(ext) || 'application/octet-stream',
        'Content-Length': info.size,
        'Cache-Control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
      });
      if (req.method === 'HEAD') res.end();
      else createReadStream(file).pipe(res);
      return;
    }
    // A missing asset is a real 404; anything else is a client-side route.
    if (path.extname(urlPath) && urlPath.startsWith('/assets/')) {
      res.writeHead(404).end('Not found');
      return;
    }
    await sendPage(req, res, path.join(root, 'index.html'));
  }

  async function sendPage(req: IncomingMessage, res: ServerResponse, file: string): Promise<void> {
    const built = await readFile(file, 'utf8');
    const transformed = options.transformIndex ? await options.transformIndex(built, req) : built;
    const page: Page = typeof transformed === 'string' ? { html: transformed } : transformed;
    const pageHeaders = options.pageHeaders ? await options.pageHeaders(req, page) : {};
    res.writeHead(page.status ?? 200, {
      ...pageHeaders,
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'no-cache',
    });
    res.end(req.method === 'HEAD' ? undefined : page.html);
  }
}
