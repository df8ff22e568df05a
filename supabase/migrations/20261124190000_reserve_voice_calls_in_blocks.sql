-- Browser voice calls reserve the balance in blocks, topped up while the call lasts, so one
-- owner's balance can serve several calls at once.
--
-- 20261124160000 gave a new call the whole unreserved balance (up to 4 h), so an owner's first call
-- held every credit and a second caller got a 402: one call at a time, which no business accepts.
-- Now a call reserves like a card authorisation hold:
--   * at start, min(one block, the unreserved balance), where unreserved = balance − the minutes
--     the owner's other open calls hold; 402 no_credits when less than a minute is unreserved;
--   * on each heartbeat, when less than the top-up threshold of the reservation is left, up to
--     another block from what is unreserved then, never beyond the platform maximum; the owner's
--     profile row is locked around the read and the grant, so parallel heartbeats and starts of the
--     owner's calls queue and the sum of the reservations never exceeds the balance;
--   * when no top-up is possible the heartbeat says so (`reservation_final`) with the seconds left,
--     so the page can warn and say goodbye; the call then ends at its reservation through the
--     existing paths (a heartbeat past it is refused and hung up, the sweeper settles it).
-- Settling is unchanged: the started minutes of the database-timed duration, capped by the
-- reservation (`max_duration_seconds`, now the reservation so far), never more than the balance, once.
-- Latest definitions redefined: voice_open_call and voice_heartbeat from 20261124160000 (dropped:
-- their results change; only the service role called them).

-- The reservation block and the top-up threshold, defined once.
create or replace function private.voice_reservation_block_seconds() returns integer
language sql immutable parallel safe set search_path = '' as $$ select 300 $$;
comment on function private.voice_reservation_block_seconds() is
  'How much of the owner''s balance a browser voice call reserves at a time, in seconds (5 minutes).';
create or replace function private.voice_reservation_top_up_seconds() returns integer
language sql immutable parallel safe set search_path = '' as $$ select 120 $$;
comment on function private.voice_reservation_top_up_seconds() is
  'A heartbeat tops a call''s reservation up when less than this many seconds of it are left (2 minutes; heartbeats come every 20 s).';

comment on column public.voice_calls.max_duration_seconds is
  'The reservation: the longest billable duration so far, in whole minutes of the owner''s balance. Set at start to one block (or what is unreserved), grown by heartbeats, never beyond the platform maximum (4 h). The call is charged for at most this, and cut off and settled after it.';

-- Minutes of the owner's balance that no open call holds, `except_call` left out. Callers that
-- grant from it lock the profile row first, so the read and the grant cannot interleave.
create or replace function private.voice_unreserved_minutes(owner uuid, except_call uuid)
returns integer
language sql stable set search_path = '' as $$
  select (coalesce((select p.credits from public.profiles p where p.id = voice_unreserved_minutes.owner), 0)
          - coalesce((select sum((v.max_duration_seconds + 59) / 60) from public.voice_calls v
                       where v.user_id = voice_unreserved_minutes.owner and v.status = 'recording'
                         and v.id is distinct from voice_unreserved_minutes.except_call), 0))::integer
$$;

