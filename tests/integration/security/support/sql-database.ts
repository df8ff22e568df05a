import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { applyBootstrap } from '../../../../supabase/local/core/bootstrap.ts';
import { openDatabase } from '../../../../supabase/local/core/db.ts';
import { applyMigrations, applySeed } from '../../../../supabase/local/core/migrations.ts';

const PROJECT_DIR = fileURLToPath(new URL('../../../../', import.meta.url));

/**
 * An in-memory database with the platform bootstrap, the migrations and the seed, without the
 * HTTP services: for SQL-level checks (column privileges, triggers) that do not need /rest/v1.
 * Missing platform schemas (auth, storage) are stubbed only when the bootstrap lacks them.
 */
export async function openMigratedDatabase(options: { seed?: boolean; before?: string } = {}): Promise<PGlite> {
  const db = await openDatabase();
  await applyBootstrap(db);
  const present = await db.query<{ auth: string | null; storage: string | null }>(
    "select to_regclass('auth.users')::text as auth, to_regclass('storage.buckets')::text as storage",
  );
  if (!present.rows[0]?.auth || !present.rows[0]?.storage) {
    await db.exec(
      await readFile(path.join(path.dirname(fileURLToPath(import.meta.url)), 'platform-stubs.sql'), 'utf8'),
    );
  }
  // A data migration's test stops short of it (migrations from `before` on count as applied until
  // applyLaterMigrations), fills the old shape, then applies it.
  const held = options.before ? await laterVersions(options.before) : [];
  for (const version of held) {
    await db.query('insert into supabase_migrations.schema_migrations (version, name) values ($1, $2)', [
      version,
      'held back',
    ]);
  }
  await applyMigrations(db, PROJECT_DIR);
  if (options.seed !== false) await applySeed(db, PROJECT_DIR);
  if (held.length > 0) {
    await db.query('delete from supabase_migrations.schema_migrations where version = any($1)', [held]);
  }
  return db;
}

async function laterVersions(before: string): Promise<string[]> {
  const files = await readdir(path.join(PROJECT_DIR, 'supabase', 'migrations'));
  return files
    .map((file) => /^(\d{14})_.+\.sql$/.exec(file)?.[1])
    .filter((version): version is string => version !== undefined && version >= before);
}

/** Applies the migrations a `before` database held back. */
export async function applyLaterMigrations(db: PGlite): Promise<void> {
  await applyMigrations(db, PROJECT_DIR);
}
