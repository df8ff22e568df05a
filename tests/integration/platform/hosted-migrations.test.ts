/**
 * Every migration applies alone, as `supabase db push` applies it to a hosted project: on a fresh
 * PostgreSQL 15 with pgvector, each file in its own connection and transaction, as the role
 * `postgres`, which on hosted Supabase is not a superuser. The local stack (PGlite) runs migrations
 * as a superuser and so cannot show a statement that needs one.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { migrationFiles, pushMigrations, startHostedPostgres } from '../support/hosted-postgres.ts';
import type { Postgres } from '../support/real-postgres.ts';

// Started by the first test rather than in a hook: when PostgreSQL 15 or pgvector is missing,
// every test then fails with that message instead of being reported as skipped.
let started: Promise<Postgres> | undefined;
const database = () => (started ??= startHostedPostgres());

afterAll(async () => (await started?.catch(() => undefined))?.stop());

async function asPostgres(sql: string) {
  return (await database()).psql('postgres', ['-A', '-t', '-v', 'ON_ERROR_STOP=1', '-c', sql]);
}

describe('a fresh database shaped like hosted Supabase', () => {
  it('connects the project as postgres, which is not a superuser', async () => {
    const role = await asPostgres(
      `select current_user || ' ' || r.rolsuper || ' ' || r.rolcreaterole || ' ' || pg_has_role('postgres', 'authenticated', 'member')
         from pg_roles r where r.rolname = current_user`,
    );
    expect(role.stdout.trim()).toBe('postgres false true true');
  });

  it('has pgvector 0.8 or later in the extensions schema, installed by the platform', async () => {
    const vector = await asPostgres(
      `select e.extversion || ' ' || n.nspname from pg_extension e join pg_namespace n on n.oid = e.extnamespace where e.extname = 'vector'`,
    );
    const [version = '', schema] = vector.stdout.trim().split(' ');
    expect(schema).toBe('extensions');
    const [major = 0, minor = 0] = version.split('.').map(Number);
    expect(major * 100 + minor, `pgvector ${version}`).toBeGreaterThanOrEqual(8);
  });

  it('refuses postgres what the platform refuses: new objects in auth and storage, and superuser-only settings', async () => {
    const authTable = await asPostgres('create table auth.mine (id int)');
    expect(authTable.stderr).toContain('permission denied for schema auth');
    const storageFunction = await asPostgres(
      'create function storage.mine() returns int language sql as $$ select 1 $$',
    );
    expect(storageFunction.stderr).toContain('postgres may add only policies and triggers in schema storage');
    const unloaded = await asPostgres(
      `create function public.mine() returns int language sql set pg_trgm.similarity_threshold = 0.5 as $$ select 1 $$`,
    );
    expect(unloaded.stderr).toContain('permission denied to set parameter');
  });
});

describe('supabase db push on that database', () => {
  it('applies every migration, each alone in its own connection, as postgres', async () => {
    const files = migrationFiles();
    const result = await pushMigrations(await database(), files);
    // Names the failing file and its error, and lets the files before it count as applied.
    expect(result.failed).toBeUndefined();
    expect(result.applied).toEqual(files.map((file) => file.version));
    const recorded = await asPostgres('select count(*) from supabase_migrations.schema_migrations');
    expect(Number(recorded.stdout.trim())).toBe(files.length);
  }, 60_000);
});
