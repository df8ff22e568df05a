import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SupabaseClient } from '@supabase/supabase-js';
import { build } from 'esbuild';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import WebSocket from 'ws';
import { createLibraryHost, type LibraryHost } from '../../electron/main/library/host.ts';
import { libraryMediaResponse, registerLibraryIpc } from '../../electron/main/library/ipc.ts';
import { LIBRARY_MEDIA_PATH } from '../../electron/main/library/media.ts';
import { IpcChannel } from '../../electron/shared/ipc-contract.ts';
import { LibraryChannel } from '../../electron/shared/library-contract.ts';
import { shellEn } from '../../renderer/src/app/locales/en.ts';
import { libraryEn } from '../../renderer/src/features/library/locales/en.ts';
import type { Database } from '../../supabase/types/database.ts';
import { ConsolePage } from './pages/ConsolePage.ts';
import { LibraryPage } from './pages/LibraryPages.ts';
import { DESKTOP, launchBrowser, newPage, screenshot } from './support/browser.ts';
import { productClient } from './support/clients.ts';

/**
 * The offline recordings library, without the Electron binary: the console page in Chromium runs the real
 * preload (electron/preload/index.ts bundled with `electron` stood in for by support/desktop-bridge.ts),
 * so `window.concierge.library` is the app's own, bridged to the real main-process
 * library handlers running in this process (registered on an ipcMain stand-in, media served by the
 * same Range handler the app:// protocol uses). Three recordings download, one cut mid-transfer and
 * resumed from its bytes on disk; then the API goes away (for main and for the page): search, play,
 * annotate; the API comes back and the note is on the server.
 */
const product = inject('product');
const consoleOrigin = new URL(product.consoleUrl).origin;
let browser: Browser;
let service: SupabaseClient<Database>;
let userData: string;
let host: LibraryHost;
let page: Page | null = null;
let context: BrowserContext;
const email = `library-${Date.now().toString(36)}@example.com`;
const password = 'library-owner-pass';
let ownerId: string;
const recordings: { id: string; path: string; bytes: Buffer; words: string }[] = [];

// The API as main sees it: up or unreachable, and one transfer cut once after CUT_AT bytes.
let apiUp = true;
let cutPath: string | null = null;
const CUT_AT = 20_000;
const recordingRequests: { path: string; range: string | null }[] = [];

function cutAfter(body: ReadableStream<Uint8Array>, limit: number): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  let sent = 0;
  return new ReadableStream({
    async pull(controller) {
      // Erroring discards what is still queued: the cut comes on the read after the last bytes.
      if (sent >= limit) {
        await reader.cancel();
        controller.error(new TypeError('terminated: connection reset'));
        return;
      }
      const { done, value } = await reader.read();
      if (done) return controller.close();
      const chunk = value.subarray(0, limit - sent);
      sent += chunk.byteLength;
      controller.enqueue(chunk);
    },
  });
}

const mainFetch: typeof fetch = async (input, init) => {
  if (!apiUp) throw new TypeError('fetch failed');
  const request = new Request(input, init);
  const signed = /\/storage\/v1\/object\/sign\/recordings\/([^?]+)/.exec(request.url)?.[1];
  const response = await fetch(request);
  if (!signed) return response;
  const objectPath = decodeURIComponent(signed);
  recordingRequests.push({ path: objectPath, range: request.headers.get('range') });
  if (objectPath === cutPath && response.body) {
    cutPath = null;
    return new Response(cutAfter(response.body, CUT_AT), { status: response.status, headers: response.headers });
  }
  return response;
};

/** A 2-second 16-bit stereo WAV at 8 kHz (64 kB): `pitch` tells the three apart. */
function stereoWav(pitch: number, seconds = 2, rate = 8000): Buffer {
  const frames = seconds * rate;
  const data = Buffer.alloc(frames * 4);
  for (let i = 0; i < frames; i++) {
    data.writeInt16LE(Math.round(Math.sin((2 * Math.PI * pitch * i) / rate) * 12000), i * 4);
    data.writeInt16LE(Math.round(Math.sin((2 * Math.PI * pitch * 1.5 * i) / rate) * 12000), i * 4 + 2);
  }
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVEfmt ', 8);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(2, 22);
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate * 4, 28);
  header.writeUInt16LE(4, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36);
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

