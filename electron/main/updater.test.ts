import { EventEmitter } from 'node:events';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resolveUpdateFeed, restartPrompt, startUpdater, type AppUpdaterLike } from './updater.ts';

function fakeUpdater() {
  const emitter = new EventEmitter();
  const updater = Object.assign(emitter, {
    autoDownload: false,
    autoInstallOnAppQuit: false,
    setFeedURL: vi.fn(),
    checkForUpdates: vi.fn(async () => null),
    quitAndInstall: vi.fn(),
  });
  return updater as typeof updater & AppUpdaterLike;
}

const appUpdateYml =
  'provider: generic\nurl: https://updates.example.com/concierge\nchannel: latest\nupdaterCacheDirName: concierge-updater\n';

describe('update feed', () => {
  it('comes from CONCIERGE_UPDATE_URL, else from app-update.yml, and must be an http(s) URL', () => {
    expect(resolveUpdateFeed({ CONCIERGE_UPDATE_URL: 'https://cdn.example.com/c' }, appUpdateYml)).toEqual({
      url: 'https://cdn.example.com/c',
      source: 'env',
    });
    expect(resolveUpdateFeed({}, appUpdateYml)).toEqual({
      url: 'https://updates.example.com/concierge',
      source: 'app-update.yml',
    });
    expect(resolveUpdateFeed({}, "url: 'https://quoted.example.com/x'\n")?.url).toBe('https://quoted.example.com/x');
    expect(resolveUpdateFeed({ CONCIERGE_UPDATE_URL: 'none' }, appUpdateYml)).toBeNull();
    expect(resolveUpdateFeed({}, 'url: file:///etc\n')).toBeNull();
    expect(resolveUpdateFeed({}, null)).toBeNull();
  });
});

describe('updater', () => {
  afterEach(() => vi.useRealTimers());

  const base = (updater: AppUpdaterLike, extra: Partial<Parameters<typeof startUpdater>[0]> = {}) => ({
    isPackaged: true,
    env: {},
    log: () => {},
    readFeedFile: async () => appUpdateYml,
    loadUpdater: async () => updater,
    askRestart: async () => false,
    ...extra,
  });

  it('is off in development and without a feed, and never loads electron-updater then', async () => {
    const loadUpdater = vi.fn();
    await expect(startUpdater({ ...base(fakeUpdater()), isPackaged: false, loadUpdater })).resolves.toBeNull();
    await expect(
      startUpdater({ ...base(fakeUpdater()), readFeedFile: async () => null, loadUpdater }),
    ).resolves.toBeNull();
    expect(loadUpdater).not.toHaveBeenCalled();
  });

  it('checks on start and every interval, downloading in the background', async () => {
    vi.useFakeTimers();
    const updater = fakeUpdater();
    const running = await startUpdater(base(updater, { intervalMs: 1000 }));
    expect(updater.autoDownload).toBe(true);
    expect(updater.autoInstallOnAppQuit).toBe(true);
    expect(updater.setFeedURL).not.toHaveBeenCalled();
    expect(updater.checkForUpdates).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(2500);
    expect(updater.checkForUpdates).toHaveBeenCalledTimes(3);
    running?.stop();
    await vi.advanceTimersByTimeAsync(5000);
    expect(updater.checkForUpdates).toHaveBeenCalledTimes(3);
  });

  it('uses the run-time CONCIERGE_UPDATE_URL as a generic feed', async () => {
    const updater = fakeUpdater();
    const running = await startUpdater(base(updater, { env: { CONCIERGE_UPDATE_URL: 'https://cdn.example.com/c' } }));
    expect(updater.setFeedURL).toHaveBeenCalledWith({ provider: 'generic', url: 'https://cdn.example.com/c' });
    running?.stop();
  });

  it('asks to restart once an update is downloaded, and installs only if the user agrees', async () => {
    const updater = fakeUpdater();
    const askRestart = vi.fn(async () => true);
    const running = await startUpdater(base(updater, { askRestart }));
    updater.emit('update-downloaded', { version: '0.2.0' });
    await vi.waitFor(() => expect(updater.quitAndInstall).toHaveBeenCalledTimes(1));
    expect(askRestart).toHaveBeenCalledWith('0.2.0');

    askRestart.mockResolvedValueOnce(false);
    updater.emit('update-downloaded', { version: '0.3.0' });
    await vi.waitFor(() => expect(askRestart).toHaveBeenCalledTimes(2));
    expect(updater.quitAndInstall).toHaveBeenCalledTimes(1);
    running?.stop();
  });

  it('logs a failed check instead of throwing', async () => {
    const updater = fakeUpdater();
    updater.checkForUpdates.mockRejectedValueOnce(new Error('offline'));
    const log = vi.fn();
    const running = await startUpdater(base(updater, { log }));
    await vi.waitFor(() => expect(log).toHaveBeenCalledWith(expect.stringContaining('check failed: Error: offline')));
    running?.stop();
  });

  it('words the restart question in French or English', () => {
    expect(restartPrompt('fr-FR', '0.2.0')).toMatchObject({ buttons: ['Redémarrer', 'Plus tard'], cancelId: 1 });
    expect(restartPrompt('en-US', '0.2.0').message).toBe('Concierge 0.2.0 is ready.');
  });
});
