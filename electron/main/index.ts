import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { app, BrowserWindow, dialog, ipcMain, session, shell } from 'electron';
import { DEEP_LINK_SCHEME, IpcChannel, type BackendConfig } from '../shared/ipc-contract.ts';
import { LibraryChannel } from '../shared/library-contract.ts';
import { startBackendHost, type BackendHost } from './backend/backendHost.ts';
import { createCloseGuard, leaveDialogOptions } from './closeGuard.ts';
import { findDeepLink, parseDeepLink } from './deepLink.ts';
import { registerIpcHandlers } from './ipc.ts';
import { createLibraryHost } from './library/host.ts';
import { libraryMediaResponse, registerLibraryIpc } from './library/ipc.ts';
import { LIBRARY_MEDIA_PATH } from './library/media.ts';
import { installLockdown } from './lockdown.ts';
import { createNativeNotifier } from './notifications.ts';
import { readOptionalFile, restartPrompt, startUpdater, type AppUpdaterLike } from './updater.ts';
import { APP_ORIGIN } from './protocol/appPaths.ts';
import { APP_START_URL, handleAppProtocol, registerAppSchemePrivileges } from './protocol/appProtocol.ts';
import { facebookSignupSettings } from '../../supabase/functions/_shared/contracts/whatsapp.ts';
import { buildContentSecurityPolicy } from './security/csp.ts';
import { DEFAULT_EXTERNAL_HOSTS } from './security/externalLinks.ts';
import type { NavigationPolicy } from './security/navigation.ts';
import { createMainWindow } from './window.ts';

/**
 * Electron main process: a thin shell around the same console the browser gets.
 * Order matters: privileges and the single-instance lock before `ready`; lockdown, protocol and
 * IPC before the first window loads anything.
 */

const log = (message: string) => console.log(`[concierge] ${message}`);

// Set by vite-plugin-electron while `vite` serves the renderer in development.
const devServerUrl = process.env.VITE_DEV_SERVER_URL;
const here = path.dirname(fileURLToPath(import.meta.url));
const appDir = app.getAppPath();
const rendererDir = path.join(appDir, 'dist', 'renderer');
const preloadPath = path.join(here, 'preload.cjs');

const policy: NavigationPolicy = {
  appOrigins: [APP_ORIGIN, ...(devServerUrl ? [new URL(devServerUrl).origin] : [])],
  // The local stack's inbox and agent pages (*.localhost) open in the OS browser.
  external: { hosts: DEFAULT_EXTERNAL_HOSTS, allowLoopback: true },
};

registerAppSchemePrivileges();

let mainWindow: BrowserWindow | null = null;
/** True between a finished page load and the next navigation: only then is the preload listening. */
let rendererReady = false;
let backend: Promise<BackendHost> | null = null;
const pendingDeepLinks: string[] = [];
// Closing or reloading a window whose editor holds unsaved edits asks first.
const closeGuard = createCloseGuard({
  confirmLeave: (prompt) => {
    const options = leaveDialogOptions(prompt);
    const choice = mainWindow ? dialog.showMessageBoxSync(mainWindow, options) : dialog.showMessageBoxSync(options);
    return choice === 0;
  },
});

function deliverDeepLink(raw: string | null): void {
  const url = raw === null ? null : parseDeepLink(raw);
  if (!url) return;
  if (mainWindow && rendererReady) {
    mainWindow.webContents.send(IpcChannel.deepLink, { url });
    if (mainWindow.isMinimized()) mainWindow.restore();
    mainWindow.focus();
  } else {
    pendingDeepLinks.push(url);
  }
}

// --- shell: native notifications: a click brings the window up on the row's route.
const notifier = createNativeNotifier({
  onClick: (route) => {
    if (!mainWindow) openMainWindow();
    if (!mainWindow) return;
    if (mainWindow.isMinimized()) mainWindow.restore();
    mainWindow.show();
    mainWindow.focus();
    if (rendererReady) mainWindow.webContents.send(IpcChannel.notificationClick, { route });
  },
});

function registerDeepLinkScheme(): void {
  // Launched as `electron .` in development, the OS must call electron with our app path.
  const registered = process.defaultApp
    ? app.setAsDefaultProtocolClient(DEEP_LINK_SCHEME, process.execPath, [path.resolve(process.argv[1] ?? '.')])
    : app.setAsDefaultProtocolClient(DEEP_LINK_SCHEME);
  if (!registered) log(`could not register ${DEEP_LINK_SCHEME}:// as a protocol handler`);
}

async function backendConfig(): Promise<BackendConfig> {
  if (!backend) throw new Error('backend not started');
  return (await backend).config;
}

// The offline recordings library: opened for whoever signs in to the console.
const libraryHost = createLibraryHost({
  userDataDir: app.getPath('userData'),
  backendConfig,
  mediaUrl: (id) => `${APP_ORIGIN}${LIBRARY_MEDIA_PATH}${id}`,
  emitProgress: (progress) => {
    if (mainWindow && rendererReady) mainWindow.webContents.send(LibraryChannel.progress, progress);
  },
  emitChanged: (change) => {
    if (mainWindow && rendererReady) mainWindow.webContents.send(LibraryChannel.changed, change);
  },
  log,
});

