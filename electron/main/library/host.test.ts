import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createLibraryHost, type LibraryHost } from './host.ts';

/** Which library is open follows the console's session; sign-out wipes it only when chosen. */
let userData: string;
let host: LibraryHost;

// The host only reads `sub` to pick the folder (the server decides what the token may fetch).
const tokenFor = (sub: string) =>
  `${Buffer.from('{"alg":"HS256","typ":"JWT"}').toString('base64url')}.${Buffer.from(JSON.stringify({ sub })).toString('base64url')}.sig`;

beforeEach(async () => {
  userData = await mkdtemp(path.join(os.tmpdir(), 'library-host-'));
  host = createLibraryHost({
    userDataDir: userData,
    // nothing is pending, so nothing reaches this address
    backendConfig: async () => ({ supabaseUrl: 'http://127.0.0.1:9', supabaseAnonKey: 'anon' }),
    mediaUrl: (id) => `app://concierge/library-media/${id}`,
    emitProgress: () => {},
    emitChanged: () => {},
    webSocket: WebSocket,
  });
  return async () => {
    await host.close();
    await rm(userData, { recursive: true, force: true });
  };
});

async function signInWithMarker(userId: string): Promise<string> {
  await host.setSession(tokenFor(userId));
  const marker = path.join(userData, 'library', userId, 'marker.txt');
  await mkdir(path.dirname(marker), { recursive: true });
  await writeFile(marker, 'downloaded');
  return marker;
}

/** A library folder holding recordings whose notes were edited offline (sync pending). */
async function seedPending(userId: string, callIds: string[]): Promise<void> {
  const entry = (id: string) => ({
    id,
    kind: 'gsm',
    agentId: null,
    agentName: null,
    callerNumber: null,
    startedAt: '2026-11-20T10:00:00.000Z',
    duration: 30,
    mimeType: 'audio/wav',
    fileExtension: 'wav',
    size: 1,
    sha256: '0'.repeat(64),
    downloadedAt: '2026-11-20T10:00:00.000Z',
    annotation: {
      notes: 'offline note',
      tags: [],
      rubric: {},
      editedAt: '2026-11-20T10:00:00.000Z',
      syncState: 'pending',
      conflict: null,
    },
  });
  const dir = path.join(userData, 'library', userId);
  await mkdir(dir, { recursive: true });
  const index = {
    version: 1,
    settings: { maxBytes: null, wipeOnSignOut: false },
    entries: Object.fromEntries(callIds.map((id) => [id, entry(id)])),
  };
  await writeFile(path.join(dir, 'index.json'), JSON.stringify(index));
}

describe('library host', () => {
  it('opens one library per signed-in user, none while signed out', async () => {
    expect(host.current()).toBeNull();
    const alice = randomUUID();
    await signInWithMarker(alice);
    expect(host.current()).not.toBeNull();
    const bob = randomUUID();
    await host.setSession(tokenFor(bob));
    expect(host.current()?.search({ text: '', agentId: null, caller: '', since: null, until: null })).toEqual([]);
    // switching users does not delete the previous user's library
    expect(existsSync(path.join(userData, 'library', alice, 'marker.txt'))).toBe(true);
    await host.setSession(null);
    expect(host.current()).toBeNull();
  });

  it('wipes the library on sign-out when the owner chose so', async () => {
    const user = randomUUID();
    const marker = await signInWithMarker(user);
    await host.current()?.setSettings({ maxBytes: null, wipeOnSignOut: true });
    await host.setSession(null);
    expect(existsSync(marker)).toBe(false);
    // the choice itself survives the wipe
    await host.setSession(tokenFor(user));
    expect(host.current()?.getSettings()).toEqual({ maxBytes: null, wipeOnSignOut: true });
  });

  it('keeps the library on sign-out otherwise', async () => {
    const marker = await signInWithMarker(randomUUID());
    await host.setSession(null);
    expect(existsSync(marker)).toBe(true);
  });

  it('refuses a token whose subject is not a user id', async () => {
    await expect(host.setSession(tokenFor('../../etc'))).rejects.toThrow();
    expect(host.current()).toBeNull();
  });
  it('a failed open leaves nobody signed in, and the next session report opens the library', async () => {
    let failures = 1;
    const flaky = createLibraryHost({
      userDataDir: userData,
      backendConfig: async () => {
        if (failures-- > 0) throw new Error('backend not ready');
        return { supabaseUrl: 'http://127.0.0.1:9', supabaseAnonKey: 'anon' };
      },
      mediaUrl: (id) => `app://concierge/library-media/${id}`,
      emitProgress: () => {},
      emitChanged: () => {},
      webSocket: WebSocket,
    });
    const token = tokenFor(randomUUID());
    await expect(flaky.setSession(token)).rejects.toThrow('backend not ready');
    expect(flaky.current()).toBeNull();
    await flaky.setSession(token);
    expect(flaky.current()).not.toBeNull();
    await flaky.close();
  });

  it('a sign-out still syncing is not overtaken by the next sign-in: each library calls with its own token', async () => {
    const alice = randomUUID();
    const bob = randomUUID();
    const aliceCalls: string[] = [randomUUID(), randomUUID()];
    const bobCalls: string[] = [randomUUID()];
    await seedPending(alice, aliceCalls);
    await seedPending(bob, bobCalls);
    const seen: { callId: string; authorization: string | null }[] = [];
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const fetchStub: typeof fetch = async (input, init) => {
      const request = new Request(input, init);
      const json = (value: unknown) =>
        new Response(JSON.stringify(value), { headers: { 'content-type': 'application/json' } });
      // After the edits, each sync reads edits made elsewhere: none.
      if (request.method === 'GET') return json([]);
      const body = (await request.json()) as Record<string, unknown>;
      seen.push({ callId: String(body.call_id), authorization: request.headers.get('authorization') });
      await released; // the server is slow to answer
      return json([{ ...body, updated_at: new Date().toISOString(), lost: false }]);
    };
    const racing = createLibraryHost({
      userDataDir: userData,
      backendConfig: async () => ({ supabaseUrl: 'http://127.0.0.1:9', supabaseAnonKey: 'anon' }),
      mediaUrl: (id) => `app://concierge/library-media/${id}`,
      emitProgress: () => {},
      emitChanged: () => {},
      webSocket: WebSocket,
      fetch: fetchStub,
    });
    await racing.setSession(tokenFor(alice));
    const signOut = racing.setSession(null);
    // Alice's last sync is under way (and slow) when Bob signs in.
    await expect.poll(() => seen.length).toBeGreaterThan(0);
    const signIn = racing.setSession(tokenFor(bob));
    await new Promise((resolve) => setTimeout(resolve, 50));
    release();
    await Promise.all([signOut, signIn]);
    await racing.current()?.syncNow();

    const tokenOf = (ids: string[]) => new Set(seen.filter((s) => ids.includes(s.callId)).map((s) => s.authorization));
    expect(seen.filter((s) => aliceCalls.includes(s.callId))).toHaveLength(2);
    expect(tokenOf(aliceCalls)).toEqual(new Set([`Bearer ${tokenFor(alice)}`]));
    expect(tokenOf(bobCalls)).toEqual(new Set([`Bearer ${tokenFor(bob)}`]));
    expect(racing.current()?.status().pendingEdits).toBe(0);
    await racing.close();
  });
});
