import { readFile } from 'node:fs/promises';
import { z } from 'zod';

/**
 * Desktop updates with electron-updater: electron-builder's `publish` (a generic
 * feed, URL from CONCIERGE_UPDATE_URL when packaging) is written into the app's app-update.yml;
 * CONCIERGE_UPDATE_URL at run time overrides it. When packaged, the app checks on start and every
 * few hours, downloads in the background and, once an update is ready, asks whether to restart
 * (else it installs on quit). Off in development (not packaged), under the smoke stub and when
 * no feed is configured.
 */

/** What the updater needs of electron-updater's AppUpdater. */
export interface AppUpdaterLike {
  autoDownload: boolean;
  autoInstallOnAppQuit: boolean;
  setFeedURL(options: { provider: 'generic'; url: string }): void;
  checkForUpdates(): Promise<unknown>;
  quitAndInstall(): void;
  on(event: 'update-downloaded', listener: (info: { version: string }) => void): unknown;
  on(event: 'error', listener: (error: Error) => void): unknown;
}

export interface UpdaterOptions {
  isPackaged: boolean;
  env: Record<string, string | undefined>;
  log: (m: string) => void;
  /** Contents of resources/app-update.yml, or null when there is none. */
  readFeedFile: () => Promise<string | null>;
  loadUpdater: () => Promise<AppUpdaterLike>;
  /** Asks the user whether to restart now into `version`. */
  askRestart: (version: string) => Promise<boolean>;
  /** Default every 4 hours. */
  intervalMs?: number;
}

export const UPDATE_CHECK_INTERVAL_MS = 4 * 60 * 60 * 1000;

const feedUrlSchema = z.url({ protocol: /^https?$/ });

/** The feed URL: CONCIERGE_UPDATE_URL, else app-update.yml's `url:`; null when neither is an http(s) URL. */
export function resolveUpdateFeed(
  env: Record<string, string | undefined>,
  feedFile: string | null,
): { url: string; source: 'env' | 'app-update.yml' } | null {
  const fromEnv = env.CONCIERGE_UPDATE_URL?.trim();
  if (fromEnv) return feedUrlSchema.safeParse(fromEnv).success ? { url: fromEnv, source: 'env' } : null;
  const line = feedFile?.split(/\r?\n/).find((l) => /^url:\s*/.test(l));
  const fromFile = line
    ?.replace(/^url:\s*/, '')
    .trim()
    .replace(/^(['"])(.*)\1$/, '$2');
  return fromFile && feedUrlSchema.safeParse(fromFile).success ? { url: fromFile, source: 'app-update.yml' } : null;
}

export async function startUpdater(options: UpdaterOptions): Promise<{ stop(): void } | null> {
  if (!options.isPackaged) {
    options.log('updates: off (not a packaged app)');
    return null;
  }
  const feed = resolveUpdateFeed(options.env, await options.readFeedFile());
  if (!feed) {
    options.log('updates: off (no update feed: set CONCIERGE_UPDATE_URL when packaging or running)');
    return null;
  }
  const updater = await options.loadUpdater();
  updater.autoDownload = true;
  updater.autoInstallOnAppQuit = true;
  if (feed.source === 'env') updater.setFeedURL({ provider: 'generic', url: feed.url });
  let asking = false;
  updater.on('update-downloaded', (info) => {
    if (asking) return;
    asking = true;
    void options
      .askRestart(info.version)
      .then((restart) => {
        if (restart) updater.quitAndInstall();
        else options.log(`updates: ${info.version} will be installed on quit`);
      })
      .finally(() => {
        asking = false;
      });
  });
  updater.on('error', (error) => options.log(`updates: ${error.message}`));
  const check = () => {
    updater.checkForUpdates().catch((error: unknown) => options.log(`updates: check failed: ${String(error)}`));
  };
  options.log(`updates: checking ${feed.url}`);
  check();
  const timer = setInterval(check, options.intervalMs ?? UPDATE_CHECK_INTERVAL_MS);
  timer.unref?.();
  return { stop: () => clearInterval(timer) };
}

/** Reads a file, null when it does not exist. */
export async function readOptionalFile(file: string): Promise<string | null> {
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/** The restart question in the OS language (main has no i18n; French or English, as the console). */
export function restartPrompt(locale: string, version: string) {
  const fr = locale.toLowerCase().startsWith('fr');
  return {
    type: 'info' as const,
    title: 'Concierge',
    message: fr ? `La version ${version} de Concierge est prête.` : `Concierge ${version} is ready.`,
    detail: fr
      ? 'Redémarrer maintenant pour l’installer ? Sinon, elle sera installée à la fermeture.'
      : 'Restart now to install it? Otherwise it is installed when you quit.',
    buttons: fr ? ['Redémarrer', 'Plus tard'] : ['Restart', 'Later'],
    defaultId: 0,
    cancelId: 1,
  };
}