async function must<T>(result: PromiseLike<{ data: T; error: { message: string } | null }>): Promise<NonNullable<T>> {
  const { data, error } = await result;
  if (error) throw new Error(error.message);
  return data as NonNullable<T>;
}

async function push(channel: string, payload: unknown): Promise<void> {
  await page
    ?.evaluate(([c, p]) => window.__mainPush?.(c as string, p), [channel, payload] as const)
    .catch(() => undefined);
}

beforeAll(async () => {
  browser = await launchBrowser();
  service = productClient(product, product.serviceRoleKey);
  const created = await service.auth.admin.createUser({ email, password, email_confirm: true });
  if (created.error) throw created.error;
  ownerId = created.data.user.id;
  await must(service.from('profiles').update({ lang: 'en' }).eq('id', ownerId));
  const agent = await must(
    service.from('agents').insert({ user_id: ownerId, name: 'Support line' }).select('id').single(),
  );
  const words = ['My boiler is leaking badly', 'I would like a refund please', 'Where is my parcel today'];
  for (const [i, said] of words.entries()) {
    const conversation = await must(
      service
        .from('conversations')
        .insert({ user_id: ownerId, agent_id: agent.id, channel: 'phone', visitor_id: `+3361234500${i}` })
        .select('id')
        .single(),
    );
    await must(
      service.from('messages').insert([
        {
          conversation_id: conversation.id,
          user_id: ownerId,
          role: 'user',
          content: said,
          timestamp: new Date(Date.now() - 60_000).toISOString(),
        },
        {
          conversation_id: conversation.id,
          user_id: ownerId,
          role: 'assistant',
          content: 'Noted, thank you.',
          timestamp: new Date(Date.now() - 50_000).toISOString(),
        },
      ]),
    );
    const call = await must(
      service
        .from('calls')
        .insert({
          user_id: ownerId,
          assigned_agent: agent.id,
          from_number: `+3361234500${i}`,
          to_number: '+15550001111',
          status: 'completed',
          duration: 2,
          timestamp: new Date(Date.now() - (i + 1) * 3_600_000).toISOString(),
          settled_at: new Date(Date.now() - (i + 1) * 3_600_000).toISOString(),
          conversation_id: conversation.id,
        })
        .select('id')
        .single(),
    );
    const bytes = stereoWav(300 + i * 110);
    const objectPath = `${ownerId}/${agent.id}/calls/${call.id}.wav`;
    await must(service.storage.from('recordings').upload(objectPath, bytes, { contentType: 'audio/wav' }));
    await must(service.from('calls').update({ recording_path: objectPath }).eq('id', call.id));
    recordings.push({ id: call.id, path: objectPath, bytes, words: said });
  }
  cutPath = recordings[1]!.path;

  // The main process, in this process: the library host and its IPC handlers on an ipcMain stand-in.
  userData = await mkdtemp(path.join(os.tmpdir(), 'concierge-userdata-'));
  host = createLibraryHost({
    userDataDir: userData,
    backendConfig: async () => ({ supabaseUrl: product.apiUrl, supabaseAnonKey: product.anonKey }),
    mediaUrl: (id) => `${consoleOrigin}${LIBRARY_MEDIA_PATH}${id}`,
    emitProgress: (progress) => void push(LibraryChannel.progress, progress),
    emitChanged: (change) => void push(LibraryChannel.changed, change),
    fetch: mainFetch,
    webSocket: WebSocket,
    retryDelaysMs: [300, 600, 1200],
    syncBackoffMs: { initial: 300, max: 1500 },
  });
  const handlers = new Map<string, (event: unknown, payload: unknown) => unknown>();
  registerLibraryIpc({
    ipcMain: { handle: (channel, handler) => handlers.set(channel, handler as never) },
    policy: { appOrigins: [consoleOrigin], external: { hosts: [], allowLoopback: false } },
    host,
    showItemInFolder: () => {},
    log: () => {},
  });

  // The shell's own channels, as main answers them (the backend is the test product's; nothing
  // native to show or open here).
  handlers.set(IpcChannel.getBackendConfig, () => ({
    ok: true,
    value: { supabaseUrl: product.apiUrl, supabaseAnonKey: product.anonKey, mode: 'embedded' },
  }));
  handlers.set(IpcChannel.openExternal, () => ({ ok: true, value: { opened: false } }));
  handlers.set(IpcChannel.setUnsavedChanges, (_event, state) => ({
    ok: true,
    value: { dirty: (state as { dirty: boolean }).dirty },
  }));
  handlers.set(IpcChannel.showNotification, () => ({ ok: true, value: { shown: false } }));

  // The real preload, bundled for the page with `electron` resolved to the bridge's stand-ins.
  const bridgePath = fileURLToPath(new URL('./support/desktop-bridge.ts', import.meta.url));
  const preload = await build({
    entryPoints: [fileURLToPath(new URL('../../electron/preload/index.ts', import.meta.url))],
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'chrome120',
    write: false,
    plugins: [
      {
        name: 'electron-in-the-page',
        setup(b) {
          b.onResolve({ filter: /^electron$/ }, () => ({ path: bridgePath }));
        },
      },
    ],
  });
  ({ context, page } = await newPage(browser, DESKTOP));
  await context.exposeBinding('__mainInvoke', async (source, channel: string, payload: unknown) => {
    const handler = handlers.get(channel);
    if (!handler) throw new Error(`no handler for ${channel}`);
    return handler({ senderFrame: { url: source.frame.url() } }, payload);
  });
  await context.addInitScript({ content: preload.outputFiles[0]!.text });
  // The page's audio comes from the same handler app://concierge/library-media/<id> uses.
  await context.route(`${consoleOrigin}${LIBRARY_MEDIA_PATH}**`, async (route) => {
    const range = route.request().headers()['range'];
    const answer = await libraryMediaResponse(
      host,
      new Request(route.request().url(), { headers: range ? { range } : {} }),
    );
    await route.fulfill({
      status: answer.status,
      headers: Object.fromEntries(answer.headers.entries()),
      body: Buffer.from(await answer.arrayBuffer()),
    });
  });
});

