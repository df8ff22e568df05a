/**
 * A migrated and seeded database, built once and reused by every test stack.
 *
 * Starting PGlite on an empty cluster runs initdb in WASM and then replays every migration and the
 * seed: seconds per stack, paid by every integration file and every e2e product. A `dumpDataDir()`
 * tarball of a database that already went through that loads in a fraction of it, and each stack
 * still gets its own copy (and its own keys: they live outside the database).
 *
 * Snapshots are cached in `.concierge/test-snapshots/<key>.tar.gz` (git-ignored), where the key hashes
 * everything that shapes the database: the project's migrations, seed and config.toml, the embedded
 * stack's code (bootstrap SQL, inbox table, storage buckets...) and the PGlite version. Editing any
 * of them builds a new snapshot on the next run; nothing has to be cleaned by hand.
 */
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { gunzip, gzip } from 'node:zlib';
import { startStack } from '../../supabase/local/index.ts';

const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

export const SNAPSHOT_CACHE_DIR = path.join(REPO_ROOT, '.concierge', 'test-snapshots');

/** Bump when the way snapshots are made changes in a way the hashed files do not show. */
const FORMAT = 'concierge-test-snapshot/1';
/** Snapshots unused for this long are deleted when a new one is written (each is a few MB). */
const UNUSED_MAX_AGE_MS = 7 * 24 * 3600_000;
/**
 * On disk gzipped: a tarball is ~45 MB, mostly zeros (a WAL segment, empty pages), and gzips to
 * ~6 MB; native gunzip costs ~0.1 s per stack, much less than PGlite's own gzip loading.
 */
const SUFFIX = '.tar.gz';
const gzipAsync = promisify(gzip);
const gunzipAsync = promisify(gunzip);

/** Set `CONCIERGE_TEST_SNAPSHOT=off` to replay migrations per stack (e.g. to debug a migration). */
export function snapshotsEnabled(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.CONCIERGE_TEST_SNAPSHOT !== 'off';
}

async function listFiles(dir: string, keep: (relative: string) => boolean, base = dir): Promise<string[]> {
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const files: string[] = [];
  for (const entry of entries) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) files.push(...(await listFiles(full, keep, base)));
    else if (keep(path.relative(base, full))) files.push(full);
  }
  return files.sort();
}

async function hashFiles(hash: ReturnType<typeof createHash>, label: string, base: string, files: string[]) {
  for (const file of files) {
    const content = await readFile(file);
    // Length-prefixed, so no two different file sets can hash the same stream.
    hash.update(`${label}:${path.relative(base, file)}:${content.length}\n`).update(content);
  }
}

/** The cache key of `projectDir`'s migrated database (hex sha256). */
export async function snapshotKey(projectDir: string): Promise<string> {
  const hash = createHash('sha256').update(`${FORMAT}\n`);
  const supabaseDir = path.join(projectDir, 'supabase');
  const projectFiles = [
    ...(await listFiles(path.join(supabaseDir, 'migrations'), () => true)),
    ...(await listFiles(supabaseDir, (f) => f === 'seed.sql' || f === 'config.toml')),
  ];
  await hashFiles(hash, 'project', projectDir, projectFiles);
  const localDir = path.join(REPO_ROOT, 'supabase', 'local');
  const stackFiles = await listFiles(localDir, (f) => !f.endsWith('.test.ts') && !f.endsWith('.md'));
  await hashFiles(hash, 'stack', localDir, stackFiles);
  const pglite = path.join(REPO_ROOT, 'node_modules', '@electric-sql', 'pglite', 'package.json');
  hash.update(`pglite:${(JSON.parse(await readFile(pglite, 'utf8')) as { version: string }).version}\n`);
  return hash.digest('hex');
}

/** Builds the snapshot the way every stack starts: the real start path, then a dump. */
async function build(projectDir: string): Promise<Uint8Array<ArrayBuffer>> {
  const stack = await startStack({ projectDir, dataDir: null, port: 0 });
  try {
    return new Uint8Array(await (await stack.db.dumpDataDir('none')).arrayBuffer());
  } finally {
    await stack.stop();
  }
}

async function prune(cacheDir: string, keep: string): Promise<void> {
  const now = Date.now();
  for (const name of await readdir(cacheDir).catch(() => [] as string[])) {
    if (name === keep) continue;
    const file = path.join(cacheDir, name);
    const info = await stat(file).catch(() => null);
    // Half-written files of a crashed run are old after an hour; snapshots after a week unused.
    const maxAge = name.endsWith(SUFFIX) ? UNUSED_MAX_AGE_MS : 3600_000;
    if (info && now - info.mtimeMs > maxAge) await rm(file, { force: true });
  }
}

export interface SnapshotResult {
  data: Blob;
  key: string;
  /** True when this call built it (no cached file for the key). */
  built: boolean;
}

const inProcess = new Map<string, Promise<SnapshotResult>>();

/**
 * The migrated+seeded database of `projectDir` as a PGlite tarball, from the cache or built now.
 * Concurrent processes may both build a missing key; each writes a temporary file and renames it,
 * so readers only ever see whole snapshots.
 */
export async function migratedSnapshot(
  projectDir: string,
  cacheDir: string = SNAPSHOT_CACHE_DIR,
): Promise<SnapshotResult> {
  const key = await snapshotKey(projectDir);
  const memo = `${cacheDir}\0${key}`;
  let pending = inProcess.get(memo);
  if (!pending) {
    pending = load(projectDir, cacheDir, key);
    inProcess.set(memo, pending);
    pending.catch(() => inProcess.delete(memo));
  }
  return pending;
}

async function load(projectDir: string, cacheDir: string, key: string): Promise<SnapshotResult> {
  const file = path.join(cacheDir, `${key}${SUFFIX}`);
  try {
    const bytes = new Uint8Array(await gunzipAsync(await readFile(file)));
    const now = new Date();
    // The mtime says when it was last used (see prune).
    await utimes(file, now, now).catch(() => {});
    return { data: new Blob([bytes]), key, built: false };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const bytes = await build(projectDir);
  await mkdir(cacheDir, { recursive: true });
  const temp = `${file}.${process.pid}.${Date.now()}.tmp`;
  await writeFile(temp, await gzipAsync(bytes));
  await rename(temp, file);
  await prune(cacheDir, path.basename(file));
  return { data: new Blob([bytes]), key, built: true };
}
