import { fork } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BackendProcess, BackendHost } from './backendHost.ts';

vi.mock('electron', () => ({ utilityProcess: { fork: () => ({}) } }));
const { startBackendHost } = await import('./backendHost.ts');

/**
 * backendHost against real child processes: the smoke stub's way of running a utility process
 * (Node's child_process.fork + electron/smoke/parent-port-shim.mjs), with a fake backend that
 * speaks the same protocol (fixtures/fake-backend.mjs). The real bundle runs in electron/smoke.
 */
const shim = new URL('../../smoke/parent-port-shim.mjs', import.meta.url).href;
const fakeBackend = fileURLToPath(new URL('./fixtures/fake-backend.mjs', import.meta.url));

const pids: number[] = [];
function forkWith(env: Record<string, string>) {
  const forks: string[] = [];
  const forkBackend = (entry: string): BackendProcess => {
    forks.push(entry);
    const child = fork(entry, [], { execArgv: ['--import', shim], env: { ...process.env, ...env }, stdio: 'ignore' });
    if (child.pid) pids.push(child.pid);
    const proc = Object.assign(new EventEmitter(), {
      postMessage: (m: unknown) => void (child.connected && child.send(m as object)),
      kill: () => child.kill('SIGKILL'),
    });
    child.on('message', (m) => proc.emit('message', m));
    child.on('exit', (code) => proc.emit('exit', code ?? 1));
    return proc as unknown as BackendProcess;
  };
  return { forkBackend, forks };
}

async function options(env: Record<string, string>, extra: Partial<Parameters<typeof startBackendHost>[0]> = {}) {
  const userDataDir = await mkdtemp(path.join(os.tmpdir(), 'concierge-host-'));
  const { forkBackend, forks } = forkWith(env);
  const log: string[] = [];
  return {
    forks,
    log,
    userDataDir,
    opts: {
      appDir: '/opt/concierge',
      userDataDir,
      env: {},
      log: (m: string) => log.push(m),
      allowedOrigins: ['app://concierge'],
      backendEntry: fakeBackend,
      fork: forkBackend,
      ...extra,
    },
  };
}

const hosts: BackendHost[] = [];
afterEach(async () => {
  await Promise.all(hosts.splice(0).map((h) => h.stop()));
  for (const pid of pids.splice(0)) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
});

async function until(check: () => boolean, ms = 5000) {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('backend host', () => {
  it('starts the bundled backend in a utility process and answers its URL and key', async () => {
    const { opts, forks, log, userDataDir } = await options({ FAKE_BACKEND: 'ok' });
    const host = await startBackendHost(opts);
    hosts.push(host);
    expect(host.config).toEqual({
      supabaseUrl: 'http://127.0.0.1:40000',
      supabaseAnonKey: 'anon-key',
      mode: 'embedded',
    });
    expect(forks).toEqual([fakeBackend]);
    // The start command carried the app folder and a data dir under userData, port 0 (any free one).
    expect(log).toContain(`backend: start port=0 dataDir=${path.join(userDataDir, 'backend', 'db')}`);
  });

  it('uses a hosted project without starting any process', async () => {
    const { opts, forks } = await options({ FAKE_BACKEND: 'ok' });
    const host = await startBackendHost({
      ...opts,
      env: { CONCIERGE_SUPABASE_URL: 'https://abc.supabase.co', CONCIERGE_SUPABASE_ANON_KEY: 'k' },
    });
    expect(host.config.mode).toBe('hosted');
    expect(forks).toEqual([]);
  });

  it('rejects with the backend’s own error when it fails before it is ready', async () => {
    const { opts } = await options({ FAKE_BACKEND: 'fail' });
    await expect(startBackendHost(opts)).rejects.toThrow('Data dir is in use by process 42');
  });

  it('restarts a backend that died, on the same port', async () => {
    const marker = path.join(await mkdtemp(path.join(os.tmpdir(), 'concierge-marker-')), 'crashed');
    const { opts, forks, log } = await options({ FAKE_BACKEND: 'crash-once', FAKE_BACKEND_MARKER: marker });
    const host = await startBackendHost(opts);
    hosts.push(host);
    await until(() => log.includes('backend: restarted'));
    expect(forks).toHaveLength(2);
    expect(log).toContain('backend: the process exited (code 3); restarting on port 40000');
    expect(log).toContain('backend: start port=40000 dataDir=' + path.join(opts.userDataDir, 'backend', 'db'));
  });

  it('reports clearly once restarts are used up', async () => {
    const marker = path.join(await mkdtemp(path.join(os.tmpdir(), 'concierge-marker-')), 'crashed');
    const onFatal = vi.fn();
    const { opts, forks } = await options(
      { FAKE_BACKEND: 'crash-once', FAKE_BACKEND_MARKER: marker },
      { maxRestarts: 0, onFatal },
    );
    const host = await startBackendHost(opts);
    hosts.push(host);
    await until(() => onFatal.mock.calls.length > 0);
    expect(onFatal.mock.calls[0]?.[0]).toMatch(/stopped \(code 3\).*restart Concierge/);
    expect(forks).toHaveLength(1);
  });

  it('stops gracefully, and kills a backend that does not stop in time', async () => {
    const { opts, log } = await options({ FAKE_BACKEND: 'stubborn' }, { stopTimeoutMs: 200 });
    const host = await startBackendHost(opts);
    await host.stop();
    expect(log).toContain('backend: did not stop in time; killing it');

    const graceful = await options({ FAKE_BACKEND: 'ok' });
    const okHost = await startBackendHost(graceful.opts);
    await okHost.stop();
    expect(graceful.log).not.toContain('backend: did not stop in time; killing it');
  });

  it('ignores malformed messages from the process', async () => {
    const { opts, log } = await options({ FAKE_BACKEND: 'ok' });
    const realFork = opts.fork;
    const host = await startBackendHost({
      ...opts,
      fork: (entry) => {
        const proc = realFork(entry) as unknown as EventEmitter;
        setTimeout(() => proc.emit('message', { type: 'ready', url: 'file:///etc', anonKey: '' }), 0);
        return proc as unknown as BackendProcess;
      },
    });
    hosts.push(host);
    expect(host.config.supabaseUrl).toBe('http://127.0.0.1:40000');
    expect(log).toContain('backend: ignored a malformed message');
  });
});