afterAll(async () => {
  await host?.close();
  await browser?.close();
  if (userData) await rm(userData, { recursive: true, force: true });
});

describe('desktop recordings library', () => {
  it('downloads three recordings (one resumed), then offline searches, plays and annotates; the note reaches the server', async () => {
    const p = page!;
    const library = new LibraryPage(p, product.consoleUrl, libraryEn);
    try {
      await new ConsolePage(p, product.consoleUrl).signIn(email, password);
      await library.openFromSidebar();

      await library.downloadEverythingNewFor(['Support line']);
      await expect.poll(() => library.downloadStates(), { timeout: 30_000 }).toEqual(['done', 'done', 'done']);
      // The cut transfer went on from the bytes it had, with a Range request.
      const cut = recordingRequests.filter((r) => r.path === recordings[1]!.path);
      expect(cut.map((r) => r.range)).toEqual([null, `bytes=${CUT_AT}-`]);
      await expect.poll(() => library.downloadRow(recordings[1]!.id).textContent()).toMatch(/resumed from/);
      // On disk, verified, under the user's library folder.
      for (const r of recordings) {
        const file = path.join(userData, 'library', ownerId, r.id, 'audio.wav');
        const onDisk = await readFile(file);
        expect(createHash('sha256').update(onDisk).digest('hex')).toBe(
          createHash('sha256').update(r.bytes).digest('hex'),
        );
        expect(existsSync(`${file}.part`)).toBe(false);
      }
      await expect.poll(() => library.rows().count()).toBe(3);

      // The API goes away, for main and for the page.
      apiUp = false;
      await p.route(`${product.apiUrl}/**`, (route) => route.abort('internetdisconnected'));

      await library.search('refund');
      await expect.poll(() => library.rows().count()).toBe(1);
      await library.open(0);
      await library.transcriptLine(recordings[1]!.words).waitFor();
      await library.play();
      await expect.poll(() => library.playedSeconds(), { timeout: 15_000 }).toBeGreaterThan(0);

      await library.writeNote('Refund promised, call back Monday.');
      await expect.poll(() => library.syncState().getAttribute('data-sync-state')).toBe('pending');
      const offline = await must(
        service.from('recording_annotations').select('notes').eq('call_id', recordings[1]!.id),
      );
      expect(offline).toEqual([]);

      // The API comes back: the pending note syncs on its own (retry with backoff).
      apiUp = true;
      await p.unroute(`${product.apiUrl}/**`);
      await expect
        .poll(
          async () =>
            await must(
              service.from('recording_annotations').select('notes, call_kind').eq('call_id', recordings[1]!.id),
            ),
          { timeout: 30_000 },
        )
        .toEqual([{ notes: 'Refund promised, call back Monday.', call_kind: 'gsm' }]);
      await expect.poll(() => library.syncState().getAttribute('data-sync-state'), { timeout: 10_000 }).toBe('synced');
      await screenshot(p, 'desktop-library-synced');

      // No generic file access: a path outside the library is refused by the contract (zod) before
      // it reaches main.
      const refused = await p.evaluate(() =>
        window.concierge?.library?.showInFolder('../../../.ssh/id_rsa').then(
          () => 'shown',
          (error: Error) => error.message,
        ),
      );
      expect(refused).toMatch(/^invalid_request: [\s\S]*relative path inside the library/);
      // The page's window.concierge is the real preload's: its shell methods check their input too.
      const badNotification = await p.evaluate(() =>
        window.concierge?.notify({ title: 1 } as never).then(
          () => 'shown',
          (error: Error) => error.message,
        ),
      );
      expect(badNotification).toBe('invalid_request: notify needs {title, body, route}');
    } catch (error) {
      await screenshot(p, 'desktop-library');
      throw error;
    }
  });

  it('deletes the library on request, then downloads one call picked by hand', async () => {
    const p = page!;
    const library = new LibraryPage(p, product.consoleUrl, libraryEn);
    try {
      await library.search('');
      await library.wipe();
      await expect.poll(() => library.rows().count()).toBe(0);
      expect(existsSync(path.join(userData, 'library', ownerId, recordings[0]!.id))).toBe(false);

      await library.downloadPickedCall('+33612345002');
      await expect.poll(() => library.rows().count(), { timeout: 20_000 }).toBe(1);
      expect(existsSync(path.join(userData, 'library', ownerId, recordings[2]!.id, 'audio.wav'))).toBe(true);
    } catch (error) {
      await screenshot(p, 'desktop-library-pick');
      throw error;
    }
  });

  it('deletes the library on sign-out once the owner chose so', async () => {
    const p = page!;
    const library = new LibraryPage(p, product.consoleUrl, libraryEn);
    const kept = path.join(userData, 'library', ownerId, recordings[2]!.id);
    try {
      expect(existsSync(path.join(kept, 'audio.wav'))).toBe(true);
      await library.chooseWipeOnSignOut();
      await expect.poll(() => host.current()?.getSettings().wipeOnSignOut).toBe(true);

      await library.signOut(shellEn.sidebar.signOut);
      // Main is told (setSession(null)), closes the library and wipes it: no recording is left in
      // the user's folder.
      await expect.poll(() => host.current(), { timeout: 15_000 }).toBeNull();
      await expect.poll(() => existsSync(kept)).toBe(false);
      const left = existsSync(path.join(userData, 'library', ownerId))
        ? await readdir(path.join(userData, 'library', ownerId))
        : [];
      expect(left.filter((name) => recordings.some((r) => r.id === name))).toEqual([]);
    } catch (error) {
      await screenshot(p, 'desktop-library-sign-out');
      throw error;
    }
  });
});
