import { contextBridge, ipcRenderer } from 'electron';
import {
  ConciergeIpcError,
  deepLinkEventSchema,
  invokeContract,
  IpcChannel,
  notificationClickEventSchema,
  openExternalRequestSchema,
  showNotificationRequestSchema,
  unsavedChangesSchema,
  type ConciergeDesktopApi,
  type InvokeChannel,
  type InvokeRequest,
} from '../shared/ipc-contract.ts';
import { createLibraryApi } from './libraryApi.ts';

/**
 * The only bridge between the sandboxed console and the main process: one object,
 * `window.concierge`, with intent-level methods (no generic invoke/send, no Node access). Requests
 * are validated here before they leave and responses are validated when they come back (Signal's
 * rule: whatever crosses IPC is schema-parsed).
 *
 * Errors thrown through contextBridge keep only their message, so the code travels in it:
 * "backend_unavailable: <reason>".
 */

type OkValue<C extends InvokeChannel> = Extract<
  ReturnType<(typeof invokeContract)[C]['response']['parse']>,
  { ok: true }
>['value'];

async function invoke<C extends InvokeChannel>(channel: C, request: InvokeRequest<C>): Promise<OkValue<C>> {
  const raw: unknown = await ipcRenderer.invoke(channel, request);
  const parsed = invokeContract[channel].response.safeParse(raw);
  if (!parsed.success) throw new ConciergeIpcError('internal', `internal: malformed answer on ${channel}`);
  const result = parsed.data as
    { ok: true; value: OkValue<C> } | { ok: false; error: { code: ConciergeIpcError['code']; message: string } };
  if (!result.ok) throw new ConciergeIpcError(result.error.code, `${result.error.code}: ${result.error.message}`);
  return result.value;
}

// Deep links can arrive before the console subscribes (an auth callback that launched the app):
// keep them until the first listener.
const deepLinkListeners = new Set<(url: string) => void>();
const pendingDeepLinks: string[] = [];
ipcRenderer.on(IpcChannel.deepLink, (_event, payload: unknown) => {
  const parsed = deepLinkEventSchema.safeParse(payload);
  if (!parsed.success) return;
  if (deepLinkListeners.size === 0) pendingDeepLinks.push(parsed.data.url);
  for (const listener of deepLinkListeners) listener(parsed.data.url);
});

// --- shell: native notification clicks ---
const notificationClickListeners = new Set<(route: string) => void>();
ipcRenderer.on(IpcChannel.notificationClick, (_event, payload: unknown) => {
  const parsed = notificationClickEventSchema.safeParse(payload);
  if (!parsed.success) return;
  for (const listener of notificationClickListeners) listener(parsed.data.route);
});

const api = {
  getBackendConfig: () => invoke(IpcChannel.getBackendConfig, undefined),

  async openExternal(url: string) {
    const request = openExternalRequestSchema.safeParse({ url });
    if (!request.success)
      throw new ConciergeIpcError('invalid_request', 'invalid_request: openExternal needs a URL string');
    const { opened } = await invoke(IpcChannel.openExternal, request.data);
    return opened;
  },

  async setUnsavedChanges(state) {
    const request = unsavedChangesSchema.safeParse(state);
    if (!request.success)
      throw new ConciergeIpcError('invalid_request', 'invalid_request: setUnsavedChanges needs {dirty, prompt}');
    await invoke(IpcChannel.setUnsavedChanges, request.data);
  },

  onDeepLink(listener: (url: string) => void) {
    if (typeof listener !== 'function') throw new TypeError('onDeepLink needs a function');
    deepLinkListeners.add(listener);
    for (const url of pendingDeepLinks.splice(0)) listener(url);
    return () => {
      deepLinkListeners.delete(listener);
    };
  },

  // --- shell: native notifications ---
  async notify(notification) {
    const request = showNotificationRequestSchema.safeParse(notification);
    if (!request.success)
      throw new ConciergeIpcError('invalid_request', 'invalid_request: notify needs {title, body, route}');
    const { shown } = await invoke(IpcChannel.showNotification, request.data);
    return shown;
  },

  onNotificationClick(listener: (route: string) => void) {
    if (typeof listener !== 'function') throw new TypeError('onNotificationClick needs a function');
    notificationClickListeners.add(listener);
    return () => {
      notificationClickListeners.delete(listener);
    };
  },

  // The offline recordings library, same validation rules, built in libraryApi.ts.
  library: createLibraryApi(ipcRenderer),
} satisfies ConciergeDesktopApi;

contextBridge.exposeInMainWorld('concierge', api);
