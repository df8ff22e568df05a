import { readFile } from 'node:fs/promises';
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
export async function openMigratedDatabase(options: { seed?: boolean } = {}): Promise<PGlite> {
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
  await applyMigrations(db, PROJECT_DIR);
  if (options.seed !== false) await applySeed(db, PROJECT_DIR);
  return db;
}
