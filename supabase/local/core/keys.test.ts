import { mkdtemp, readFile, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { signJwt, verifyJwt } from './jwt.ts';
import { generateStackKeys, KEYS_FILE, loadOrCreateStackKeys } from './keys.ts';

/** The Supabase CLI's public demo secret: nothing of ours may be signed with it. */
const DEMO_SECRET = 'super-secret-jwt-token-with-at-least-32-characters-long';

describe('generateStackKeys', () => {
  it('makes a fresh secret and role keys every time, never the demo ones', async () => {
    const [a, b] = await Promise.all([generateStackKeys(), generateStackKeys()]);
    expect(a.jwtSecret).not.toBe(b.jwtSecret);
    expect(Buffer.byteLength(a.jwtSecret)).toBeGreaterThanOrEqual(32);
    expect(await verifyJwt(a.anonKey, a.jwtSecret)).toMatchObject({ ok: true, claims: { role: 'anon' } });
    expect(await verifyJwt(a.serviceRoleKey, a.jwtSecret)).toMatchObject({
      ok: true,
      claims: { role: 'service_role' },
    });
    expect((await verifyJwt(a.serviceRoleKey, DEMO_SECRET)).ok).toBe(false);
    expect(a.publishableKey).toMatch(/^sb_publishable_/);
    expect(a.secretKey).toMatch(/^sb_secret_/);
    expect(a.inboxKey).not.toBe(b.inboxKey);
  });
});

describe('loadOrCreateStackKeys', () => {
  it('writes the keys once (owner-only) and reads the same ones back', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'keys-'));
    const first = await loadOrCreateStackKeys(dir);
    expect((await stat(path.join(dir, KEYS_FILE))).mode & 0o777).toBe(0o600);
    expect(await loadOrCreateStackKeys(dir)).toEqual(first);
  });

  it('replaces a consistent file that holds the public demo secret and keys signed with it', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'keys-'));
    const good = await generateStackKeys();
    const claims = (role: string) => ({ iss: 'supabase-demo', role });
    const demo = {
      ...good,
      jwtSecret: DEMO_SECRET,
      anonKey: await signJwt(claims('anon'), DEMO_SECRET, 3600),
      serviceRoleKey: await signJwt(claims('service_role'), DEMO_SECRET, 3600),
    };
    await writeFile(path.join(dir, KEYS_FILE), JSON.stringify(demo));
    const lines: string[] = [];
    const keys = await loadOrCreateStackKeys(dir, (m) => lines.push(m));
    expect(keys.jwtSecret).not.toBe(DEMO_SECRET);
    expect((await verifyJwt(keys.serviceRoleKey, DEMO_SECRET)).ok).toBe(false);
    expect(JSON.parse(await readFile(path.join(dir, KEYS_FILE), 'utf8'))).toEqual(keys);
    expect(lines.join('\n')).toMatch(/demo/);
  });

  it('replaces a file whose keys do not verify with its secret', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'keys-'));
    const good = await generateStackKeys();
    await writeFile(path.join(dir, KEYS_FILE), JSON.stringify({ ...good, jwtSecret: DEMO_SECRET }));
    const keys = await loadOrCreateStackKeys(dir);
    expect(keys.jwtSecret).not.toBe(DEMO_SECRET);
    expect(JSON.parse(await readFile(path.join(dir, KEYS_FILE), 'utf8'))).toEqual(keys);
  });
});
