import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';

const BOOTSTRAP_DIR = fileURLToPath(new URL('../bootstrap/', import.meta.url));

/**
 * Applies the platform bootstrap (roles, auth, storage, realtime plumbing): every
 * `supabase/local/bootstrap/NN_name.sql` not yet recorded in `_local.bootstrap`, in order.
 * Files are append-only like migrations, so an existing data dir picks up new ones on start.
 */
export async function applyBootstrap(
  db: PGlite,
  log: (m: string) => void = () => {},
  // A bundled stack passes the folder it ships the SQL in (BundledModules.bootstrapDir).
  dir: string = BOOTSTRAP_DIR,
): Promise<void> {
  // Skip the DDL on an existing database: DDL fires the schema-watch event trigger (05_schema_watch.sql).
  const ready = await db.query<{ ok: boolean }>(`select to_regclass('_local.bootstrap') is not null as ok`);
  if (!ready.rows[0]?.ok) {
    await db.exec(`create schema if not exists _local;
      create table if not exists _local.bootstrap (name text primary key, applied_at timestamptz not null default now());
      revoke all on schema _local from public;`);
  }
  const applied = new Set(
    (await db.query<{ name: string }>('select name from _local.bootstrap')).rows.map((r) => r.name),
  );
  const files = (await readdir(dir)).filter((f) => f.endsWith('.sql')).sort();
  for (const file of files) {
    if (applied.has(file)) continue;
    const sql = await readFile(path.join(dir, file), 'utf8');
    try {
      await db.transaction(async (tx) => {
        await tx.exec(sql);
        await tx.query('insert into _local.bootstrap (name) values ($1)', [file]);
      });
    } catch (error) {
      throw new Error(`Local stack bootstrap ${file} failed: ${(error as Error).message}`, { cause: error });
    }
    log(`bootstrap: applied ${file}`);
  }
}
