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
 * Security headers of the console and the public site as `npm start` serves them
 * (createAppServers over minimal built apps): every response is nosniff with a referrer policy;
 * pages carry a CSP; a foreign web origin can frame neither the console nor an agent page, and the
 * widget view only from the domain its owner configured.
 */
let cast: Cast;
let dir: string;
let consolePort: number;
let sitePort: number;
const servers: Server[] = [];

/** An inline script that reached the page somehow (e.g. through page rewriting): never allowed. */
const STRAY_SCRIPT = 'window.strayScript = 1;';

function builtApp(name: string, title: string, extraHead = ''): string {
  const root = path.join(dir, name);
  mkdirSync(path.join(root, 'assets'), { recursive: true });
  writeFileSync(
    path.join(root, 'index.html'),
    `<!doctype html><html><head><title>${title}</title><script type="module" src="/assets/app.js"></script>${extraHead}</head><body><div id="root"></div></body></html>`,
  );
  writeFileSync(path.join(root, 'assets', 'app.js'), 'console.log("app");');
  return root;
}

async function listen(server: Server): Promise<number> {
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/** GET on loopback with the given Host header (Node cannot resolve `*.localhost`). */
function request(port: number, pathname: string, host = `localhost:${port}`): Promise<Answer> {
  return new Promise((resolve, reject) => {
    get({ host: '127.0.0.1', port, path: pathname, headers: { host } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    }).on('error', reject);
  });
}

const site = (subdomain: string, pathname = '/') => request(sitePort, pathname, `${subdomain}.localhost:${sitePort}`);

function directive(answer: Answer, name: string): string[] {
  const csp = String(answer.headers['content-security-policy'] ?? '');
  const found = csp.split(';').find((d) => d.trim().split(' ')[0] === name);
  return found ? found.trim().split(' ').slice(1) : [];
}

/**
 * Whether a browser on `origin` may frame the page, per its frame-ancestors (the host-source forms
 * these policies use: 'none', 'self', host:* and *.host:*, scheme-less on an http page).
 */
function frameableBy(answer: Answer, origin: string): boolean {
  const sources = directive(answer, 'frame-ancestors');
  if (sources.length === 0) return true;
  const host = new URL(origin).hostname;
  return sources.some((source) => {
    const name = source.replace(/:\*$/, '');
    if (name.startsWith('*.')) return host.endsWith(name.slice(1));
    return !name.startsWith("'") && host === name;
  });
}

function expectBaseHeaders(answer: Answer): void {
  expect(answer.headers['x-content-type-options']).toBe('nosniff');
  expect(answer.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
}

async function createAgent(actor: Cast['owner'], subdomain: string): Promise<string> {
  const { data, error } = await actor.client
    .from('agents')
    .insert({ user_id: actor.id, name: `Agent ${subdomain}`, subdomain })
    .select('id')
    .single();
  if (error || !data) throw new Error(error?.message);
  return (data as { id: string }).id;
}

beforeAll(async () => {
  cast = await startCast();
  dir = mkdtempSync(path.join(tmpdir(), 'concierge-headers-'));
  const { consoleServer, siteServer } = createAppServers({
    stack: cast.stack,
    consoleDir: builtApp('console', 'Concierge'),
    siteDir: builtApp('site', 'Concierge', `<script>${STRAY_SCRIPT}</script>`),
    runtimeConfig: () => ({ supabaseUrl: cast.stack.url, supabaseAnonKey: cast.stack.anonKey }),
  });
  consolePort = await listen(consoleServer);
  sitePort = await listen(siteServer);
  await recordAgentSiteUrl(cast.stack, `http://{agent}.localhost:${sitePort}`);

  // Owner A's agent has a widget on shop.example.com and Google Analytics on its page.
  const shop = await createAgent(cast.owner, 'hdr-shop');
  const widget = await cast.owner.client.rpc('configure_web_widget', { agent_id: shop, domain: 'shop.example.com' });
  if (widget.error) throw new Error(widget.error.message);
  const branding = await cast.owner.client
    .from('agents')
    .update({
      branding: { integrations: { google_analytics: { enabled: true, value: 'G-ABCDEF1234' } } },
    })
    .eq('id', shop);
  if (branding.error) throw new Error(branding.error.message);
  // Owner B's agent has its widget on evil.example and none of this may leak to A's pages.
  const other = await createAgent(cast.otherOwner, 'hdr-other');
  const otherWidget = await cast.otherOwner.client.rpc('configure_web_widget', {
    agent_id: other,
    domain: 'evil.example',
  });
  if (otherWidget.error) throw new Error(otherWidget.error.message);
});

afterAll(async () => {
  for (const server of servers) await new Promise((resolve) => server.close(resolve));
  await cast?.stack.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('console headers', () => {
  it('a foreign web origin cannot frame the console, and its scripts come only from itself', async () => {
    const page = await request(consolePort, '/agents/1/dashboard');
    expect(page.status).toBe(200);
    expectBaseHeaders(page);
    expect(directive(page, 'frame-ancestors')).toEqual(["'none'"]);
    expect(frameableBy(page, 'https://evil.example')).toBe(false);
    expect(directive(page, 'script-src')).toEqual(["'self'"]);
    expect(directive(page, 'connect-src')).toEqual(
      expect.arrayContaining([cast.stack.url, cast.stack.url.replace(/^http/, 'ws')]),
    );
  });

  it("a foreign web origin cannot frame the Branding preview page either; only the console's own pages can", async () => {
    const preview = await request(consolePort, '/preview.html');
    expectBaseHeaders(preview);
    expect(directive(preview, 'frame-ancestors')).toEqual(["'self'"]);
    expect(frameableBy(preview, 'https://evil.example')).toBe(false);
    expect(directive(preview, 'script-src')).toEqual(["'self'"]);
    // The app frames only its own origin (that page), nothing foreign.
    expect(directive(await request(consolePort, '/agents/1/branding'), 'frame-src')).toEqual(["'self'"]);
  });

  it('files, runtime config and missing assets are nosniff too, and no foreign origin frames them', async () => {
    for (const pathname of ['/assets/app.js', '/concierge.config.json', '/assets/missing.js']) {
      const answer = await request(consolePort, pathname);
      expectBaseHeaders(answer);
      expect(frameableBy(answer, 'https://evil.example')).toBe(false);
    }
    // A case-insensitive disk maps these names to index.html: still the page, with its full CSP.
    for (const pathname of ['/INDEX.HTML', '/index.html.']) {
      expect(directive(await request(consolePort, pathname), 'script-src')).toEqual(["'self'"]);
    }
    const asset = await request(consolePort, '/assets/app.js');
    expect(asset.headers['content-type']).toMatch(/javascript/);
  });
});

describe('public site headers', () => {
  it('an anon visitor gets an agent page that no other site may frame', async () => {
    const page = await site('hdr-shop');
    expectBaseHeaders(page);
    expect(directive(page, 'frame-ancestors')).toEqual(["'none'"]);
    expect(frameableBy(page, 'https://shop.example.com')).toBe(false);
    expect(directive(page, 'frame-src')).toEqual(['https://www.youtube-nocookie.com']);
    expectBaseHeaders(await site('hdr-shop', '/assets/app.js'));
  });

  it("an anon visitor's page carries no tracking script; its CSP allows only the enabled trackers' hosts", async () => {
    const page = await site('hdr-shop');
    // Tracking starts in the browser after consent: the server writes no tracker into the HTML.
    expect(page.body).not.toContain('googletagmanager');
    expect(page.body).not.toContain("gtag('config'");
    const scripts = directive(page, 'script-src');
    expect(scripts).toEqual(["'self'", 'https://*.googletagmanager.com']);
    // Any inline script in the HTML (an injection through page rewriting) stays blocked.
    expect(page.body).toContain(STRAY_SCRIPT);
    expect(scripts.some((source) => source.startsWith("'sha256-") || source === "'unsafe-inline'")).toBe(false);
    // Owner B's page has no tracking: no tracker host.
    expect(directive(await site('hdr-other'), 'script-src')).toEqual(["'self'"]);
  });

  it('an anon visitor asking for an unknown agent address gets HTTP 404 with the not-found page', async () => {
    const unknown = await site('no-such-agent');
    expect(unknown.status).toBe(404);
    expectBaseHeaders(unknown);
    expect(unknown.body).toContain('<title>Agent Not Found</title>');
    expect(unknown.body).toContain('<div id="root"></div>');
    expect((await site('no-such-agent', '/about')).status).toBe(404);
    expect((await request(sitePort, '/')).status).toBe(404);
    expect((await site('hdr-shop')).status).toBe(200);
    expect((await request(sitePort, '/test-agent')).status).toBe(200);
  });

  it('the widget view can be framed by the widget domain and its subdomains, not by a foreign origin', async () => {
    const widget = await site('hdr-shop', '/?embed=widget');
    expectBaseHeaders(widget);
    expect(frameableBy(widget, 'https://shop.example.com')).toBe(true);
    expect(frameableBy(widget, 'https://www.shop.example.com')).toBe(true);
    expect(frameableBy(widget, 'https://evil.example')).toBe(false);
    expect(frameableBy(widget, 'https://shop.example.com.evil.example')).toBe(false);
  });

  it("owner B's widget domain cannot frame owner A's agent", async () => {
    expect(frameableBy(await site('hdr-shop', '/?embed=widget'), 'https://evil.example')).toBe(false);
    expect(frameableBy(await site('hdr-other', '/?embed=widget'), 'https://evil.example')).toBe(true);
  });

  it('an agent without a widget, an unknown agent and the bare host frame nobody', async () => {
    expect(directive(await site('demo', '/?embed=widget'), 'frame-ancestors')).toEqual(["'none'"]);
    expect(directive(await site('no-such-agent', '/?embed=widget'), 'frame-ancestors')).toEqual(["'none'"]);
    expect(directive(await request(sitePort, '/?embed=widget'), 'frame-ancestors')).toEqual(["'none'"]);
  });

  it('the widget loader script is nosniff JavaScript', async () => {
    const loader = await site('hdr-shop', '/api/live-audio-widget');
    expectBaseHeaders(loader);
    expect(loader.headers['content-type']).toMatch(/javascript/);
    expect(loader.body).toContain('shop.example.com');
  });
});
