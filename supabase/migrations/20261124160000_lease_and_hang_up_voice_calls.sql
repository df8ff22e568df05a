-- Browser voice calls: the server can hang up, a liveness lease times abandoned calls, and parallel
-- calls reserve the balance.
--
-- Before this migration `end` settled a call without proving the caller held it, nothing could
-- stop the provider's realtime session (its call id was thrown away), a crashed tab was charged up
-- to the 4 h maximum, and parallel calls each got a maximum from the same unreserved balance. Now:
--   * the provider's call id is kept on the row (written only by these definer functions) so the
--     `end` request, a heartbeat past the maximum and the sweeper hang the provider call up; a
--     failed hang-up is counted and retried by the sweeper, never in the way of settling;
--   * the page renews a lease (`last_seen_at`, database clock) while connected; a call whose lease
--     expired is settled at its last heartbeat, and a heartbeat after expiry is refused (the page
--     is cut off, so skipping heartbeats cannot buy free minutes);
--   * opening a call locks the owner's profile and grants at most the balance minus the minutes
--     the owner's open calls still hold, so the sum of the maxima never exceeds the balance.
-- The lease length is an argument: its one definition is `_shared/voice/lease.ts`, shared by the
-- functions and the page. Latest definitions redefined: voice_open_call from 20261124150000
-- (PT404 kept); voice_end_call and voice_sweep_calls from 20261124100000 (dropped: their
-- arguments and results change; only the service role called them).

-- The platform's longest call (4 h), defined once: the column default, its check and the open
-- function read it.
create or replace function private.voice_call_max_seconds() returns integer
language sql immutable parallel safe set search_path = '' as $$ select 14400 $$;
comment on function private.voice_call_max_seconds() is 'The longest browser voice call the platform grants, in seconds (4 h).';
-- Executed by whoever inserts a row (its default and check): the service role and the definers.
revoke all on function private.voice_call_max_seconds() from public, anon, authenticated;
grant execute on function private.voice_call_max_seconds() to service_role;

alter table public.voice_calls alter column max_duration_seconds set default private.voice_call_max_seconds();
alter table public.voice_calls drop constraint voice_calls_max_duration_range;
alter table public.voice_calls add constraint voice_calls_max_duration_range
  check (max_duration_seconds between 0 and private.voice_call_max_seconds());

alter table public.voice_calls
  add column provider_call_id text check (char_length(provider_call_id) <= 200),
  add column last_seen_at timestamptz,
  add column provider_hung_up_at timestamptz,
  add column hangup_attempts smallint not null default 0 check (hangup_attempts >= 0);
comment on column public.voice_calls.provider_call_id is
  'The realtime provider''s call id (OpenAI rtc_…), to hang the call up. Written only by the voice functions.';
comment on column public.voice_calls.last_seen_at is
  'Liveness lease: the database time of the page''s last heartbeat (or of the start). A call not renewed within the lease is settled at this time.';
comment on column public.voice_calls.provider_hung_up_at is
  'When the provider call was hung up (or found already gone); null while a hang-up is still due.';

-- Settled calls whose provider call still has to be hung up (few: most are hung up at once).
create index voice_calls_hangup_due_idx on public.voice_calls (created_at)
  where provider_call_id is not null and provider_hung_up_at is null;

-- Calls the previous code left open have no lease: they would otherwise be charged up to 4 h after
-- this deploy. Nothing observed them after their start, so they close unbilled.
with closed as (
  update public.voice_calls v
     set status = 'failed', duration = 0, credits_charged = 0, recording_end_time = v.created_at
   where v.status = 'recording' and v.last_seen_at is null
  returning v.conversation_id, v.created_at
)
update public.conversations c set ended_at = closed.created_at
  from closed where c.id = closed.conversation_id and c.ended_at is null;

-- Browser call start (20261124150000, PT404 kept) with the balance reserved: the owner's profile
-- row is locked so parallel starts queue, and the new call may use only what the owner's open
-- calls do not already hold (each holds its maximum, in started minutes, until it is settled).
-- The call's lease starts now. Errors: PT404 'Agent not found', P0001 'no_credits'.
create or replace function public.voice_open_call(
  agent_id uuid,
  storage_path text default null,
  mime_type text default null,
  format text default null
) returns table (call_id uuid, conversation_id uuid, max_duration_seconds integer)
language plpgsql security definer set search_path = '' as $$
declare
  owner uuid;
  agent_name text;
  balance integer;
  reserved bigint;
  cap integer;
  conversation uuid;
  opened uuid;
