import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { handleAppProtocol } from './appProtocol.ts';

/** The app:// handler over a real folder, with Electron's `protocol.handle` captured. */
const captured = vi.hoisted(() => ({ handler: null as null | ((request: Request) => Promise<Response>) }));

vi.mock('electron', () => ({
  protocol: {
    handle: (_scheme: string, handler: (request: Request) => Promise<Response>) => {
      captured.handler = handler;
    },
    registerSchemesAsPrivileged: () => {},
  },
}));

let root: string;
let secretDir: string;

async function get(url: string): Promise<Response> {
  if (!captured.handler) throw new Error('handler not registered');
  return captured.handler(new Request(url));
}

beforeAll(async () => {
  secretDir = await mkdtemp(path.join(os.tmpdir(), 'concierge-app-protocol-'));
  root = path.join(secretDir, 'renderer');
  await mkdir(path.join(root, 'assets'), { recursive: true });
  await writeFile(path.join(root, 'index.html'), '<!doctype html><div id="root"></div>');
  await writeFile(path.join(root, 'assets', 'app.js'), 'console.log(1)');
  await writeFile(path.join(secretDir, 'secret.txt'), 'do not serve');
  handleAppProtocol({
    rendererDir: root,
    runtimeConfig: async () => ({ supabaseUrl: 'http://127.0.0.1:54321', supabaseAnonKey: 'anon' }),
    contentSecurityPolicy: async () => "default-src 'self'",
  });
});

afterAll(async () => {
  await rm(secretDir, { recursive: true, force: true });
});

describe('app:// protocol', () => {
  it('serves index.html with the CSP', async () => {
    const res = await get('app://concierge/');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    expect(res.headers.get('content-security-policy')).toBe("default-src 'self'");
    expect(await res.text()).toContain('id="root"');
  });

  it('serves assets with their type and no CSP', async () => {
    const res = await get('app://concierge/assets/app.js');
    expect(res.headers.get('content-type')).toMatch(/javascript/);
    expect(res.headers.get('content-security-policy')).toBeNull();
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('answers client routes with index.html', async () => {
    const res = await get('app://concierge/agents/42/dashboard');
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('id="root"');
  });

  it('serves the runtime config from memory, uncached', async () => {
    const res = await get('app://concierge/concierge.config.json');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.json()).toEqual({ supabaseUrl: 'http://127.0.0.1:54321', supabaseAnonKey: 'anon' });
  });

  it('gives 404 for a missing asset instead of the SPA', async () => {
    expect((await get('app://concierge/assets/missing.js')).status).toBe(404);
  });

  it('never serves files outside the renderer folder', async () => {
    for (const url of [
      'app://concierge/..%2fsecret.txt',
      'app://concierge/%2e%2e/secret.txt',
      'app://concierge/../secret.txt',
      'app://concierge/assets/..%5c..%5csecret.txt',
    ]) {
      const res = await get(url);
      expect(await res.text(), url).not.toContain('do not serve');
      expect([403, 404], url).toContain(res.status);
    }
  });
});
