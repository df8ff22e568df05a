import { beforeEach, describe, expect, it, vi } from 'vitest';
import { IpcChannel, type ConciergeDesktopApi } from '../shared/ipc-contract.ts';

/**
 * The preload against a stand-in for Electron's two renderer-side objects: what it exposes, what
 * it sends, and how it treats main's answers (valid, malformed, errors) and pushed deep links.
 */
const bridge = vi.hoisted(() => ({
  exposed: new Map<string, unknown>(),
  invoke: vi.fn<(channel: string, payload: unknown) => Promise<unknown>>(),
  listeners: new Map<string, (event: unknown, payload: unknown) => void>(),
}));

vi.mock('electron', () => ({
  contextBridge: { exposeInMainWorld: (key: string, api: unknown) => bridge.exposed.set(key, api) },
  ipcRenderer: {
    invoke: (channel: string, payload: unknown) => bridge.invoke(channel, payload),
    on: (channel: string, listener: (event: unknown, payload: unknown) => void) =>
      bridge.listeners.set(channel, listener),
  },
}));

async function loadPreload(): Promise<ConciergeDesktopApi> {
  vi.resetModules();
  bridge.exposed.clear();
  bridge.listeners.clear();
  await import('./index.ts');
  return bridge.exposed.get('concierge') as ConciergeDesktopApi;
}

function pushDeepLink(payload: unknown): void {
  bridge.listeners.get(IpcChannel.deepLink)?.({}, payload);
}

describe('preload', () => {
  beforeEach(() => bridge.invoke.mockReset());

  it('exposes exactly one object with the intent-level methods', async () => {
    const api = await loadPreload();
    expect([...bridge.exposed.keys()]).toEqual(['concierge']);
    expect(Object.keys(api).sort()).toEqual([
      'getBackendConfig',
      'library',
      'notify',
      'onDeepLink',
      'onNotificationClick',
      'openExternal',
      'setUnsavedChanges',
    ]);
  });

  it('returns the backend config main sends', async () => {
    const api = await loadPreload();
    const config = { supabaseUrl: 'http://127.0.0.1:54321', supabaseAnonKey: 'anon', mode: 'embedded' };
    bridge.invoke.mockResolvedValueOnce({ ok: true, value: config });
    await expect(api.getBackendConfig()).resolves.toEqual(config);
    expect(bridge.invoke).toHaveBeenCalledWith(IpcChannel.getBackendConfig, undefined);
  });

  it('turns an error result into an error carrying the code', async () => {
    const api = await loadPreload();
    bridge.invoke.mockResolvedValueOnce({
      ok: false,
      error: { code: 'backend_unavailable', message: 'database locked' },
    });
    await expect(api.getBackendConfig()).rejects.toThrow('backend_unavailable: database locked');
  });

  it('refuses a malformed answer from main', async () => {
    const api = await loadPreload();
    bridge.invoke.mockResolvedValueOnce({
      ok: true,
      value: { supabaseUrl: 'file:///etc', supabaseAnonKey: 'k', mode: 'embedded' },
    });
    await expect(api.getBackendConfig()).rejects.toThrow(/malformed/);
  });

  it('validates openExternal before anything leaves the renderer', async () => {
    const api = await loadPreload();
    await expect(api.openExternal(42 as unknown as string)).rejects.toThrow(/invalid_request/);
    expect(bridge.invoke).not.toHaveBeenCalled();
    bridge.invoke.mockResolvedValueOnce({ ok: true, value: { opened: false } });
    await expect(api.openExternal('https://evil.example/')).resolves.toBe(false);
    expect(bridge.invoke).toHaveBeenCalledWith(IpcChannel.openExternal, { url: 'https://evil.example/' });
  });

  it('keeps deep links that arrive before the console listens, and drops foreign ones', async () => {
    const api = await loadPreload();
    pushDeepLink({ url: 'concierge://auth/callback#access_token=early' });
    pushDeepLink({ url: 'https://evil.example/' });
    const seen: string[] = [];
    const stop = api.onDeepLink((url) => seen.push(url));
    expect(seen).toEqual(['concierge://auth/callback#access_token=early']);
    pushDeepLink({ url: 'concierge://auth/callback#access_token=late' });
    stop();
    pushDeepLink({ url: 'concierge://auth/callback#after-unsubscribe' });
    expect(seen).toEqual([
      'concierge://auth/callback#access_token=early',
      'concierge://auth/callback#access_token=late',
    ]);
  });

  it('sends the unsaved-changes state to main and refuses a malformed one before it leaves', async () => {
    const api = await loadPreload();
    const state = { dirty: true, prompt: { title: 'Unsaved', message: 'Leave?', leave: 'Leave', stay: 'Stay' } };
    bridge.invoke.mockResolvedValueOnce({ ok: true, value: { dirty: true } });
    await expect(api.setUnsavedChanges(state)).resolves.toBeUndefined();
    expect(bridge.invoke).toHaveBeenCalledWith(IpcChannel.setUnsavedChanges, state);
    await expect(api.setUnsavedChanges({ dirty: true } as never)).rejects.toThrow('invalid_request');
    expect(bridge.invoke).toHaveBeenCalledTimes(1);
  });

  // --- shell: native notifications ---
  it('sends a valid notification to main and refuses a URL as its route before sending', async () => {
    const api = await loadPreload();
    bridge.invoke.mockResolvedValueOnce({ ok: true, value: { shown: true } });
    const n = { title: 'New conversation', body: 'Front desk', route: '/conversations/c1' };
    await expect(api.notify(n)).resolves.toBe(true);
    expect(bridge.invoke).toHaveBeenCalledWith(IpcChannel.showNotification, n);
    await expect(api.notify({ ...n, route: 'https://evil.example/' })).rejects.toThrow(/invalid_request/);
    expect(bridge.invoke).toHaveBeenCalledTimes(1);
  });

  it('passes clicked notifications’ routes to listeners and drops malformed pushes', async () => {
    const api = await loadPreload();
    const routes: string[] = [];
    const off = api.onNotificationClick((route) => routes.push(route));
    const push = (payload: unknown) => bridge.listeners.get(IpcChannel.notificationClick)?.({}, payload);
    push({ route: '/credits' });
    push({ route: 'javascript:alert(1)' });
    push('nope');
    off();
    push({ route: '/calls' });
    expect(routes).toEqual(['/credits']);
  });
});
