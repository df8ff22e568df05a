import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStack, type RunningStack } from '../../../supabase/local/index.ts';
import { binaryPayload, clientFor, FIXTURE_DIR, signedInUser } from './helpers.ts';

/**
 * Bytes on disk with a persistent data dir: layout `<bucket>/<name>/<version>`, one version left
 * after a replace, folders pruned after a delete, objects surviving a restart, and leftovers of
 * interrupted uploads swept at start.
 */
let root: string;
let filesRoot: string;

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'storage-persistence-'));
  filesRoot = path.join(root, 'files');
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

function start(): Promise<RunningStack> {
  return startStack({ projectDir: FIXTURE_DIR, dataDir: path.join(root, 'data'), port: 0 });
}

describe('bytes on disk', () => {
  it('keeps one version per object, prunes deleted objects, and survives a restart', async () => {
    const payload = binaryPayload(10_000);
    let userId: string;
    let token: string;

    const first = await start();
    try {
      const user = await signedInUser(first);
      userId = user.id;
      token = user.token;
      const bucket = user.client.storage.from('avatars');
      expect((await bucket.upload(`${user.id}/x.txt`, 'v1')).error).toBeNull();
      expect((await bucket.upload(`${user.id}/x.txt`, 'version 2', { upsert: true })).error).toBeNull();

      const versionsDir = path.join(filesRoot, 'storage', 'avatars', user.id, 'x.txt');
      const versions = await readdir(versionsDir);
      expect(versions).toHaveLength(1);
      expect(versions[0]).toMatch(/^[0-9a-f-]{36}$/);
      expect(await readFile(path.join(versionsDir, versions[0]!), 'utf8')).toBe('version 2');
      const row = await first.db.query<{ version: string }>(`select version from storage.objects where name = $1`, [`${user.id}/x.txt`]);
      expect(row.rows[0]!.version).toBe(versions[0]);

      await bucket.upload(`${user.id}/gone/y.txt`, 'y');
      expect((await bucket.remove([`${user.id}/gone/y.txt`])).data).toHaveLength(1);
      expect(await readdir(path.join(filesRoot, 'storage', 'avatars', user.id))).toEqual(['x.txt']);

      expect((await bucket.upload(`${user.id}/keep.bin`, payload)).error).toBeNull();
    } finally {
      await first.stop();
    }

    // A crash mid-upload leaves only a temp file, never referenced by a row; start sweeps it.
    await writeFile(path.join(filesRoot, 'storage-tmp', 'interrupted-upload'), 'partial');

    const second = await start();
    try {
      const client = clientFor(second, second.anonKey, token);
      const { data, error } = await client.storage.from('avatars').download(`${userId}/keep.bin`);
      expect(error).toBeNull();
      expect(Buffer.from(await data!.arrayBuffer()).equals(Buffer.from(payload))).toBe(true);
      expect(await (await client.storage.from('avatars').download(`${userId}/x.txt`)).data!.text()).toBe('version 2');
      expect(await readdir(path.join(filesRoot, 'storage-tmp'))).toEqual([]);
      const declared = await clientFor(second, second.serviceRoleKey).storage.getBucket('declared');
      expect(declared.data).toMatchObject({ file_size_limit: 2048 });
    } finally {
      await second.stop();
    }
  });
});
