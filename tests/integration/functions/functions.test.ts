import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { FunctionsHttpError } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signJwt } from '../../../supabase/local/core/jwt.ts';
import { startTestStack, type TestStack } from '../support/stack.ts';

const FIXTURE = fileURLToPath(new URL('./fixture/', import.meta.url));

let stack: TestStack;
const logs: string[] = [];

beforeAll(async () => {
  stack = await startTestStack({
    projectDir: FIXTURE,
    functionEnv: { CUSTOM: 'from functionEnv' },
    log: (m) => logs.push(m),
  });
});
afterAll(() => stack.stop());

describe('edge functions host', () => {
  it('invokes a function as a signed-in user with its env injected', async () => {
    const userId = '4f0c2a5e-8d7b-4a1e-9c3f-2b6d8e1a7c90';
    const client = await stack.clientAs(await stack.signUserToken({ sub: userId }));
    const { data, error } = await client.functions.invoke('echo', { body: { name: 'Ada' } });
    expect(error).toBeNull();
    expect(data).toEqual({
      message: 'Hello Ada!',
      method: 'POST',
      path: '/echo',
      search: '',
      role: 'authenticated',
      sub: userId,
      clientReady: true,
      env: {
        SUPABASE_URL: stack.url,
        hasServiceRoleKey: true,
        GREETING: 'Hello from .env',
        FEATURE_FLAG: 'on',
        CUSTOM: 'from functionEnv',
        HOME: null,
      },
    });
  });

  it('passes the anon key through as the bearer for signed-out clients', async () => {
    const { data, error } = await stack.anonClient().functions.invoke('echo', { method: 'GET' });
    expect(error).toBeNull();
    expect(data).toMatchObject({ method: 'GET', role: 'anon', sub: null });
  });

  it('maps a publishable key to the anon JWT as the gateway does', async () => {
    const res = await fetch(`${stack.url}/functions/v1/echo`, { headers: { apikey: stack.config.publishableKey } });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ role: 'anon' });
  });

  it('answers the function own validation errors through FunctionsHttpError', async () => {
    const { data, error } = await stack.anonClient().functions.invoke('echo', { body: { name: '' } });
    expect(data).toBeNull();
    expect(error).toBeInstanceOf(FunctionsHttpError);
    const response = (error as FunctionsHttpError).context as Response;
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: { code: 'invalid_request', message: 'name is required' } });
  });

  it('enforces verify_jwt with the edge runtime 401 bodies', async () => {
    const url = `${stack.url}/functions/v1/echo`;
    const missing = await fetch(url);
    expect(missing.status).toBe(401);
    expect(await missing.json()).toEqual({ msg: 'Error: Missing authorization header' });
    const notBearer = await fetch(url, { headers: { authorization: 'Basic abc' } });
    expect(notBearer.status).toBe(401);
    expect(await notBearer.json()).toEqual({ msg: "Error: Auth header is not 'Bearer {token}'" });
    const forged = await signJwt({ role: 'authenticated', sub: 'x' }, 'another-secret-that-is-at-least-32-chars', 60);
    const invalid = await fetch(url, { headers: { authorization: `Bearer ${forged}` } });
    expect(invalid.status).toBe(401);
    expect(await invalid.json()).toEqual({ msg: 'Invalid JWT' });
    const expired = await signJwt({ role: 'anon', exp: Math.floor(Date.now() / 1000) - 10 }, stack.config.jwtSecret);
    expect((await fetch(url, { headers: { authorization: `Bearer ${expired}` } })).status).toBe(401);
  });

  it('skips verification when verify_jwt = false and routes sub-paths', async () => {
    const res = await fetch(`${stack.url}/functions/v1/public-hook/events/42?x=1`, { method: 'POST', body: 'ping' });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('POST /public-hook/events/42 ping');
    const { data, error } = await stack.anonClient().functions.invoke('public-hook', { body: 'hi' });
    expect(error).toBeNull();
    expect(data).toBe('POST /public-hook hi');
  });

  it('hands OPTIONS preflights to the function, even with verify_jwt', async () => {
    const pre = await fetch(`${stack.url}/functions/v1/public-hook`, { method: 'OPTIONS' });
    expect(pre.status).toBe(204);
    expect(pre.headers.get('x-preflight-by')).toBe('public-hook');
    const echo = await fetch(`${stack.url}/functions/v1/echo`, { method: 'OPTIONS' });
    expect(echo.status).toBe(200);
    expect(await echo.text()).toBe('ok');
  });

  it('answers unknown functions and library folders with 404 Function not found', async () => {
    for (const name of ['nope', '_shared', 'echo%2F..', '9lives']) {
      const res = await fetch(`${stack.url}/functions/v1/${name}`, {
        headers: { authorization: `Bearer ${stack.anonKey}` },
      });
      expect(res.status, name).toBe(404);
      expect(await res.text()).toBe('Function not found');
    }
  });

  it('reports boot failures and thrown errors as the runtime does, and keeps serving', async () => {
    const boot = await fetch(`${stack.url}/functions/v1/broken`);
    expect(boot.status).toBe(503);
    expect(await boot.json()).toEqual({ code: 'BOOT_ERROR', message: 'Worker failed to boot (please check logs)' });
    const thrown = await fetch(`${stack.url}/functions/v1/public-hook/fail`);
    expect(thrown.status).toBe(500);
    expect(await thrown.json()).toEqual({
      code: 'WORKER_ERROR',
      message: 'Function exited due to an error (please check logs)',
    });
    expect(logs.some((l) => l.includes('webhook handler failed on purpose'))).toBe(true);
    expect((await fetch(`${stack.url}/functions/v1/public-hook`)).status).toBe(200);
  });

  it('refuses bodies over the configured limit with 413', async () => {
    const res = await fetch(`${stack.url}/functions/v1/public-hook`, {
      method: 'POST',
      body: 'x'.repeat(stack.config.maxBodyBytes + 1),
    });
    expect(res.status).toBe(413);
  });
});

describe('the same functions under Deno', () => {
  it('type-check with deno check using the supabase/functions/deno.json import map', async () => {
    const run = promisify(execFile);
    const functionsDir = `${FIXTURE}supabase/functions`;
    // Rejects (non-zero exit) on any type or resolution error; Deno caches a passing check silently.
    await run(
      'npx',
      [
        'deno',
        'check',
        '--config',
        `${functionsDir}/deno.json`,
        `${functionsDir}/echo/index.ts`,
        `${functionsDir}/public-hook/index.ts`,
      ],
      { cwd: functionsDir, timeout: 170_000, env: { ...process.env, NO_COLOR: '1' } },
    );
  }, 180_000);
});
