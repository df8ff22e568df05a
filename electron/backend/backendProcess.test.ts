import { EventEmitter } from 'node:events';
import { describe, expect, it, vi } from 'vitest';
import type { BackendEvent } from './protocol.ts';
import { runBackendProcess, type BackendProcessDeps } from './backendProcess.ts';

/** The utility process's side of the protocol, with a fake parentPort and a fake stack. */
function harness(startStack: BackendProcessDeps['startStack']) {
  const port = new EventEmitter();
  const sent: BackendEvent[] = [];
  const exit = vi.fn();
  const registry = { 'agent-chat': async () => ({}) };
  runBackendProcess({ on: (e, l) => port.on(e, l), postMessage: (m) => sent.push(m) }, registry, { startStack, exit });
  const send = (data: unknown) => port.emit('message', { data });
  const flush = () => new Promise((r) => setTimeout(r, 0));
  return { send, sent, exit, flush, registry };
}

const start = {
  type: 'start',
  projectDir: '/opt/concierge',
  dataDir: '/home/u/.config/Concierge/backend/db',
  port: 0,
  allowedOrigins: ['app://concierge'],
  schedule: true,
};

describe('backend utility process', () => {
  it('starts the stack with the bundled registry and bootstrap folder, then reports ready', async () => {
    const stop = vi.fn(async () => {});
    const startStack = vi.fn(async () => ({ url: 'http://127.0.0.1:5000', anonKey: 'anon', stop }));
    const h = harness(startStack);
    h.send(start);
    await h.flush();
    expect(startStack).toHaveBeenCalledWith(
      expect.objectContaining({
        projectDir: '/opt/concierge',
        port: 0,
        schedule: true,
        bundled: { functions: h.registry, bootstrapDir: '/opt/concierge/supabase/local/bootstrap' },
      }),
    );
    expect(h.sent).toContainEqual({ type: 'ready', url: 'http://127.0.0.1:5000', anonKey: 'anon' });
    h.send({ type: 'stop' });
    await h.flush();
    expect(stop).toHaveBeenCalledOnce();
    expect(h.sent.at(-1)).toEqual({ type: 'stopped' });
    expect(h.exit).toHaveBeenCalledWith(0);
  });

  it('reports a failed start and exits 1', async () => {
    const h = harness(async () => Promise.reject(new Error('migration 2026_x.sql: syntax error')));
    h.send(start);
    await h.flush();
    expect(h.sent).toContainEqual({ type: 'error', message: 'migration 2026_x.sql: syntax error' });
    expect(h.exit).toHaveBeenCalledWith(1);
  });

  it('a stop during the start closes the stack once it is up', async () => {
    let finish: (v: { url: string; anonKey: string; stop: () => Promise<void> }) => void = () => {};
    const stop = vi.fn(async () => {});
    const h = harness(() => new Promise((resolve) => (finish = resolve)));
    h.send(start);
    h.send({ type: 'stop' });
    finish({ url: 'http://127.0.0.1:5000', anonKey: 'anon', stop });
    await h.flush();
    await h.flush();
    expect(stop).toHaveBeenCalledOnce();
    expect(h.exit).toHaveBeenCalledWith(0);
  });

  it('ignores malformed and repeated commands', async () => {
    const startStack = vi.fn(async () => ({ url: 'http://127.0.0.1:5000', anonKey: 'anon', stop: async () => {} }));
    const h = harness(startStack);
    h.send({ type: 'start', projectDir: 42 });
    h.send('rm -rf /');
    h.send(start);
    h.send(start);
    await h.flush();
    expect(startStack).toHaveBeenCalledOnce();
    expect(h.sent.filter((m) => m.type === 'log').map((m) => m.type === 'log' && m.message)).toEqual([
      expect.stringContaining('malformed'),
      expect.stringContaining('malformed'),
      'ignored a second start',
    ]);
  });
});
