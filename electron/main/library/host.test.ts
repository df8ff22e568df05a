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
});
