import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { get, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordAgentSiteUrl } from '../../../scripts/lib/agent-site.ts';
import { createAppServers } from '../../../scripts/lib/app-servers.ts';
import { startCast, type Cast } from './support/actors.ts';

/**
 * A renamed agent's old address, as `npm start` serves the public site: a
 * visitor's page and the owner website's widget script on the old subdomain get a 302 to the same
 * path on the new one; a name nobody left is served as before.
 */
let cast: Cast;
let dir: string;
let sitePort: number;
let server: Server | undefined;

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/** GET on loopback with the given Host header (Node cannot resolve `*.localhost`). */
function site(subdomain: string, pathname = '/'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    get(
      { host: '127.0.0.1', port: sitePort, path: pathname, headers: { host: `${subdomain}.localhost:${sitePort}` } },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    ).on('error', reject);
  });
}

beforeAll(async () => {
  cast = await startCast();
  dir = mkdtempSync(path.join(tmpdir(), 'concierge-redirect-'));
  const root = path.join(dir, 'site');
  mkdirSync(path.join(root, 'assets'), { recursive: true });
  writeFileSync(path.join(root, 'index.html'), '<!doctype html><html><head><title>Site</title></head></html>');
  writeFileSync(path.join(root, 'assets', 'app.js'), 'console.log("app");');
  const { siteServer } = createAppServers({
    stack: cast.stack,
    consoleDir: root,
    siteDir: root,
    runtimeConfig: () => ({}),
  });
  server = siteServer;
  await new Promise<void>((resolve) => siteServer.listen(0, '127.0.0.1', resolve));
  sitePort = (siteServer.address() as AddressInfo).port;
  await recordAgentSiteUrl(cast.stack, `http://{agent}.localhost:${sitePort}`);

  const { data, error } = await cast.owner.client
    .from('agents')
    .insert({ user_id: cast.owner.id, name: 'Bakery', subdomain: 'site-old-bakery' })
    .select('id')
    .single();
  if (error || !data) throw new Error(error?.message);
  const id = (data as { id: string }).id;
  const widget = await cast.owner.client.rpc('configure_web_widget', { agent_id: id, domain: 'bakery.example.com' });
  if (widget.error) throw new Error(widget.error.message);
  const renamed = await cast.owner.client.from('agents').update({ subdomain: 'site-new-bakery' }).eq('id', id);
  if (renamed.error) throw new Error(renamed.error.message);
});

afterAll(async () => {
  if (server) await new Promise((resolve) => server!.close(resolve));
  await cast?.stack.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('a renamed subdomain on the public site', () => {
  it('a visitor on the old address is sent to the same page on the new one', async () => {
    const answer = await site('site-old-bakery', '/chat?lang=fr');
    expect(answer.status).toBe(302);
    expect(answer.headers.location).toBe(`http://site-new-bakery.localhost:${sitePort}/chat?lang=fr`);
  });

  it("the owner website's widget script on the old address leads to the loader on the new one", async () => {
    const answer = await site('site-old-bakery', '/api/live-audio-widget');
    expect(answer.status).toBe(302);
    expect(answer.headers.location).toBe(`http://site-new-bakery.localhost:${sitePort}/api/live-audio-widget`);
    const loader = await site('site-new-bakery', '/api/live-audio-widget');
    expect(loader.status).toBe(200);
    expect(loader.body).toContain('bakery.example.com');
    expect(loader.body).toContain(`site-new-bakery.localhost:${sitePort}/?embed=widget`);
  });

  it('the new address, a name nobody left, and files are served as before', async () => {
    expect((await site('site-new-bakery')).status).toBe(200);
    expect((await site('never-renamed')).status).not.toBe(302);
    expect((await site('site-old-bakery', '/assets/app.js')).status).toBe(200);
  });
});
