import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { errorBodySchema } from '../contracts/errors.ts';
import { createFunctionApp } from './app.ts';
import { HttpError, jsonResponse } from './errors.ts';
import { originPolicy } from './cors.ts';
import { parseJsonBody, parseQuery } from './validate.ts';

const logged: string[] = [];

function app(values: Record<string, string> = {}) {
  const fn = createFunctionApp(
    'demo',
    { get: (name) => values[name] },
    {
      browser: true,
      log: (message) => logged.push(message),
    },
  );
  fn.post('/', async (c) => {
    const body = await parseJsonBody(c.req.raw, z.object({ name: z.string().min(1) }).strict());
    return jsonResponse({ hello: body.name });
  });
  fn.get('/items', (c) => jsonResponse(parseQuery(c.req.raw, z.object({ page: z.coerce.number().int().min(1) }))));
  fn.post('/teapot', () => {
    throw new HttpError(429, 'rate_limited', 'Slow down.', { 'retry-after': '3' });
  });
  fn.post('/crash', () => {
    throw new Error('secret database detail');
  });
  return fn.handler();
}

const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  new Request(`http://functions.test/demo${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

async function errorOf(response: Response) {
  return errorBodySchema.parse(await response.json()).error;
}

describe('function routing', () => {
  it('routes under /<name> and answers 404 not_found elsewhere', async () => {
    const handle = app();
    expect(await (await handle(post('/', { name: 'Ada' }))).json()).toEqual({ hello: 'Ada' });
    const missing = await handle(post('/nowhere', {}));
    expect(missing.status).toBe(404);
    expect((await errorOf(missing)).code).toBe('not_found');
    expect((await handle(new Request('http://functions.test/other', { method: 'POST' }))).status).toBe(404);
  });

  it('answers 405 method_not_allowed with Allow for another method on a known route', async () => {
    const handle = app();
    const wrong = await handle(new Request('http://functions.test/demo', { method: 'DELETE' }));
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get('allow')).toBe('POST');
    expect((await errorOf(wrong)).code).toBe('method_not_allowed');
    expect((await handle(new Request('http://functions.test/demo/items?page=1', { method: 'POST' }))).status).toBe(405);
  });
});

describe('validation', () => {
  it('answers 400 invalid_request with the issues in details for a body or query outside the schema', async () => {
    const handle = app();
    const bad = await handle(post('/', { name: '' }));
    expect(bad.status).toBe(400);
    const error = await errorOf(bad);
    expect(error.code).toBe('invalid_request');
    expect(error.message).toMatch(/^name: /);
    expect(error.details).toEqual({ issues: [{ path: 'name', message: expect.any(String) }] });
    const extra = await errorOf(await handle(post('/', { name: 'Ada', admin: true })));
    expect(extra.code).toBe('invalid_request');
    const query = await handle(new Request('http://functions.test/demo/items?page=zero'));
    expect(query.status).toBe(400);
    expect((await errorOf(query)).code).toBe('invalid_request');
    expect(await (await handle(new Request('http://functions.test/demo/items?page=2'))).json()).toEqual({ page: 2 });
  });

  it('answers malformed, non-JSON and oversized bodies with their own 4xx', async () => {
    const handle = app();
    const malformed = await handle(post('/', '{nope'));
    expect([malformed.status, (await errorOf(malformed)).code]).toEqual([400, 'invalid_json']);
    const text = await handle(post('/', 'name=Ada', { 'content-type': 'text/plain' }));
    expect([text.status, (await errorOf(text)).code]).toEqual([415, 'unsupported_media_type']);
    const huge = await handle(post('/', { name: 'x'.repeat(70_000) }));
    expect([huge.status, (await errorOf(huge)).code]).toEqual([413, 'payload_too_large']);
  });
});

describe('error shape', () => {
  it('answers a thrown HttpError with its status, code, message and headers', async () => {
    const response = await app()(post('/teapot', {}));
    expect(response.status).toBe(429);
    expect(response.headers.get('retry-after')).toBe('3');
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await response.json()).toEqual({ error: { code: 'rate_limited', message: 'Slow down.' } });
  });

  it('answers anything else 500 internal_error without leaking it, and logs it', async () => {
    logged.length = 0;
    const response = await app()(post('/crash', {}));
    expect(response.status).toBe(500);
    const text = await response.text();
    expect(text).not.toContain('secret database detail');
    expect(JSON.parse(text)).toEqual({
      error: { code: 'internal_error', message: 'Something went wrong. Please try again.' },
    });
    expect(logged).toEqual(['demo error']);
  });
});

describe('CORS', () => {
  const preflight = (origin: string) =>
    new Request('http://functions.test/demo', {
      method: 'OPTIONS',
      headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
    });
  const allowed = { FUNCTIONS_ALLOWED_ORIGINS: 'http://localhost:5180, https://*.agents.example.com' };

  it('answers a preflight from an allowed origin with 204 and the headers supabase-js needs', async () => {
    const response = await app(allowed)(preflight('https://bakery.agents.example.com'));
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('https://bakery.agents.example.com');
    expect(response.headers.get('access-control-allow-methods')).toContain('POST');
    const headers = response.headers.get('access-control-allow-headers') ?? '';
    for (const name of ['authorization', 'apikey', 'content-type', 'x-client-info', 'x-visitor-key']) {
      expect(headers).toContain(name);
    }
    expect(response.headers.get('vary')).toContain('Origin');
  });

  it('refuses a foreign origin with 403 origin_not_allowed before any work, preflight or not', async () => {
    const handle = app(allowed);
    const refused = await handle(preflight('https://evil.example.net'));
    expect(refused.status).toBe(403);
    expect(refused.headers.get('access-control-allow-origin')).toBeNull();
    expect((await errorOf(refused)).code).toBe('origin_not_allowed');
    const direct = await handle(post('/', { name: 'Ada' }, { origin: 'https://evil.example.net' }));
    expect(direct.status).toBe(403);
  });

  it('adds the headers to answers and errors, and allows any origin when no list is configured', async () => {
    const handle = app(allowed);
    const ok = await handle(post('/', { name: 'Ada' }, { origin: 'http://localhost:5180' }));
    expect(ok.headers.get('access-control-allow-origin')).toBe('http://localhost:5180');
    const limited = await handle(post('/teapot', {}, { origin: 'http://localhost:5180' }));
    expect(limited.headers.get('access-control-allow-origin')).toBe('http://localhost:5180');
    expect(limited.headers.get('access-control-expose-headers')).toContain('retry-after');
    const open = await app()(preflight('https://anywhere.example.org'));
    expect(open.status).toBe(204);
    expect(open.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('matches wildcard origins one label deep, same scheme and port only', () => {
    const policy = originPolicy('https://*.agents.example.com, http://localhost:5180, not an origin');
    expect(policy.allows('https://bakery.agents.example.com')).toBe(true);
    expect(policy.allows('https://a.b.agents.example.com')).toBe(false);
    expect(policy.allows('https://agents.example.com')).toBe(false);
    expect(policy.allows('http://bakery.agents.example.com')).toBe(false);
    expect(policy.allows('https://bakery.agents.example.com:8443')).toBe(false);
    expect(policy.allows('https://evilagents.example.com')).toBe(false);
    expect(policy.allows('http://localhost:5180')).toBe(true);
    expect(policy.allows('http://localhost:5181')).toBe(false);
    expect(policy.allows('null')).toBe(false);
  });
});
