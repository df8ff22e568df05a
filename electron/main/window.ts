import { BrowserWindow } from 'electron';

export interface MainWindowOptions {
  preloadPath: string;
  /** app://concierge/ in production, the Vite dev server in development. */
  startUrl: string;
}

/**
 * The console window. Every web preference that matters for security is spelled out even where it
 * is Electron's default, so a future default change or a copy-paste cannot weaken it silently.
 */
export function createMainWindow(options: MainWindowOptions): BrowserWindow {
  const win = new BrowserWindow({
    width: 1280,
    height: 820,
    minWidth: 360,
    minHeight: 560,
    show: false,
    title: 'Concierge',
    backgroundColor: '#f6f7f9',
    webPreferences: {
      preload: options.preloadPath,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      experimentalFeatures: false,
      navigateOnDragDrop: false,
      spellcheck: true,
    },
  });
  win.once('ready-to-show', () => win.show());
  void win.loadURL(options.startUrl);
  return win;
}
