import { once } from 'node:events';
import { connect, type AddressInfo } from 'node:net';
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PGlite } from '@electric-sql/pglite';
import { resolveStackConfig } from './core/config.ts';
import type { HttpService, Mailer, StackContext } from './core/contracts.ts';
import { createHttpServer, createFetchHandler, type Mounts } from './server.ts';

/** A mounted service that echoes what it received, or throws for /boom. */
const echo: HttpService = {
  async handle(request) {
    const url = new URL(request.url);
    if (url.pathname === '/boom') throw new Error('service exploded');
    if (url.pathname === '/moved') return Response.redirect('http://example.test/elsewhere', 302);
    // A service refusing a body by its own limit, without reading it (storage's bucket limits).
    if (url.pathname === '/too-large') return Response.json({ message: 'too large' }, { status: 413 });
    if (url.pathname === '/varies') return new Response('x', { headers: { Vary: 'Accept-Encoding' } });
    if (url.pathname === '/refused') return Response.json({ statusCode: '413' }, { status: 400 });
    const body = request.body ? await request.text() : '';
    return Response.json({
      method: request.method,
      path: url.pathname,
      search: url.search,
      bytes: body.length,
      forwardedFor: request.headers.get('x-forwarded-for'),
      realIp: request.headers.get('x-real-ip'),
    });
  },
};

const logs: string[] = [];
let ctx: StackContext;
let base: string;
let server: ReturnType<typeof createHttpServer>;

