import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { get, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSOLE_BASE_HEADERS } from './security-headers.ts';
import { createStaticSiteServer, isHtmlPage } from './static-server.ts';

const PAGE = '<!doctype html><title>Console</title>';
const PAGE_CSP = "default-src 'self'; frame-ancestors 'none'";

describe('isHtmlPage', () => {
  it.each([
    ['/srv/index.html', true],
    ['/srv/INDEX.HTML', true],
    ['/srv/Index.Htm', true],
    ['/srv/index.html.', true],
    ['/srv/index.html. . ', true],
    ['/srv/index.html::$DATA', true],
    ['/srv/assets/app.js', false],
    ['/srv/html', false],
    ['/srv/favicon.svg', false],
  ])('%s -> %s', (file, page) => {
    expect(isHtmlPage(file)).toBe(page);
  });
});

/**
 * A case-insensitive disk (macOS, Windows) answers /INDEX.HTML and (Windows) /index.html. with
 * index.html; on Linux the same names are separate files, which plays that disk here.
 */
describe('a static site on any disk', () => {
  let root: string;
  let server: Server;
  let port: number;

  beforeAll(async () => {
    root = mkdtempSync(path.join(tmpdir(), 'static-server-'));
    mkdirSync(path.join(root, 'assets'));
    for (const name of ['index.html', 'INDEX.HTML', 'index.html.', 'index.html ', 'about.html']) {
      writeFileSync(path.join(root, name), PAGE);
    }
    writeFileSync(path.join(root, 'assets', 'app.js'), 'console.log(1)');
    server = createStaticSiteServer({
      root,
      pageHeaders: () => ({ 'Content-Security-Policy': PAGE_CSP }),
      baseHeaders: CONSOLE_BASE_HEADERS,
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    rmSync(root, { recursive: true, force: true });
  });

  const request = (pathname: string) =>
    new Promise<{ status: number; headers: IncomingHttpHeaders }>((resolve, reject) => {
      get({ host: '127.0.0.1', port, path: pathname }, (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers }));
      }).on('error', reject);
    });

  it.each(['/', '/index.html', '/INDEX.HTML', '/index.html.', '/index.html%20', '/about.html', '/agents/1'])(
    '%s is a page with its CSP, never raw bytes',
    async (pathname) => {
      const answer = await request(pathname);
      expect(answer.status).toBe(200);
      expect(answer.headers['content-security-policy']).toBe(PAGE_CSP);
      expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(answer.headers['cache-control']).toBe('no-cache');
    },
  );

  it('files, missing assets and refusals still say nobody frames them, nosniff, and a referrer policy', async () => {
    for (const pathname of ['/assets/app.js', '/assets/missing.js', '/%E0%A4%A']) {
      const answer = await request(pathname);
      expect(answer.headers['content-security-policy']).toBe("frame-ancestors 'none'");
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
      expect(answer.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    }
  });
});
