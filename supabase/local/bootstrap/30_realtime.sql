-- Change capture for the local Realtime (no logical replication in PGlite): tables in publication
-- `supabase_realtime` get an AFTER ROW trigger calling this function (installed by the stack, with
-- the table's key columns as arguments). NOTIFY is transactional, so events leave on commit only,
-- in commit order. Rows too big for NOTIFY's 8000-byte payload are sent as their key only and
-- re-read by the stack.
create or replace function _local.realtime_capture() returns trigger
language plpgsql set search_path = '' as $$
declare
  row_data jsonb := case when tg_op = 'DELETE' then to_jsonb(old) else to_jsonb(new) end;
  key_data jsonb := '{}'::jsonb;
  message text;
  i int;
begin
  for i in 0 .. tg_nargs - 1 loop
    key_data := key_data || jsonb_build_object(tg_argv[i], row_data -> tg_argv[i]);
  end loop;
  message := jsonb_build_object(
    'schema', tg_table_schema,
    'table', tg_table_name,
    'type', tg_op,
    'commit_timestamp', to_char(clock_timestamp() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'key', key_data,
    'record', case when tg_op = 'DELETE' then null else to_jsonb(new) end,
    'old_record', case when tg_op = 'INSERT' then null else to_jsonb(old) end
  )::text;
  if octet_length(message) > 7900 then
    message := jsonb_build_object(
      'schema', tg_table_schema, 'table', tg_table_name, 'type', tg_op, 'too_large', true,
      'commit_timestamp', to_char(clock_timestamp() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
      'key', key_data
    )::text;
  end if;
  perform pg_notify('local_realtime', message);
  return null;
end
$$;
