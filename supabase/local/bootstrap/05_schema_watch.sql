-- Schema-change notifications, as Supabase's image does for PostgREST: every DDL command (and every
-- drop) sends NOTIFY pgrst 'reload schema', delivered on commit. The local stack listens on `pgrst`
-- to refresh the REST schema cache and realtime's change-capture triggers.
create or replace function _local.notify_schema_change() returns event_trigger
language plpgsql set search_path = '' as $$
begin
  perform pg_notify('pgrst', 'reload schema');
end
$$;

do $$
begin
  if not exists (select 1 from pg_event_trigger where evtname = 'local_schema_watch') then
    create event trigger local_schema_watch on ddl_command_end execute function _local.notify_schema_change();
  end if;
  if not exists (select 1 from pg_event_trigger where evtname = 'local_schema_drop_watch') then
    create event trigger local_schema_drop_watch on sql_drop execute function _local.notify_schema_change();
  end if;
end
$$;