begin
  select a.user_id, a.name into owner, agent_name from public.agents a where a.id = voice_open_call.agent_id;
  if not found then
    raise exception 'Agent not found' using errcode = 'PT404';
  end if;
  select p.credits into balance from public.profiles p where p.id = owner for update;
  select coalesce(sum((v.max_duration_seconds + 59) / 60), 0) into reserved
    from public.voice_calls v where v.user_id = owner and v.status = 'recording';
  if coalesce(balance, 0) - reserved < 1 then
    raise exception 'no_credits' using errcode = 'P0001';
  end if;
  if voice_open_call.storage_path is not null
     and (voice_open_call.storage_path not like owner::text || '/' || voice_open_call.agent_id::text || '/%'
          or voice_open_call.storage_path like '%..%') then
    raise exception 'The recording must be in the owner''s folder for this agent' using errcode = '22023';
  end if;
  cap := least((balance - reserved) * 60, private.voice_call_max_seconds())::integer;
  insert into public.conversations (user_id, agent_id, channel)
  values (owner, voice_open_call.agent_id, 'web_voice')
  returning id into conversation;
  insert into public.voice_calls (user_id, agent_id, agent_name, conversation_id, status, recording_start_time,
                                  max_duration_seconds, last_seen_at, storage_path, file_name, mime_type, format)
  values (owner, voice_open_call.agent_id, left(agent_name, 100), conversation, 'recording', now(), cap, now(),
          voice_open_call.storage_path,
          case when voice_open_call.storage_path is not null
               then left(regexp_replace(voice_open_call.storage_path, '^.*/', ''), 255) end,
          case when voice_open_call.storage_path is not null then left(voice_open_call.mime_type, 100) end,
          case when voice_open_call.storage_path is not null then left(voice_open_call.format, 20) end)
  returning id into opened;
  return query select opened, conversation, cap;
end
$$;

-- The provider answered: keep its call id on the still-open call. False when the call is no longer
-- open (the caller then hangs the provider call up itself).
create or replace function public.voice_attach_provider_call(call_id uuid, provider_call_id text)
returns boolean
language plpgsql security definer set search_path = '' as $$
begin
  if coalesce(voice_attach_provider_call.provider_call_id, '') = ''
     or char_length(voice_attach_provider_call.provider_call_id) > 200 then
    raise exception 'provider_call_id is required (at most 200 characters)' using errcode = '22023';
  end if;
  update public.voice_calls v set provider_call_id = voice_attach_provider_call.provider_call_id
   where v.id = voice_attach_provider_call.call_id and v.status = 'recording' and v.provider_call_id is null;
  return found;
end
$$;

-- The provider refused or failed after the call was opened: nothing happened, so the call and its
-- empty conversation go (their reservation with them). Only a call with no provider call yet.
create or replace function public.voice_abort_call(call_id uuid) returns void
language plpgsql security definer set search_path = '' as $$
declare
  conversation uuid;
begin
  delete from public.voice_calls v
   where v.id = voice_abort_call.call_id and v.status = 'recording' and v.provider_call_id is null
  returning v.conversation_id into conversation;
  if conversation is not null then
    delete from public.conversations c where c.id = conversation;
  end if;
end
$$;

