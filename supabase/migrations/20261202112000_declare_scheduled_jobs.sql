-- The jobs the product needs, declared once. Each is a POST with the service role key to one edge
-- function path at a fixed interval. The embedded stack's scheduler reads this list at start; on a
-- hosted project, `select public.schedule_jobs('https://<ref>.supabase.co');` (once, as postgres,
-- after enabling pg_cron and pg_net and storing the service role key in Vault) registers the same
-- list with pg_cron. Running it again updates the jobs in place (pg_cron keys them by name).

create table private.scheduled_jobs (
  name text primary key check (name ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
  -- the path under /functions/v1/
  function_path text not null unique check (function_path ~ '^[a-z0-9-]+(/[a-z0-9-]+)*$'),
  -- pg_cron runs a job every 1 to 59 seconds, or on a cron line (every minute here)
  every_seconds integer not null check (every_seconds between 1 and 59 or every_seconds = 60),
  purpose text not null check (char_length(purpose) between 1 and 300)
);

alter table private.scheduled_jobs enable row level security;
revoke all on table private.scheduled_jobs from public, anon, authenticated, service_role;
create policy "no client reads or writes the job list" on private.scheduled_jobs
  as restrictive for all to anon, authenticated using (false) with check (false);

insert into private.scheduled_jobs (name, function_path, every_seconds, purpose) values
  ('connector-dispatch', 'connector-dispatch', 60,
   'Closes idle chats and delivers finished conversations to the owners'' Zapier/Make connectors.'),
  ('voice-call-sweeper', 'voice-call-sweeper', 60,
   'Ends and charges browser voice calls whose page stopped sending heartbeats, and hangs up their sessions.'),
  ('notification-emails', 'notification-emails', 60,
   'Sends the queued email alerts, monthly usage reports and announcements.'),
  ('phone-number-releases', 'phone-numbers/releases/sweep', 60,
   'Releases at Twilio the numbers and WhatsApp senders of deleted agents.'),
  ('knowledge-upload-sweep', 'knowledge-ingest/sweep', 60,
   'Shows knowledge uploads whose page never came back as interrupted, so the owner can retry them.'),
  ('whatsapp-sender-sweep', 'whatsapp-senders/sweep', 30,
   'Follows connected WhatsApp senders (each at its own next poll time).');

-- pg_cron's schedule for an interval: a seconds schedule under a minute, else every minute.
create or replace function private.cron_schedule_of(every_seconds integer) returns text
language sql immutable set search_path = '' as $$
  select case when cron_schedule_of.every_seconds = 60 then '* * * * *'
              else cron_schedule_of.every_seconds::text || ' seconds' end
$$;
revoke all on function private.cron_schedule_of(integer) from public, anon, authenticated;

-- The list as the embedded stack's scheduler reads it (service role only).
create or replace function public.scheduled_jobs()
returns table (name text, function_path text, every_seconds integer, cron_schedule text)
language sql stable security definer set search_path = '' as $$
  select j.name, j.function_path, j.every_seconds, private.cron_schedule_of(j.every_seconds)
    from private.scheduled_jobs j
   order by j.name
$$;
revoke all on function public.scheduled_jobs() from public, anon, authenticated;
grant execute on function public.scheduled_jobs() to service_role;

-- Registers every job with pg_cron + pg_net on a hosted project. The service role key is read from
-- Vault (secret 'service_role_key') each time a job runs, never written into the job itself.
create or replace function public.schedule_jobs(project_url text) returns integer
language plpgsql set search_path = '' as $$
declare
  base text := rtrim(coalesce(schedule_jobs.project_url, ''), '/');
  job record;
  scheduled integer := 0;
  key_sql constant text :=
    '(select decrypted_secret from vault.decrypted_secrets where name = ''service_role_key'')';
begin
  if base !~ '^https?://[^/\s]+$' then
    raise exception 'project_url must be the project''s URL, e.g. https://<ref>.supabase.co'
      using errcode = '22023';
  end if;
  if to_regnamespace('cron') is null or to_regnamespace('net') is null then
    raise exception 'Enable the pg_cron and pg_net extensions first (Database > Extensions).'
      using errcode = '55000';
  end if;
  if to_regclass('vault.decrypted_secrets') is null then
    raise exception 'Vault is not available: store the service role key with vault.create_secret first.'
      using errcode = '55000';
  end if;
  if not exists (select 1 from vault.decrypted_secrets s where s.name = 'service_role_key') then
    raise exception 'Store the service role key first: select vault.create_secret(''<service role key>'', ''service_role_key'');'
      using errcode = '55000';
  end if;
  for job in select * from public.scheduled_jobs() loop
    execute 'select cron.schedule($1, $2, $3)'
      using job.name, job.cron_schedule,
            format('select net.http_post(url := %L, headers := jsonb_build_object(''Authorization'', ''Bearer '' || %s, ''apikey'', %s), timeout_milliseconds := 60000)',
                   base || '/functions/v1/' || job.function_path, key_sql, key_sql);
    scheduled := scheduled + 1;
  end loop;
  return scheduled;
end;
$$;
revoke all on function public.schedule_jobs(text) from public, anon, authenticated, service_role;
