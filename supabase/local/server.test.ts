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
    const body = request.body ? await request.text() : '';
    return Response.json({ method: request.method, path: url.pathname, search: url.search, bytes: body.length });
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
  });
  // The gateway never touches the database or the mailer; these stand-ins make that explicit.
  ctx = { config, db: {} as PGlite, mailer: {} as Mailer, log: (m) => logs.push(m), onSchemaChange: () => {} };
  const mounts: Mounts = { rest: echo, auth: echo, storage: echo, functions: echo };
  server = createHttpServer(ctx, mounts);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('gateway', () => {
  it('strips the prefix and keeps the query string and body', async () => {
    const res = await fetch(`${base}/rest/v1/posts?select=id`, { method: 'POST', body: 'hello' });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(await res.json()).toEqual({ method: 'POST', path: '/posts', search: '?select=id', bytes: 5 });
  });

  it('answers preflights itself except for functions', async () => {
    const pre = await fetch(`${base}/rest/v1/posts`, { method: 'OPTIONS' });
    expect(pre.status).toBe(200);
    expect(pre.headers.get('access-control-allow-headers')).toContain('apikey');
    expect(pre.headers.get('access-control-allow-methods')).toContain('PATCH');
    const fn = await fetch(`${base}/functions/v1/hello`, { method: 'OPTIONS' });
    expect(await fn.json()).toMatchObject({ method: 'OPTIONS', path: '/hello' });
  });

  it('adds CORS headers to responses whose headers are immutable', async () => {
    const res = await fetch(`${base}/auth/v1/moved`, { redirect: 'manual' });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('http://example.test/elsewhere');
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('answers unknown routes with a CORS-enabled 404', async () => {
    const res = await fetch(`${base}/graphql/v1`);
    expect(res.status).toBe(404);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
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

  it('never throws from the fetch handler, even with an unknown mount', async () => {
    const handler = createFetchHandler(ctx, {});
    const res = await handler(new Request('http://x/rest/v1/posts'));
    expect(res.status).toBe(404);
  });
});
