/**
 * What `electron` is to the real preload (electron/preload/index.ts) when the desktop e2e test
 * bundles it into the console page (esbuild, IIFE, `electron` resolved to this file): the page runs
 * the preload's own code, contract checks and all, and only the two Electron objects it touches are
 * stood in for. `contextBridge.exposeInMainWorld` sets the window property (no isolated world in a
 * plain page); `ipcRenderer.invoke` goes to main-process handlers running in the test process
 * (`__mainInvoke`, a Playwright binding) and `ipcRenderer.on` hears what the test pushes
 * (`__mainPush`, called from the test as main's webContents.send would).
 */

declare global {
  interface Window {
    __mainInvoke?: (channel: string, payload: unknown) => Promise<unknown>;
    __mainPush?: (channel: string, payload: unknown) => void;
  }
}

type Listener = (event: unknown, ...args: unknown[]) => void;
const listeners = new Map<string, Listener[]>();

export const ipcRenderer = {
  invoke(channel: string, payload: unknown): Promise<unknown> {
    if (!window.__mainInvoke) return Promise.reject(new Error('no main process bridge'));
    return window.__mainInvoke(channel, payload);
  },
  on(channel: string, listener: Listener) {
    listeners.set(channel, [...(listeners.get(channel) ?? []), listener]);
    return ipcRenderer;
  },
};

export const contextBridge = {
  exposeInMainWorld(key: string, api: unknown): void {
    Object.defineProperty(window, key, { value: Object.freeze(api), enumerable: true });
  },
};

window.__mainPush = (channel, payload) => {
  for (const listener of listeners.get(channel) ?? []) listener({ sender: null }, payload);
};