async function currentCsp(page: 'app' | 'sitePreview' = 'app'): Promise<string> {
  const supabaseUrl = await backendConfig().then(
    (c) => c.supabaseUrl,
    () => null,
  );
  const phoneRelayUrl = process.env.CONCIERGE_PHONE_RELAY_URL?.trim() || null;
  const facebookSdkUrl = facebookSignupSettings(process.env)?.facebookSdkUrl ?? null;
  return buildContentSecurityPolicy({
    supabaseUrl,
    page,
    phoneRelayUrl,
    facebookSdkUrl,
    ...(devServerUrl ? { devServerUrl } : {}),
  });
}

/** preview.html is the Branding editor's frame of the public page: it has its own CSP. */
const isSitePreview = (pathOrUrl: string) => /(^|[/\\])preview\.html$/.test(pathOrUrl.split(/[?#]/)[0] ?? '');

function openMainWindow(): void {
  rendererReady = false;
  mainWindow = createMainWindow({ preloadPath, startUrl: devServerUrl ?? APP_START_URL });
  const contentsId = mainWindow.webContents.id;
  mainWindow.webContents.on('will-prevent-unload', (event) => closeGuard.onWillPreventUnload(contentsId, event));
  mainWindow.webContents.on('did-start-loading', () => {
    rendererReady = false;
  });
  mainWindow.webContents.on('did-finish-load', () => {
    rendererReady = true;
    for (const url of pendingDeepLinks.splice(0)) mainWindow?.webContents.send(IpcChannel.deepLink, { url });
  });
  mainWindow.on('closed', () => {
    closeGuard.forget(contentsId);
    mainWindow = null;
    rendererReady = false;
  });
}

async function onReady(): Promise<void> {
  installLockdown(policy, log);
  backend = startBackendHost({
    appDir,
    userDataDir: app.getPath('userData'),
    env: process.env,
    log,
    allowedOrigins: [...policy.appOrigins],
    backendEntry: path.join(here, 'backend.mjs'),
    onFatal: (message) => dialog.showErrorBox('Concierge', message),
  });
  backend.catch((error: unknown) => log(`backend failed to start: ${String(error)}`));

  // The page's CSP must name the API origin, known once the backend is up: index.html waits for it
  // (a few seconds on the very first start, while migrations run), the window shows when ready.
  const csp = currentCsp();
  const previewCsp = currentCsp('sitePreview');
  handleAppProtocol({
    rendererDir,
    runtimeConfig: async () => {
      const { supabaseUrl, supabaseAnonKey } = await backendConfig();
      return { supabaseUrl, supabaseAnonKey, ...(facebookSignupSettings(process.env) ?? {}) };
    },
    contentSecurityPolicy: (filePath) => (isSitePreview(filePath) ? previewCsp : csp),
    libraryMedia: { pathPrefix: LIBRARY_MEDIA_PATH, respond: (request) => libraryMediaResponse(libraryHost, request) },
  });
  if (devServerUrl) {
    const devCsp = await csp;
    const devPreviewCsp = await previewCsp;
    // The dev server's pages get the same CSP the app:// protocol sets in production.
    session.defaultSession.webRequest.onHeadersReceived(
      { urls: [`${new URL(devServerUrl).origin}/*`] },
      (details, callback) => {
        const pagePolicy = isSitePreview(new URL(details.url).pathname) ? devPreviewCsp : devCsp;
        callback({ responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [pagePolicy] } });
      },
    );
  }
  registerIpcHandlers({ policy, backendConfig, log, closeGuard, notifier });
  registerLibraryIpc({ ipcMain, policy, host: libraryHost, showItemInFolder: (p) => shell.showItemInFolder(p), log });
  registerDeepLinkScheme();
  openMainWindow();
  deliverDeepLink(findDeepLink(process.argv));
  // --- shell: updates; never delays the window.
  startUpdater({
    isPackaged: app.isPackaged === true,
    env: process.env,
    log,
    readFeedFile: () => readOptionalFile(path.join(process.resourcesPath ?? appDir, 'app-update.yml')),
    // electron-updater is CommonJS, kept external (package in node_modules): its named export.
    loadUpdater: async () => (await import('electron-updater')).autoUpdater as unknown as AppUpdaterLike,
    askRestart: async (version) => {
      const options = restartPrompt(app.getLocale(), version);
      const { response } = mainWindow
        ? await dialog.showMessageBox(mainWindow, options)
        : await dialog.showMessageBox(options);
      return response === 0;
    },
  }).catch((error: unknown) => log(`updates: ${String(error)}`));
}

if (!app.requestSingleInstanceLock()) {
  // Another instance owns the window and the database; it receives our argv (deep link) instead.
  app.quit();
} else {
  app.on('second-instance', (_event, argv) => {
    if (mainWindow) {
      if (mainWindow.isMinimized()) mainWindow.restore();
      mainWindow.focus();
    }
    deliverDeepLink(findDeepLink(argv));
  });
  // macOS delivers deep links through open-url, possibly before `ready`.
  app.on('open-url', (event, url) => {
    event.preventDefault();
    deliverDeepLink(url);
  });
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0 && app.isReady()) openMainWindow();
  });

  let stopping = false;
  app.on('before-quit', (event) => {
    if (stopping || !backend) return;
    void libraryHost.close();
    // Close the embedded database cleanly (PGlite flushes on close) before the process exits.
    event.preventDefault();
    stopping = true;
    backend
      .then((host) => host.stop())
      .catch((error: unknown) => log(`backend stop failed: ${String(error)}`))
      .finally(() => app.quit());
  });

  app
    .whenReady()
    .then(onReady)
    .catch((error: unknown) => {
      log(`startup failed: ${String(error)}`);
      app.exit(1);
    });
}
