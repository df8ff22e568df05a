/**
 * Bundled into the console page by the desktop e2e test (esbuild, IIFE): `window.concierge.library`
 * built by the preload's own factory (electron/preload/libraryApi.ts), over a bridge to the real
 * main-process handlers running in the test process (`__libraryInvoke`, a Playwright binding) and
 * their pushes (`__libraryPush`, called by the test). The shell's other desktop methods are inert
 * here: this test is about the library.
 */
import { createLibraryApi } from '../../../electron/preload/libraryApi.ts';

declare global {
  interface Window {
    __libraryInvoke?: (channel: string, payload: unknown) => Promise<unknown>;
    __libraryPush?: (channel: string, payload: unknown) => void;
  }
}

const listeners = new Map<string, ((event: unknown, payload: unknown) => void)[]>();
const library = createLibraryApi({
  invoke: (channel, payload) => {
    if (!window.__libraryInvoke) return Promise.reject(new Error('no main process bridge'));
    return window.__libraryInvoke(channel, payload);
  },
  on: (channel, listener) => listeners.set(channel, [...(listeners.get(channel) ?? []), listener]),
});
window.__libraryPush = (channel, payload) => {
  for (const listener of listeners.get(channel) ?? []) listener({}, payload);
};
window.concierge = {
  getBackendConfig: () => Promise.reject(new Error('not part of this test')),
  openExternal: async () => false,
  setUnsavedChanges: async () => {},
  onDeepLink: () => () => {},
  notify: async () => false,
  onNotificationClick: () => () => {},
  library,
};
