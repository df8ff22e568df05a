/**
 * A throwaway real PostgreSQL 15 shaped like a hosted Supabase project before its first migration
 * (hosted-platform.sql): the cluster's superuser is `supabase_admin`, and `postgres`, the role
 * `supabase db push` connects as, is not a superuser. PGlite runs everything as a superuser, so a
 * migration that only a superuser could apply passes there and fails here, as on hosted.
 */
import { existsSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startPostgres, type Postgres } from './real-postgres.ts';

const HERE = dirname(fileURLToPath(import.meta.url));
export const MIGRATIONS_DIR = join(HERE, '../../../supabase/migrations');
const PLATFORM_SQL = join(HERE, 'hosted-platform.sql');
const PGVECTOR_CONTROL = '/usr/share/postgresql/15/extension/vector.control';

export async function startHostedPostgres(): Promise<Postgres> {
  if (!existsSync(PGVECTOR_CONTROL)) {
    throw new Error(
      `pgvector is not installed for PostgreSQL 15 (${PGVECTOR_CONTROL} is missing); npm test installs it, ` +
        'or, as root on Debian 12: node scripts/lib/pgvector.mjs',
    );
  }
  const pg = await startPostgres({ superuser: 'supabase_admin' });
  const setup = await pg.psql('supabase_admin', ['-v', 'ON_ERROR_STOP=1', '--single-transaction', '-f', PLATFORM_SQL]);
  if (setup.status !== 0) {
    pg.stop();
    throw new Error(`preparing the hosted-like database failed:\n${setup.stderr}`);
  }
  return pg;
}

export interface MigrationFile {
  version: string;
  name: string;
  path: string;
}

/** The project's migrations in the order the CLI applies them (their timestamps). */
export function migrationFiles(): MigrationFile[] {
  return readdirSync(MIGRATIONS_DIR)
    .filter((file) => file.endsWith('.sql'))
    .sort()
    .map((file) => {
      const match = /^(\d{14})_([a-z0-9_]+)\.sql$/.exec(file);
      if (!match?.[1] || !match[2]) throw new Error(`${file} is not named YYYYMMDDHHMMSS_verb_object.sql`);
      return { version: match[1], name: match[2], path: join(MIGRATIONS_DIR, file) };
    });
}

export interface PushResult {
  applied: string[];
  failed?: { file: string; error: string };
}

/**
 * Applies `files` the way `supabase db push` does: the CLI's bookkeeping table first, then each
 * file in its own connection as postgres, in one transaction with the row recording its version.
 * Stops at the first file that fails (later files build on it).
 */
export async function pushMigrations(pg: Postgres, files: MigrationFile[]): Promise<PushResult> {
  const bookkeeping = await pg.psql('postgres', [
    '-v',
    'ON_ERROR_STOP=1',
    '-c',
    `create schema if not exists supabase_migrations;
     create table if not exists supabase_migrations.schema_migrations (version text primary key, statements text[], name text);`,
  ]);
  if (bookkeeping.status !== 0)
    return { applied: [], failed: { file: '(migration history table)', error: bookkeeping.stderr } };
  const applied: string[] = [];
  for (const file of files) {
    const run = await pg.psql('postgres', [
      '-v',
      'ON_ERROR_STOP=1',
      '--single-transaction',
      '-f',
      file.path,
      // Safe to inline: the name pattern above admits digits, lowercase letters and '_' only.
      '-c',
      `insert into supabase_migrations.schema_migrations (version, name) values ('${file.version}', '${file.name}')`,
    ]);
    if (run.status !== 0) {
      return { applied, failed: { file: `${file.version}_${file.name}.sql`, error: errorText(run.stderr) } };
    }
    applied.push(file.version);
  }
  return { applied };
}

/** psql's ERROR (with the file's line number) and the context after it, without the NOTICEs before. */
function errorText(stderr: string): string {
  const lines = stderr.split('\n');
  const at = lines.findIndex((line) => line.includes('ERROR:'));
  return (at >= 0 ? lines.slice(at) : lines)
    .join('\n')
    .replace(/^psql:[^\n]*\/([^/\n]+\.sql):(\d+): /, 'line $2: ')
    .trim();
}