beforeAll(async () => {
  const config = await resolveStackConfig({
    projectDir: '/nonexistent-project',
    dataDir: null,
    port: 0,
    maxBodyBytes: 1024,
    allowedOrigins: ['http://console.test:5180', 'http://*.sites.test:5181'],
  });
  // The gateway never touches the database or the mailer; these stand-ins make that explicit.
  ctx = { config, db: {} as PGlite, mailer: {} as Mailer, log: (m) => logs.push(m), onSchemaChange: () => {} };
  const mounts: Mounts = { rest: echo, auth: echo, storage: echo, functions: echo };
  server = createHttpServer(ctx, createFetchHandler(ctx, mounts));
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('gateway', () => {
  it('strips the prefix and keeps the query string and body', async () => {
    const res = await fetch(`${base}/rest/v1/posts?select=id`, { method: 'POST', body: 'hello' });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ method: 'POST', path: '/posts', search: '?select=id', bytes: 5 });
  });

  it('answers preflights itself except for functions', async () => {
    const pre = await fetch(`${base}/rest/v1/posts`, {
      method: 'OPTIONS',
      headers: { origin: 'http://console.test:5180' },
    });
    expect(pre.status).toBe(200);
    expect(pre.headers.get('access-control-allow-origin')).toBe('http://console.test:5180');
    expect(pre.headers.get('access-control-allow-headers')).toContain('apikey');
    expect(pre.headers.get('access-control-allow-methods')).toContain('PATCH');
    const fn = await fetch(`${base}/functions/v1/hello`, { method: 'OPTIONS' });
    expect(await fn.json()).toMatchObject({ method: 'OPTIONS', path: '/hello' });
  });

  it('adds CORS headers to responses whose headers are immutable', async () => {
    const res = await fetch(`${base}/auth/v1/moved`, {
      redirect: 'manual',
      headers: { origin: 'http://demo.sites.test:5181' },
    });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('http://example.test/elsewhere');
    expect(res.headers.get('access-control-allow-origin')).toBe('http://demo.sites.test:5181');
    expect(res.headers.get('vary')).toBe('Origin');
  });

  it('answers unknown routes with a CORS-enabled 404', async () => {
    const res = await fetch(`${base}/graphql/v1`, { headers: { origin: 'http://console.test:5180' } });
    expect(res.status).toBe(404);
    expect(res.headers.get('access-control-allow-origin')).toBe('http://console.test:5180');
    expect(await res.json()).toEqual({ message: 'no Route matched with those values' });
  });

  it('refuses a declared body over the limit with 413 in each service shape', async () => {
    const big = 'x'.repeat(2000);
    const rest = await fetch(`${base}/rest/v1/posts`, { method: 'POST', body: big });
    expect(rest.status).toBe(413);
    expect(await rest.json()).toMatchObject({ code: 'PGRST413', hint: null, message: expect.any(String) });
    const auth = await fetch(`${base}/auth/v1/signup`, { method: 'POST', body: big });
    expect(auth.status).toBe(413);
    expect(auth.headers.get('x-supabase-api-version')).toBe('2024-01-01');
    expect(await auth.json()).toEqual({ code: 'request_too_large', message: expect.any(String) });
  });

  it('lets storage take bodies up to its file size limit', async () => {
    const res = await fetch(`${base}/storage/v1/object/b/a.txt`, { method: 'POST', body: 'x'.repeat(5000) });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ bytes: 5000 });
  });

  it('counts chunked bodies too', async () => {
    const status = await new Promise<number>((resolve, reject) => {
      const req = httpRequest(
        `${base}/rest/v1/posts`,
        { method: 'POST', headers: { 'transfer-encoding': 'chunked' } },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.on('error', reject);
      for (let i = 0; i < 5; i++) req.write('y'.repeat(400));
      req.end();
    });
    expect(status).toBe(413);
    const small = await new Promise<string>((resolve, reject) => {
      const req = httpRequest(
        `${base}/rest/v1/posts`,
        { method: 'POST', headers: { 'transfer-encoding': 'chunked' } },
        (res) => {
          let text = '';
          res.on('data', (c) => (text += c));
          res.on('end', () => resolve(text));
        },
      );
      req.on('error', reject);
      req.write('abc');
      req.end('def');
    });
    expect(JSON.parse(small)).toMatchObject({ bytes: 6 });
  });

  it('turns a throwing service into a logged 500 JSON answer', async () => {
    const res = await fetch(`${base}/rest/v1/boom`);
    expect(res.status).toBe(500);
    expect(await res.json()).toMatchObject({ code: 'PGRST500', message: 'Internal server error' });
    const fn = await fetch(`${base}/functions/v1/boom`);
    expect(fn.status).toBe(500);
    expect(await fn.json()).toEqual({
      code: 'WORKER_ERROR',
      message: 'Function exited due to an error (please check logs)',
    });
    expect(logs.some((l) => l.includes('service exploded'))).toBe(true);
  });

  it('answers malformed HTTP with 400 and keeps serving', async () => {
    const socket = connect((server.address() as AddressInfo).port, '127.0.0.1');
    await once(socket, 'connect');
    socket.write('GARBAGE\r\n\r\n');
    let answer = '';
    socket.on('data', (c) => (answer += c));
    await once(socket, 'close');
    expect(answer).toMatch(/^HTTP\/1\.1 400/);
    expect((await fetch(`${base}/rest/v1/ok`)).status).toBe(200);
  });

  it('grants CORS to no other origin and refuses its requests, preflights included', async () => {
    for (const origin of ['http://evil.test', 'null', 'http://console.test:5181', 'http://a.b.sites.test:5181']) {
      const pre = await fetch(`${base}/rest/v1/posts`, {
        method: 'OPTIONS',
        headers: { origin, 'access-control-request-method': 'POST' },
      });
      expect(pre.status).toBe(403);
      expect(pre.headers.get('access-control-allow-origin')).toBeNull();
      const simple = await fetch(`${base}/auth/v1/signup`, { method: 'POST', headers: { origin }, body: '{}' });
      expect(simple.status).toBe(403);
      expect(simple.headers.get('access-control-allow-origin')).toBeNull();
      expect(await simple.json()).toMatchObject({ code: 'origin_not_allowed' });
      const fn = await fetch(`${base}/functions/v1/hello`, { method: 'OPTIONS', headers: { origin } });
      expect(fn.status).toBe(403);
    }
    // Servers and tests send no Origin: served, without CORS headers.
    const plain = await fetch(`${base}/rest/v1/posts`);
    expect(plain.status).toBe(200);
    expect(plain.headers.get('access-control-allow-origin')).toBeNull();
  });

  it("grants the API's own origin (the inbox page)", async () => {
    const origin = new URL(ctx.config.apiUrl).origin;
    const res = await fetch(`${base}/rest/v1/posts`, { headers: { origin } });
    expect(res.headers.get('access-control-allow-origin')).toBe(origin);
  });

  it('tells services the socket address, never a client-supplied one', async () => {
    const res = await fetch(`${base}/functions/v1/who`, {
      headers: { 'x-forwarded-for': '203.0.113.9', 'x-real-ip': '203.0.113.10' },
    });
    expect(await res.json()).toMatchObject({ forwardedFor: '127.0.0.1', realIp: null });
  });

  it('says every answer varies by Origin, granted or not, keeping what the service varies by', async () => {
    const plain = await fetch(`${base}/rest/v1/posts`);
    expect(plain.headers.get('access-control-allow-origin')).toBeNull();
    expect(plain.headers.get('vary')).toBe('Origin');
    const granted = await fetch(`${base}/rest/v1/posts`, { headers: { origin: 'http://console.test:5180' } });
    expect(granted.headers.get('vary')).toBe('Origin');
    const refused = await fetch(`${base}/rest/v1/posts`, { headers: { origin: 'http://evil.test' } });
    expect(refused.status).toBe(403);
    expect(refused.headers.get('vary')).toBe('Origin');
    expect((await fetch(`${base}/rest/v1/varies`)).headers.get('vary')).toBe('Accept-Encoding, Origin');
    expect((await fetch(`${base}/nowhere`)).headers.get('vary')).toBe('Origin');
  });

  it('marks every answer nosniff', async () => {
    const res = await fetch(`${base}/storage/v1/object/public/b/a.html`);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('closes a keep-alive connection after a 413 instead of reading the unwanted body', async () => {
    // A client that stops uploading once refused and reuses the socket: without a close, its next
    // request would be swallowed as the rest of the declared body and the connection would hang.
    const socket = connect((server.address() as AddressInfo).port, '127.0.0.1');
    await once(socket, 'connect');
    let answer = '';
    socket.on('data', (c) => (answer += c));
    socket.write(
      'POST /rest/v1/posts HTTP/1.1\r\nHost: x\r\nConnection: keep-alive\r\nContent-Length: 1000000\r\n\r\nxx',
    );
    socket.write('GET /rest/v1/next HTTP/1.1\r\nHost: x\r\n\r\n');
    await once(socket, 'close');
    expect(answer).toMatch(/^HTTP\/1\.1 413/);
    expect(answer.toLowerCase()).toContain('connection: close');
    // Keep-alive clients (fetch) get the 413 and carry on with a fresh connection.
    const refused = await fetch(`${base}/rest/v1/posts`, { method: 'POST', body: new Uint8Array(64 * 1024) });
    expect(refused.status).toBe(413);
    expect((await fetch(`${base}/rest/v1/ok`)).status).toBe(200);
  });

  /** Sends `head` and `body` on a fresh keep-alive socket, then a second request; the whole answer. */
  async function keepAlive(head: string, body: string): Promise<{ answer: string; closed: boolean }> {
    const socket = connect((server.address() as AddressInfo).port, '127.0.0.1');
    await once(socket, 'connect');
    let answer = '';
    socket.on('data', (c) => (answer += c));
    socket.write(`${head}\r\nHost: x\r\nConnection: keep-alive\r\n\r\n${body}`);
    socket.write('GET /rest/v1/next HTTP/1.1\r\nHost: x\r\n\r\n');
    const closed = await Promise.race([
      once(socket, 'close').then(() => true),
      new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 2000)),
    ]);
    socket.destroy();
    return { answer, closed };
  }

  it("closes the connection after a service's own 413, body read or not", async () => {
    const small = await keepAlive('POST /storage/v1/too-large HTTP/1.1\r\nContent-Length: 2', 'xx');
    expect(small.answer).toMatch(/^HTTP\/1\.1 413/);
    expect(small.answer.toLowerCase()).toContain('connection: close');
    expect(small.closed).toBe(true);
    const partial = await keepAlive('POST /functions/v1/too-large HTTP/1.1\r\nContent-Length: 900', 'xx');
    expect(partial.answer).toMatch(/^HTTP\/1\.1 413/);
    expect(partial.answer.toLowerCase()).toContain('connection: close');
    expect(partial.closed).toBe(true);
  });

  it('closes the connection when a service answers before the body has arrived (any status)', async () => {
    const { answer, closed } = await keepAlive('POST /storage/v1/refused HTTP/1.1\r\nContent-Length: 900', 'xx');
    expect(answer).toMatch(/^HTTP\/1\.1 400/);
    expect(answer.toLowerCase()).toContain('connection: close');
    expect(closed).toBe(true);
  });

  it('keeps an ordinary keep-alive connection open', async () => {
    const { answer, closed } = await keepAlive('POST /rest/v1/posts HTTP/1.1\r\nContent-Length: 2', 'xx');
    expect(answer.match(/HTTP\/1\.1 200/g)).toHaveLength(2);
    expect(closed).toBe(false);
  });

  it('never throws from the fetch handler, even with an unknown mount', async () => {
    const handler = createFetchHandler(ctx, {});
    const res = await handler(new Request('http://x/rest/v1/posts'));
    expect(res.status).toBe(404);
  });
});