-- Browser call start (20261124160000) with a block reservation. The owner's profile row is locked
-- so parallel starts (and top-ups) queue. Returns the reservation, whether it can grow now
-- (`reservation_final` when nothing more is unreserved or it is already the maximum) and the
-- longest the call could ever last (the call token's lifetime). The lease starts now.
-- Errors: PT404 'Agent not found', P0001 'no_credits'.
drop function public.voice_open_call(uuid, text, text, text);
create function public.voice_open_call(
  agent_id uuid,
  storage_path text default null,
  mime_type text default null,
  format text default null
) returns table (call_id uuid, conversation_id uuid, reserved_seconds integer, reservation_final boolean,
                 longest_seconds integer)
language plpgsql security definer set search_path = '' as $$
declare
  owner uuid;
  agent_name text;
  unreserved integer;
  reserved integer;
  conversation uuid;
  opened uuid;
begin
  select a.user_id, a.name into owner, agent_name from public.agents a where a.id = voice_open_call.agent_id;
  if not found then
    raise exception 'Agent not found' using errcode = 'PT404';
  end if;
  perform 1 from public.profiles p where p.id = owner for update;
  unreserved := private.voice_unreserved_minutes(owner, null);
  if unreserved < 1 then
    raise exception 'no_credits' using errcode = 'P0001';
  end if;
  if voice_open_call.storage_path is not null
     and (voice_open_call.storage_path not like owner::text || '/' || voice_open_call.agent_id::text || '/%'
          or voice_open_call.storage_path like '%..%') then
    raise exception 'The recording must be in the owner''s folder for this agent' using errcode = '22023';
  end if;
  reserved := least(unreserved::bigint * 60, private.voice_reservation_block_seconds(),
                    private.voice_call_max_seconds())::integer;
  insert into public.conversations (user_id, agent_id, channel)
  values (owner, voice_open_call.agent_id, 'web_voice')
  returning id into conversation;
  insert into public.voice_calls (user_id, agent_id, agent_name, conversation_id, status, recording_start_time,
                                  max_duration_seconds, last_seen_at, storage_path, file_name, mime_type, format)
  values (owner, voice_open_call.agent_id, left(agent_name, 100), conversation, 'recording', now(), reserved, now(),
          voice_open_call.storage_path,
          case when voice_open_call.storage_path is not null
               then left(regexp_replace(voice_open_call.storage_path, '^.*/', ''), 255) end,
          case when voice_open_call.storage_path is not null then left(voice_open_call.mime_type, 100) end,
          case when voice_open_call.storage_path is not null then left(voice_open_call.format, 20) end)
  returning id into opened;
  return query select opened, conversation, reserved,
                      unreserved - reserved / 60 < 1 or reserved >= private.voice_call_max_seconds(),
                      private.voice_call_max_seconds();
end
$$;

-- The page's heartbeat (20261124160000) with the top-up: renews the lease of an open call and, when
-- less than the threshold of its reservation is left, reserves up to another block of what the
-- owner's balance does not already hold (profile row locked), up to the platform maximum.
-- open = false once the call is past its reservation or its lease already expired (the caller
-- hangs the provider call up; settling stays with `end` and the sweeper). `reservation_final`:
-- the call cannot grow now (nothing unreserved, or the maximum), so it ends in `seconds_left`
-- unless credits come in before the next top-up. No row for a call not open.
drop function public.voice_heartbeat(uuid, integer);
create function public.voice_heartbeat(call_id uuid, lease_seconds integer)
returns table (open boolean, seconds_left integer, reservation_final boolean, provider_call_id text)
language plpgsql security definer set search_path = '' as $$
declare
  call public.voice_calls;
  ends timestamptz;
  reserved integer;
  unreserved integer;
  extra integer;
begin
  if voice_heartbeat.lease_seconds not between 1 and 3600 then
    raise exception 'invalid lease' using errcode = '22023';
  end if;
  select * into call from public.voice_calls v
   where v.id = voice_heartbeat.call_id and v.status = 'recording' for update;
  if not found then
    return;
  end if;
  reserved := call.max_duration_seconds;
  ends := call.created_at + make_interval(secs => reserved);
  if now() >= ends or private.voice_call_observed_end(call, voice_heartbeat.lease_seconds) is not null then
    return query select false, 0, true, call.provider_call_id;
    return;
  end if;
  if reserved < private.voice_call_max_seconds()
     and ends - now() < make_interval(secs => private.voice_reservation_top_up_seconds()) then
    -- Same lock as starts and settling: parallel heartbeats of the owner's calls grant one at a time.
    perform 1 from public.profiles p where p.id = call.user_id for update;
    unreserved := private.voice_unreserved_minutes(call.user_id, call.id) - (reserved + 59) / 60;
    extra := least(private.voice_reservation_block_seconds(), greatest(unreserved, 0)::bigint * 60,
                   private.voice_call_max_seconds() - reserved)::integer;
    if extra > 0 then
      reserved := reserved + extra;
      unreserved := unreserved - extra / 60;
      ends := ends + make_interval(secs => extra);
    end if;
  else
    -- Only to tell the page whether the reservation could still grow: no grant, no lock.
    unreserved := private.voice_unreserved_minutes(call.user_id, call.id) - (reserved + 59) / 60;
  end if;
  update public.voice_calls v set last_seen_at = now(), max_duration_seconds = reserved where v.id = call.id;
  return query select true, ceil(extract(epoch from ends - now()))::integer,
                      unreserved < 1 or reserved >= private.voice_call_max_seconds(), null::text;
end
$$;

revoke all on function private.voice_reservation_block_seconds(), private.voice_reservation_top_up_seconds(),
  private.voice_unreserved_minutes(uuid, uuid) from public, anon, authenticated;
revoke all on function public.voice_open_call(uuid, text, text, text), public.voice_heartbeat(uuid, integer)
  from public, anon, authenticated;
grant execute on function public.voice_open_call(uuid, text, text, text), public.voice_heartbeat(uuid, integer)
  to service_role;