-- When the server considers an open call to have ended: at its last sign of life once the lease
-- has expired, else now (the settle core caps it at the call's maximum either way).
create or replace function private.voice_call_observed_end(call public.voice_calls, lease_seconds integer)
returns timestamptz
language sql stable set search_path = '' as $$
  select case when coalesce(call.last_seen_at, call.created_at) + make_interval(secs => lease_seconds) < now()
              then coalesce(call.last_seen_at, call.created_at) end
$$;

-- The page's heartbeat (voice-session, with the call token): renews the lease of an open call.
-- open = false once the call is past its maximum or its lease already expired (the caller hangs
-- the provider call up; settling stays with `end` and the sweeper). No row for a call not open.
create or replace function public.voice_heartbeat(call_id uuid, lease_seconds integer)
returns table (open boolean, seconds_left integer, provider_call_id text)
language plpgsql security definer set search_path = '' as $$
declare
  call public.voice_calls;
  ends timestamptz;
begin
  if voice_heartbeat.lease_seconds not between 1 and 3600 then
    raise exception 'invalid lease' using errcode = '22023';
  end if;
  select * into call from public.voice_calls v
   where v.id = voice_heartbeat.call_id and v.status = 'recording' for update;
  if not found then
    return;
  end if;
  ends := call.created_at + make_interval(secs => call.max_duration_seconds);
  if now() >= ends or private.voice_call_observed_end(call, voice_heartbeat.lease_seconds) is not null then
    return query select false, 0, call.provider_call_id;
    return;
  end if;
  update public.voice_calls v set last_seen_at = now() where v.id = call.id;
  return query select true, ceil(extract(epoch from ends - now()))::integer, null::text;
end
$$;

-- The `end` of a call (voice-session, after checking the call token). Timed by the database clock,
-- or at the last heartbeat when the lease had already expired. `provider_call_id` is given to the
-- one request that claimed the call, which hangs the provider call up.
drop function public.voice_end_call(uuid, jsonb, timestamptz);
create function public.voice_end_call(call_id uuid, lease_seconds integer, transcript jsonb default '[]'::jsonb)
returns table (claimed boolean, duration_seconds integer, credits_charged integer, provider_call_id text)
language plpgsql security definer set search_path = '' as $$
declare
  call public.voice_calls;
begin
  if voice_end_call.lease_seconds not between 1 and 3600 then
    raise exception 'invalid lease' using errcode = '22023';
  end if;
  select * into call from public.voice_calls v where v.id = voice_end_call.call_id;
  if not found then
    return;
  end if;
  return query
    select s.claimed, s.duration_seconds, s.credits_charged, case when s.claimed then call.provider_call_id end
      from private.settle_voice_call(call.id, voice_end_call.transcript,
                                     private.voice_call_observed_end(call, voice_end_call.lease_seconds)) s;
end
$$;

-- The sweeper (voice-call-sweeper, scheduled): settles open calls whose lease expired (at their
-- last heartbeat) or that are `grace_seconds` past their maximum (at the maximum), at most
-- `max_calls` per run. Concurrent runs skip each other's rows.
drop function public.voice_sweep_calls(integer, integer);
create function public.voice_sweep_calls(lease_seconds integer, grace_seconds integer default 20, max_calls integer default 100)
returns table (call_id uuid, duration_seconds integer, credits_charged integer)
language plpgsql security definer set search_path = '' as $$
declare
  open_call public.voice_calls;
begin
  if lease_seconds not between 1 and 3600 or grace_seconds not between 0 and 86400 or max_calls not between 1 and 1000 then
    raise exception 'invalid sweeper settings' using errcode = '22023';
  end if;
  for open_call in
    select * from public.voice_calls v
     where v.status = 'recording'
       and (v.created_at + make_interval(secs => v.max_duration_seconds + voice_sweep_calls.grace_seconds) < now()
            or coalesce(v.last_seen_at, v.created_at) + make_interval(secs => voice_sweep_calls.lease_seconds) < now())
     order by v.created_at
     limit voice_sweep_calls.max_calls
     for update skip locked
  loop
    return query select open_call.id, s.duration_seconds, s.credits_charged
                   from private.settle_voice_call(open_call.id, '[]'::jsonb,
                          private.voice_call_observed_end(open_call, voice_sweep_calls.lease_seconds)) s
                  where s.claimed;
  end loop;
end
$$;

-- Settled calls whose provider call is still to be hung up (the sweeper retries failed hang-ups,
-- up to 10 attempts: a provider call left that long has ended by itself).
create or replace function public.voice_hangups_due(max_calls integer default 100)
returns table (call_id uuid, provider_call_id text)
language sql stable security definer set search_path = '' as $$
  select v.id, v.provider_call_id from public.voice_calls v
   where v.provider_call_id is not null and v.provider_hung_up_at is null
     and v.status <> 'recording' and v.hangup_attempts < 10
   order by v.created_at
   limit least(greatest(voice_hangups_due.max_calls, 1), 1000)
$$;

-- The outcome of one hang-up: done (hung up, or the provider no longer knew the call) or failed.
create or replace function public.voice_record_hangup(call_id uuid, hung_up boolean) returns void
language plpgsql security definer set search_path = '' as $$
begin
  update public.voice_calls v
     set provider_hung_up_at = case when voice_record_hangup.hung_up then now() end,
         hangup_attempts = v.hangup_attempts + case when voice_record_hangup.hung_up then 0 else 1 end
   where v.id = voice_record_hangup.call_id and v.provider_call_id is not null and v.provider_hung_up_at is null;
end
$$;

revoke all on function private.voice_call_observed_end(public.voice_calls, integer) from public, anon, authenticated;
revoke all on function public.voice_open_call(uuid, text, text, text),
  public.voice_attach_provider_call(uuid, text), public.voice_abort_call(uuid),
  public.voice_heartbeat(uuid, integer), public.voice_end_call(uuid, integer, jsonb),
  public.voice_sweep_calls(integer, integer, integer), public.voice_hangups_due(integer),
  public.voice_record_hangup(uuid, boolean)
  from public, anon, authenticated;
grant execute on function public.voice_open_call(uuid, text, text, text),
  public.voice_attach_provider_call(uuid, text), public.voice_abort_call(uuid),
  public.voice_heartbeat(uuid, integer), public.voice_end_call(uuid, integer, jsonb),
  public.voice_sweep_calls(integer, integer, integer), public.voice_hangups_due(integer),
  public.voice_record_hangup(uuid, boolean)
  to service_role;
