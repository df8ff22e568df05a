import type { PGlite } from '@electric-sql/pglite';

/**
 * Schema-cache reloads the way Supabase does them: hosted projects carry the `pgrst_ddl_watch` /
 * `pgrst_drop_watch` event triggers, which `NOTIFY pgrst, 'reload schema'` after any DDL, and
 * PostgREST listens on the `pgrst` channel. Installing the same triggers here means a table
 * created by a later migration, a test or psql is visible on the next request, and an explicit
 * `notify pgrst, 'reload schema'` works as documented.
 */
const INSTALL_SQL = `
create schema if not exists extensions;
create or replace function extensions.pgrst_ddl_watch() returns event_trigger language plpgsql as $$
begin
  perform pg_notify('pgrst', 'reload schema');
end $$;
create or replace function extensions.pgrst_drop_watch() returns event_trigger language plpgsql as $$
begin
  perform pg_notify('pgrst', 'reload schema');
end $$;
do $$
begin
  if not exists (select 1 from pg_event_trigger where evtname = 'pgrst_ddl_watch') then
    create event trigger pgrst_ddl_watch on ddl_command_end execute procedure extensions.pgrst_ddl_watch();
  end if;
  if not exists (select 1 from pg_event_trigger where evtname = 'pgrst_drop_watch') then
    create event trigger pgrst_drop_watch on sql_drop execute procedure extensions.pgrst_drop_watch();
  end if;
end $$;`;

/** Installs the triggers (idempotent) and calls `onReload` for `reload schema` notifications. */
export async function watchSchemaChanges(db: PGlite, onReload: () => void): Promise<void> {
  await db.exec(INSTALL_SQL);
  await db.listen('pgrst', (payload) => {
    if (payload === '' || payload === 'reload schema') onReload();
  });
}
