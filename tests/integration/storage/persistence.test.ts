import { mkdtemp, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStack, type RunningStack } from '../../../supabase/local/index.ts';
import { migratedSnapshot } from '../../support/migrated-snapshot.ts';
import { binaryPayload, clientFor, FIXTURE_DIR, signedInUser, type TestUser } from './helpers.ts';

/**
 * Bytes on disk with a persistent data dir: layout `<bucket>/<name>/<version>`, one version left
 * after replaces (also concurrent ones), folders pruned after a delete, objects surviving a restart,
 * and leftovers of interrupted uploads swept at start. The tests share one stack and run in order.
 */
let root: string;
let filesRoot: string;
let stack: RunningStack;
let user: TestUser;

/** The data dir is created from the fixture's migrated snapshot, then reopened as it is. */
async function start(): Promise<RunningStack> {
  const { data } = await migratedSnapshot(FIXTURE_DIR);
  return startStack({ projectDir: FIXTURE_DIR, dataDir: path.join(root, 'data'), port: 0, initialData: data });
}

function versionsOf(key: string): Promise<string[]> {
  return readdir(path.join(filesRoot, 'storage', 'avatars', ...key.split('/')));
}

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'storage-persistence-'));
  // Inside the data folder: deleting that one folder starts over, uploads included.
  filesRoot = path.join(root, 'data', 'files');
  stack = await start();
  user = await signedInUser(stack);
});

afterAll(async () => {
  await stack?.stop();
  await rm(root, { recursive: true, force: true });
});

describe('bytes on disk', () => {
  it('keeps exactly one version file per object after a replace, named by the row’s version', async () => {
    const bucket = user.client.storage.from('avatars');
    expect((await bucket.upload(`${user.id}/x.txt`, 'v1')).error).toBeNull();
    expect((await bucket.upload(`${user.id}/x.txt`, 'version 2', { upsert: true })).error).toBeNull();

    const versions = await versionsOf(`${user.id}/x.txt`);
    expect(versions).toHaveLength(1);
    expect(versions[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(await readFile(path.join(filesRoot, 'storage', 'avatars', user.id, 'x.txt', versions[0]!), 'utf8')).toBe(
      'version 2',
    );
    const row = await stack.db.query<{ version: string }>(`select version from storage.objects where name = $1`, [
      `${user.id}/x.txt`,
    ]);
    expect(row.rows[0]!.version).toBe(versions[0]);
  });

  it('prunes the folders a deleted object leaves empty', async () => {
    const bucket = user.client.storage.from('avatars');
    await bucket.upload(`${user.id}/gone/deeper/y.txt`, 'y');
    expect((await bucket.remove([`${user.id}/gone/deeper/y.txt`])).data).toHaveLength(1);
    expect(await readdir(path.join(filesRoot, 'storage', 'avatars', user.id))).toEqual(['x.txt']);
  });

  it('concurrent uploads to one key: one wins without upsert, upserts leave one row and one file', async () => {
    const bucket = user.client.storage.from('avatars');
    const key = `${user.id}/race.txt`;
    const plain = await Promise.all(Array.from({ length: 6 }, (_, i) => bucket.upload(key, `plain ${i}`)));
    expect(plain.filter((r) => r.error === null)).toHaveLength(1);
    expect(plain.filter((r) => r.error?.statusCode === '409')).toHaveLength(5);
    expect(await versionsOf(key)).toHaveLength(1);

    const upserts = await Promise.all(
      Array.from({ length: 6 }, (_, i) => bucket.upload(key, `upsert ${i}`, { upsert: true })),
    );
    expect(upserts.every((r) => r.error === null)).toBe(true);
    const versions = await versionsOf(key);
    expect(versions).toHaveLength(1);
    const row = await stack.db.query<{ version: string; n: number }>(
      `select max(version) as version, count(*)::int as n from storage.objects where name = $1`,
      [key],
    );
    expect(row.rows[0]).toEqual({ version: versions[0], n: 1 });
    expect(await (await bucket.download(key)).data!.text()).toMatch(/^upsert \d$/);
  });

  it('keeps objects across a restart and sweeps temp files of interrupted uploads', async () => {
    const payload = binaryPayload(10_000);
    expect((await user.client.storage.from('avatars').upload(`${user.id}/keep.bin`, payload)).error).toBeNull();
    await stack.stop();

    // A crash mid-upload leaves only a temp file, never referenced by a row; start sweeps it.
    await writeFile(path.join(filesRoot, 'storage-tmp', 'interrupted-upload'), 'partial');

    stack = await start();
    const client = clientFor(stack, stack.anonKey, user.token);
    const { data, error } = await client.storage.from('avatars').download(`${user.id}/keep.bin`);
    expect(error).toBeNull();
    expect(Buffer.from(await data!.arrayBuffer()).equals(Buffer.from(payload))).toBe(true);
    expect(await (await client.storage.from('avatars').download(`${user.id}/x.txt`)).data!.text()).toBe('version 2');
    expect(await readdir(path.join(filesRoot, 'storage-tmp'))).toEqual([]);
    const declared = await clientFor(stack, stack.serviceRoleKey).storage.getBucket('declared');
    expect(declared.data).toMatchObject({ file_size_limit: 2048 });
  });

  it('moves the files an older install kept beside the data folder into it, losing none', async () => {
    await stack.stop();
    // The layout before: `<parent>/data` (database) and `<parent>/files` (stored files) side by side.
    const legacy = path.join(root, 'files');
    await rename(filesRoot, legacy);

    stack = await start();
    const client = clientFor(stack, stack.anonKey, user.token);
    expect(await (await client.storage.from('avatars').download(`${user.id}/x.txt`)).data!.text()).toBe('version 2');
    await expect(stat(legacy)).rejects.toMatchObject({ code: 'ENOENT' });
    expect(await versionsOf(`${user.id}/x.txt`)).toHaveLength(1);
  });

  it('deleting the data folder to start over deletes the uploads too', async () => {
    await stack.stop();
    await rm(path.join(root, 'data'), { recursive: true, force: true });
    expect(await readdir(root)).toEqual([]);

    stack = await start();
    user = await signedInUser(stack);
    const { data, error } = await user.client.storage.from('avatars').list(user.id);
    expect(error).toBeNull();
    expect(data).toEqual([]);
  });
});
