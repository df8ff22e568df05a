import { cp, mkdtemp, mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStack } from '../../../supabase/local/index.ts';
import { migratedSnapshot, snapshotKey } from '../../support/migrated-snapshot.ts';
import { startTestStack } from '../support/stack.ts';

/**
 * Integration stacks start from a migrated snapshot (tests/support/migrated-snapshot.ts): a stale
 * snapshot would silently test yesterday's schema, and a shared one must not share keys or data.
 */
let root: string;
let projectDir: string;
let cacheDir: string;

async function writeProjectFile(name: string, content: string): Promise<void> {
  const file = path.join(projectDir, name);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, content);
}

/** Tables of the public schema in a database started from the project's current snapshot. */
async function tablesFromSnapshot(): Promise<string[]> {
  const { data } = await migratedSnapshot(projectDir, cacheDir);
  const stack = await startStack({ projectDir, dataDir: null, port: 0, initialData: data });
  try {
    const { rows } = await stack.db.query<{ name: string }>(
      `select tablename as name from pg_tables where schemaname = 'public' order by 1`,
    );
    return rows.map((r) => r.name);
  } finally {
    await stack.stop();
  }
}

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'concierge-snapshot-'));
  projectDir = path.join(root, 'project');
  cacheDir = path.join(root, 'cache');
  await writeProjectFile('supabase/migrations/20260101000000_create_notes.sql', 'create table notes (id int);');
  await writeProjectFile('supabase/seed.sql', 'insert into notes values (1);');
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('migrated snapshot', () => {
  it('is built once with the migrated schema and seeded rows, then served from the cache', async () => {
    const first = await migratedSnapshot(projectDir, cacheDir);
    expect(first.built).toBe(true);
    expect(await readdir(cacheDir)).toEqual([`${first.key}.tar.gz`]);
    const stack = await startStack({ projectDir, dataDir: null, port: 0, initialData: first.data });
    try {
      expect((await stack.db.query('select id from public.notes')).rows).toEqual([{ id: 1 }]);
    } finally {
      await stack.stop();
    }
    // Another process finds the file (the in-process memo is per cache folder, so a copy of the
    // folder plays that process).
    const otherCache = path.join(root, 'other-cache');
    await cp(cacheDir, otherCache, { recursive: true });
    const second = await migratedSnapshot(projectDir, otherCache);
    expect(second).toMatchObject({ key: first.key, built: false });
    expect(second.data.size).toBe(first.data.size);
  });

  it('is rebuilt when a migration is added or edited or the seed changes', async () => {
    const keys = [await snapshotKey(projectDir)];
    await writeProjectFile('supabase/migrations/20260102000000_create_tags.sql', 'create table tags (id int);');
    keys.push(await snapshotKey(projectDir));
    expect(await tablesFromSnapshot()).toEqual(['notes', 'tags']);

    await writeProjectFile('supabase/migrations/20260102000000_create_tags.sql', 'create table labels (id int);');
    keys.push(await snapshotKey(projectDir));
    await writeProjectFile('supabase/seed.sql', 'insert into notes values (2);');
    keys.push(await snapshotKey(projectDir));
    expect(new Set(keys).size).toBe(4);
    // Unchanged files give the same key (what makes the cache hit).
    expect(await snapshotKey(projectDir)).toBe(keys[3]);
  });

  it('gives every stack its own keys and its own copy of the data', async () => {
    const { data } = await migratedSnapshot(projectDir, cacheDir);
    const a = await startTestStack({ projectDir, initialData: data });
    const b = await startTestStack({ projectDir, initialData: data });
    try {
      expect(a.config.jwtSecret).not.toBe(b.config.jwtSecret);
      expect(a.serviceRoleKey).not.toBe(b.serviceRoleKey);
      // A token of one stack is refused by the other.
      const res = await fetch(`${b.url}/rest/v1/notes?select=id`, {
        headers: { apikey: a.serviceRoleKey, authorization: `Bearer ${a.serviceRoleKey}` },
      });
      expect(res.status).toBe(401);
      await a.db.exec('insert into public.notes values (42)');
      expect((await b.db.query('select id from public.notes where id = 42')).rows).toEqual([]);
    } finally {
      await Promise.all([a.stop(), b.stop()]);
    }
  });

  it('starts a persisted data dir from it, with keys written for that data dir', async () => {
    // The project as the previous test left it: seed inserts note 2.
    const { data } = await migratedSnapshot(projectDir, cacheDir);
    const dataDir = path.join(root, 'persisted', 'data');
    const first = await startStack({ projectDir, dataDir, port: 0, initialData: data });
    const firstSecret = first.config.jwtSecret;
    await first.db.exec('insert into public.notes values (7)');
    await first.stop();
    // A second start opens the existing database (the snapshot is ignored) with the same keys.
    const again = await startStack({ projectDir, dataDir, port: 0, initialData: data });
    try {
      expect(again.created).toBe(false);
      expect(again.config.jwtSecret).toBe(firstSecret);
      expect((await again.db.query('select id from public.notes order by id')).rows).toEqual([{ id: 2 }, { id: 7 }]);
    } finally {
      await again.stop();
    }
  });
});
