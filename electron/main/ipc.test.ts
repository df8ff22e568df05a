import { beforeEach, describe, expect, it, vi } from 'vitest';
import { IpcChannel } from '../shared/ipc-contract.ts';
import { registerIpcHandlers } from './ipc.ts';

/** Main's IPC handlers with Electron's ipcMain and shell replaced by recorders. */
const electron = vi.hoisted(() => ({
  handlers: new Map<string, (event: unknown, payload: unknown) => Promise<unknown>>(),
  openExternal: vi.fn<(url: string) => Promise<void>>(async () => {}),
}));

vi.mock('electron', () => ({
  ipcMain: {
    handle: (channel: string, handler: (event: unknown, payload: unknown) => Promise<unknown>) =>
      electron.handlers.set(channel, handler),
  },
  shell: { openExternal: (url: string) => electron.openExternal(url) },
}));

const policy = { appOrigins: ['app://concierge'], external: { hosts: ['supabase.com'], allowLoopback: false } };
const fromApp = { senderFrame: { url: 'app://concierge/settings' } };
const closeGuard = { set: vi.fn() };
const notifier = { show: vi.fn(() => true) };
const config = { supabaseUrl: 'http://127.0.0.1:54321', supabaseAnonKey: 'anon', mode: 'embedded' as const };

function call(channel: string, event: unknown, payload?: unknown): Promise<unknown> {
  const handler = electron.handlers.get(channel);
  if (!handler) throw new Error(`no handler for ${channel}`);
  return handler(event, payload);
}

describe('main IPC handlers', () => {
  beforeEach(() => {
    electron.handlers.clear();
    electron.openExternal.mockClear();
  });

  it('answer our own page with the backend config', async () => {
    registerIpcHandlers({ policy, backendConfig: async () => config, log: () => {}, closeGuard, notifier });
    await expect(call(IpcChannel.getBackendConfig, fromApp)).resolves.toEqual({ ok: true, value: config });
  });

  it('refuse any other sender', async () => {
    registerIpcHandlers({ policy, backendConfig: async () => config, log: () => {}, closeGuard, notifier });
    const foreign = { senderFrame: { url: 'https://evil.example/' } };
    await expect(call(IpcChannel.getBackendConfig, foreign)).resolves.toMatchObject({
      ok: false,
      error: { code: 'invalid_request' },
    });
    await expect(call(IpcChannel.getBackendConfig, { senderFrame: null })).resolves.toMatchObject({ ok: false });
  });

  it('report a backend that failed to start as backend_unavailable', async () => {
    registerIpcHandlers({
      policy,
      backendConfig: async () => Promise.reject(new Error('port in use')),
      log: () => {},
      closeGuard,
      notifier,
    });
    await expect(call(IpcChannel.getBackendConfig, fromApp)).resolves.toEqual({
      ok: false,
      error: { code: 'backend_unavailable', message: 'port in use' },
    });
  });

  it('open only allow-listed links and reject malformed requests', async () => {
    registerIpcHandlers({ policy, backendConfig: async () => config, log: () => {}, closeGuard, notifier });
    await expect(call(IpcChannel.openExternal, fromApp, { url: 'https://supabase.com/docs' })).resolves.toEqual({
      ok: true,
      value: { opened: true },
    });
    await expect(call(IpcChannel.openExternal, fromApp, { url: 'file:///etc/passwd' })).resolves.toEqual({
      ok: true,
      value: { opened: false },
    });
    await expect(call(IpcChannel.openExternal, fromApp, 'https://supabase.com')).resolves.toMatchObject({
      ok: false,
      error: { code: 'invalid_request' },
    });
    expect(electron.openExternal.mock.calls).toEqual([['https://supabase.com/docs']]);
  });

  it('never lets an exception escape as an opaque IPC error', async () => {
    electron.openExternal.mockRejectedValueOnce(new Error('no browser'));
    registerIpcHandlers({ policy, backendConfig: async () => config, log: () => {}, closeGuard, notifier });
    await expect(call(IpcChannel.openExternal, fromApp, { url: 'https://supabase.com/' })).resolves.toEqual({
      ok: false,
      error: { code: 'internal', message: 'internal error' },
    });
  });

  it('record the unsaved-changes state of the sending window only, and reject malformed states', async () => {
    registerIpcHandlers({ policy, backendConfig: async () => config, log: () => {}, closeGuard, notifier });
    closeGuard.set.mockClear();
    const prompt = { title: 'Unsaved changes', message: 'Leave?', leave: 'Leave', stay: 'Stay' };
    const event = { ...fromApp, sender: { id: 12 } };
    await expect(call(IpcChannel.setUnsavedChanges, event, { dirty: true, prompt })).resolves.toEqual({
      ok: true,
      value: { dirty: true },
    });
    expect(closeGuard.set).toHaveBeenCalledWith(12, { dirty: true, prompt });
    await expect(call(IpcChannel.setUnsavedChanges, event, { dirty: 'yes', prompt })).resolves.toMatchObject({
      ok: false,
      error: { code: 'invalid_request' },
    });
    const foreign = { senderFrame: { url: 'https://evil.example/' }, sender: { id: 12 } };
    await expect(call(IpcChannel.setUnsavedChanges, foreign, { dirty: false, prompt })).resolves.toMatchObject({
      ok: false,
    });
    expect(closeGuard.set).toHaveBeenCalledTimes(1);
  });

  // --- shell: native notifications ---
  it('show a valid notification, and refuse URLs as routes, bad shapes and foreign senders', async () => {
    registerIpcHandlers({ policy, backendConfig: async () => config, log: () => {}, closeGuard, notifier });
    notifier.show.mockClear();
    const request = { title: 'Call failed', body: 'Front desk · busy', route: '/agents/a1/calls' };
    await expect(call(IpcChannel.showNotification, fromApp, request)).resolves.toEqual({
      ok: true,
      value: { shown: true },
    });
    expect(notifier.show).toHaveBeenCalledWith(request);
    for (const bad of [
      { ...request, route: 'https://evil.example/' },
      { ...request, route: '//evil.example/x' },
      { ...request, title: '' },
      { ...request, body: 'x'.repeat(501) },
      'Call failed',
    ]) {
      await expect(call(IpcChannel.showNotification, fromApp, bad)).resolves.toMatchObject({
        ok: false,
        error: { code: 'invalid_request' },
      });
    }
    await expect(
      call(IpcChannel.showNotification, { senderFrame: { url: 'https://evil.example/' } }, request),
    ).resolves.toMatchObject({ ok: false });
    expect(notifier.show).toHaveBeenCalledTimes(1);
  });
});
