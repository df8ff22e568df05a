import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';

const MIGRATION_FILE = /^(\d{14})_(.+)\.sql$/;

export class MigrationError extends Error {}

/**
 * Applies `supabase/migrations/*.sql` not yet recorded, in lexical order, each in its own
 * transaction, recording `(version, statements, name)` in supabase_migrations.schema_migrations as the
 * supabase CLI does. A failing file stops the start with its name and the Postgres error.
 */
export async function applyMigrations(
  db: PGlite,
  projectDir: string,
  log: (m: string) => void = () => {},
): Promise<number> {
  const dir = path.join(projectDir, 'supabase', 'migrations');
  let files: string[] = [];
  try {
    files = (await readdir(dir)).filter((f) => MIGRATION_FILE.test(f)).sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const applied = new Set(
    (await db.query<{ version: string }>('select version from supabase_migrations.schema_migrations')).rows.map(
      (r) => r.version,
    ),
  );
  let count = 0;
  for (const file of files) {
    const [, version, name] = MIGRATION_FILE.exec(file)!;
    if (applied.has(version!)) continue;
    const sql = await readFile(path.join(dir, file), 'utf8');
    try {
      await db.transaction(async (tx) => {
        await tx.exec(sql);
        await tx.query(
          'insert into supabase_migrations.schema_migrations (version, statements, name) values ($1, $2, $3)',
          [version, [sql], name],
        );
      });
    } catch (error) {
      const pg = error as { message: string; detail?: string; hint?: string; position?: string };
      const extra = [
        pg.detail && `detail: ${pg.detail}`,
        pg.hint && `hint: ${pg.hint}`,
        pg.position && `position: ${pg.position}`,
      ]
        .filter(Boolean)
        .join('; ');
      throw new MigrationError(
        `Migration supabase/migrations/${file} failed: ${pg.message}${extra ? ` (${extra})` : ''}`,
      );
    }
    log(`migrations: applied ${file}`);
    count++;
  }
  return count;
}

/**
 * Runs supabase/seed.sql once per database, recorded in `supabase_migrations.seed_files(path, hash)`
 * as the supabase CLI records seeds; a seed edited later is not re-run (log says so) — reset the
 * data dir to re-seed, as `supabase db reset` would.
 */
export async function applySeed(db: PGlite, projectDir: string, log: (m: string) => void = () => {}): Promise<boolean> {
  const seedPath = 'supabase/seed.sql';
  let sql: string;
  try {
    sql = await readFile(path.join(projectDir, seedPath), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
  const hash = createHash('sha256').update(sql).digest('hex');
  const recorded = await db.query<{ hash: string }>('select hash from supabase_migrations.seed_files where path = $1', [
    seedPath,
  ]);
  if (recorded.rows.length > 0) {
    if (recorded.rows[0]!.hash !== hash)
      log(`seed: ${seedPath} changed since it was applied; not re-run (delete the data dir to re-seed)`);
    return false;
  }
  try {
    await db.transaction(async (tx) => {
      await tx.exec(sql);
      await tx.query('insert into supabase_migrations.seed_files (path, hash) values ($1, $2)', [seedPath, hash]);
    });
  } catch (error) {
    const pg = error as { message: string; detail?: string; position?: string };
    const extra = [pg.detail && `detail: ${pg.detail}`, pg.position && `position: ${pg.position}`]
      .filter(Boolean)
      .join('; ');
    throw new MigrationError(`Seed ${seedPath} failed: ${pg.message}${extra ? ` (${extra})` : ''}`);
  }
  log(`seed: applied ${seedPath}`);
  return true;
}
