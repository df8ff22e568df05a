-- Voice billing is server-authoritative and charged once.
--
-- A browser call used to be timed and charged by the function in several round trips (read the
-- start, debit, then close the row), so parallel `end` requests each charged. Now one
-- security-definer function settles a call in one transaction: it claims the row
-- (`update ... where status = 'recording' returning`), takes the duration from the database clock
-- capped by the maximum granted at start, debits per started minute up to the balance with the
-- call id as the ledger's idempotency key, and stores the browser's transcript as unverified lines.
-- The same core serves the `end` request, the sweeper (calls never ended) and, later, server-side
-- observers of the realtime session (they pass the end they saw). Starts are rate-limited per
-- visitor, client address and agent with counters kept here, so every function instance agrees.

-- The platform's longest call: 4 hours.
alter table public.voice_calls
  add column max_duration_seconds integer not null default 14400
    constraint voice_calls_max_duration_range check (max_duration_seconds between 0 and 14400);
comment on column public.voice_calls.max_duration_seconds is
  'Longest billable duration, fixed at start from the owner''s balance and the platform maximum (4 h). The call is charged for at most this, and the sweeper closes it after it.';

-- The sweeper looks for calls still open; they are few.
create index voice_calls_open_created_at_idx on public.voice_calls (created_at) where status = 'recording';

-- One usage entry per call, whatever retries or races happen (the idempotency key of a charge).
create unique index credit_ledger_one_usage_per_call_idx on public.credit_ledger (call_id)
  where type = 'usage' and call_id is not null;

-- Only the metering service names a call: a user debiting a call id themselves would take the
-- call's one usage slot and make the real charge a no-op.
create or replace function public.use_credits(amount integer, call_id uuid default null, user_id uuid default null)
returns boolean
language plpgsql security definer set search_path = '' as $$
declare
  target uuid;
  balance integer;
begin
  if use_credits.amount is null or use_credits.amount <= 0 then
    raise exception 'amount must be a positive number of credits' using errcode = '22023';
  end if;
  if private.request_role() = 'service_role' then
    target := use_credits.user_id;
    if target is null then
      raise exception 'User ID is required' using errcode = '22023';
    end if;
  else
    target := (select auth.uid());
    if target is null then
      raise exception 'User not authenticated' using errcode = '42501';
    end if;
    if use_credits.user_id is not null and use_credits.user_id <> target then
      raise exception 'Cannot use another user''s credits' using errcode = '42501';
    end if;
    if use_credits.call_id is not null then
      raise exception 'Only the metering service charges calls' using errcode = '42501';
    end if;
  end if;
  -- Row lock first, then decide: concurrent debits queue here instead of reading a stale balance.
  select p.credits into balance from public.profiles p where p.id = target for update;
  if not found then
    raise exception 'User not found' using errcode = 'P0002';
  end if;
  if balance < use_credits.amount then
    return false;
  end if;
  insert into public.credit_ledger (user_id, type, amount, call_id)
  values (target, 'usage', -use_credits.amount, use_credits.call_id);
  return true;
end
$$;

-- Lines the server did not observe itself (today: the transcript a browser sends when its call
-- ends). Owners see them labelled; connectors never forward them. Only functions write messages
-- (clients have no insert or update grant on the table).
alter table public.messages add column verified boolean not null default true;
comment on column public.messages.verified is
  'false for text the server did not observe (a browser-supplied call transcript): shown labelled to the owner, never sent to connectors.';

-- Recent call starts, the counters of the start rate limits. Rows older than the longest window
-- are deleted on every start, so the table stays at most (limit x scopes) rows per window.
create table private.voice_call_starts (
  id bigint generated always as identity primary key,
  agent_id uuid not null,
  visitor_key text not null check (char_length(visitor_key) <= 200),
  address_key text not null check (char_length(address_key) <= 200),
  started_at timestamptz not null default now()
);
comment on table private.voice_call_starts is
  'Voice call starts of the last rate-limit window (per visitor, client address and agent). Pruned on every start.';
create index voice_call_starts_agent_idx on private.voice_call_starts (agent_id, started_at desc);
create index voice_call_starts_visitor_idx on private.voice_call_starts (visitor_key, started_at desc);
create index voice_call_starts_address_idx on private.voice_call_starts (address_key, started_at desc);
create index voice_call_starts_started_at_idx on private.voice_call_starts (started_at);
-- Like the other private tables: outside the API's schemas, closed to client roles by grants; only
-- the definer functions below read and write it.
revoke all on table private.voice_call_starts from public, anon, authenticated;

-- Seconds until a scope is under its limit again, or null when it is under it now: the
-- `call_limit`-th most recent start in the window leaves it then.
create or replace function private.voice_start_retry_after(
  scope text, scope_key text, agent_id uuid, call_limit integer, since timestamptz, window_seconds integer
) returns integer
language plpgsql stable security definer set search_path = '' as $$
declare
  blocking timestamptz;
begin
  select s.started_at into blocking
    from private.voice_call_starts s
   where s.started_at >= since
     and case scope
           when 'visitor' then s.visitor_key = scope_key
           when 'address' then s.address_key = scope_key
           else s.agent_id = voice_start_retry_after.agent_id
         end
   order by s.started_at desc
  offset call_limit - 1 limit 1;
  if not found then
    return null;
  end if;
  return greatest(1, ceil(extract(epoch from blocking + make_interval(secs => window_seconds) - now()))::integer);
end
$$;

-- Admits one call start or says which limit refused it: {"allowed": true} or
-- {"allowed": false, "scope": "visitor"|"address"|"agent", "retry_after_seconds": n}. An admitted
-- start counts even if the voice provider then fails (a retry storm is still a storm).
create or replace function public.voice_call_admit(
  agent_id uuid,
  visitor_key text,
  address_key text,
  visitor_limit integer,
  address_limit integer,
  agent_limit integer,
  window_seconds integer
) returns jsonb
language plpgsql security definer set search_path = '' as $$
declare
  since timestamptz := now() - make_interval(secs => voice_call_admit.window_seconds);
  retry integer;
  scope text;
begin
  if voice_call_admit.agent_id is null or coalesce(voice_call_admit.visitor_key, '') = ''
     or coalesce(voice_call_admit.address_key, '') = ''
     or least(voice_call_admit.visitor_limit, voice_call_admit.address_limit, voice_call_admit.agent_limit) < 1
     or voice_call_admit.window_seconds not between 1 and 86400 then
    raise exception 'invalid rate limit settings' using errcode = '22023';
  end if;
  -- One admission at a time: counting then inserting must not interleave across instances.
  -- Starts are rare (they are what is limited), so a single lock costs nothing.
  perform pg_advisory_xact_lock(7243019911);
  delete from private.voice_call_starts s where s.started_at < since;
  foreach scope in array array['visitor', 'address', 'agent'] loop
    retry := private.voice_start_retry_after(
      scope,
      case scope when 'visitor' then voice_call_admit.visitor_key else voice_call_admit.address_key end,
      voice_call_admit.agent_id,
      case scope when 'visitor' then voice_call_admit.visitor_limit
                 when 'address' then voice_call_admit.address_limit
                 else voice_call_admit.agent_limit end,
      since,
      voice_call_admit.window_seconds);
    if retry is not null then
      return jsonb_build_object('allowed', false, 'scope', scope, 'retry_after_seconds', retry);
    end if;
  end loop;
  insert into private.voice_call_starts (agent_id, visitor_key, address_key)
  values (voice_call_admit.agent_id, voice_call_admit.visitor_key, voice_call_admit.address_key);
  return jsonb_build_object('allowed', true);
end
$$;

-- Opens a browser call for an agent: its web_voice conversation and the voice_calls row, started
-- on the database clock with the longest duration the owner's balance pays for (at most 4 h).
-- The owner comes from the agent row, never from the caller; a recording path must lie in that
-- owner's folder for that agent. Errors: P0002 'Agent not found', P0001 'no_credits'.
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
  cap integer;
  conversation uuid;
  opened uuid;
begin
  select a.user_id, a.name into owner, agent_name from public.agents a where a.id = voice_open_call.agent_id;
  if not found then
    raise exception 'Agent not found' using errcode = 'P0002';
  end if;
  select p.credits into balance from public.profiles p where p.id = owner;
  if coalesce(balance, 0) < 1 then
    raise exception 'no_credits' using errcode = 'P0001';
  end if;
  if voice_open_call.storage_path is not null
     and (voice_open_call.storage_path not like owner::text || '/' || voice_open_call.agent_id::text || '/%'
          or voice_open_call.storage_path like '%..%') then
    raise exception 'The recording must be in the owner''s folder for this agent' using errcode = '22023';
  end if;
  cap := least(balance::bigint * 60, 14400)::integer;
  insert into public.conversations (user_id, agent_id, channel)
  values (owner, voice_open_call.agent_id, 'web_voice')
  returning id into conversation;
  insert into public.voice_calls (user_id, agent_id, agent_name, conversation_id, status, recording_start_time,
                                  max_duration_seconds, storage_path, file_name, mime_type, format)
  values (owner, voice_open_call.agent_id, left(agent_name, 100), conversation, 'recording', now(), cap,
          voice_open_call.storage_path,
          case when voice_open_call.storage_path is not null
               then left(regexp_replace(voice_open_call.storage_path, '^.*/', ''), 255) end,
          case when voice_open_call.storage_path is not null then left(voice_open_call.mime_type, 100) end,
          case when voice_open_call.storage_path is not null then left(voice_open_call.format, 20) end)
  returning id into opened;
  return query select opened, conversation, cap;
end
$$;

-- The billing core. Claims the call if it is still open (exactly one caller wins, however many
-- race), takes its duration from the database clock (or from `observed_end`, the end a trusted
-- server-side observer saw), capped by the call's maximum; debits each started minute up to the
-- balance, never below zero, once (the ledger's unique call_id); records the recording's size or
-- forgets a recording that never arrived; stores `transcript` as unverified lines; and ends the
-- conversation, all in one transaction. A caller that did not claim gets the recorded outcome
-- with claimed = false; an unknown call gives no row.
create or replace function private.settle_voice_call(call_id uuid, transcript jsonb, observed_end timestamptz)
returns table (claimed boolean, duration_seconds integer, credits_charged integer)
language plpgsql security definer set search_path = '' as $$
-- `on conflict (call_id)` names the ledger column; parameters are always written qualified.
#variable_conflict use_column
declare
  settled public.voice_calls;
  ended timestamptz;
  minutes integer;
  balance integer;
  charged integer := 0;
  size bigint;
  lines integer;
begin
  update public.voice_calls v
     set status = 'completed',
         recording_end_time = least(coalesce(settle_voice_call.observed_end, now()), now(),
                                    v.created_at + make_interval(secs => v.max_duration_seconds)),
         duration = least(v.max_duration_seconds, greatest(0, floor(extract(epoch from
                      least(coalesce(settle_voice_call.observed_end, now()), now()) - v.created_at)))::integer)
   where v.id = settle_voice_call.call_id and v.status = 'recording'
  returning v.* into settled;
  if not found then
    return query select false, v.duration, v.credits_charged from public.voice_calls v
                  where v.id = settle_voice_call.call_id;
    return;
  end if;
  ended := greatest(settled.recording_end_time, settled.created_at);

  minutes := (settled.duration + 59) / 60;
  if minutes > 0 then
    -- The profile lock serialises this debit with every other one of the owner.
    select p.credits into balance from public.profiles p where p.id = settled.user_id for update;
    charged := least(minutes, greatest(coalesce(balance, 0), 0));
    if charged > 0 then
      insert into public.credit_ledger (user_id, type, amount, call_id, description)
      values (settled.user_id, 'usage', -charged, settled.id, 'Voice call')
      on conflict (call_id) where type = 'usage' and call_id is not null do nothing;
      if not found then
        charged := 0;
      end if;
    end if;
  end if;

  if settled.storage_path is not null then
    select (o.metadata ->> 'size')::bigint into size
      from storage.objects o where o.bucket_id = 'recordings' and o.name = settled.storage_path;
  end if;
  update public.voice_calls v
     set credits_charged = charged,
         file_size = size,
         storage_path = case when size is null then null else v.storage_path end,
         file_name = case when size is null then null else v.file_name end,
         mime_type = case when size is null then null else v.mime_type end,
         format = case when size is null then null else v.format end
   where v.id = settled.id;

  if settled.conversation_id is not null then
    -- One millisecond apart, ending at the call's end, so the stored order is the spoken order.
    lines := case when jsonb_typeof(settle_voice_call.transcript) = 'array'
                  then least(jsonb_array_length(settle_voice_call.transcript), 400) else 0 end;
    if lines > 0 then
      insert into public.messages (conversation_id, user_id, agent_id, role, content, verified, metadata, "timestamp")
      select settled.conversation_id, settled.user_id, settled.agent_id, t.line ->> 'role', left(t.line ->> 'text', 50000),
             false, '{"source": "browser_transcript"}'::jsonb,
             ended - make_interval(secs => (lines - t.ord)::double precision / 1000)
        from jsonb_array_elements(settle_voice_call.transcript) with ordinality as t(line, ord)
       where t.ord <= lines
         and t.line ->> 'role' in ('user', 'assistant')
         and coalesce(btrim(t.line ->> 'text'), '') <> '';
    end if;
    update public.conversations c
       set ended_at = ended, last_message_at = greatest(c.last_message_at, ended)
     where c.id = settled.conversation_id;
  end if;

  return query select true, settled.duration, charged;
end
$$;

-- The `end` of a call (voice-session function, service role). The page's duration is never an
-- input: only the database clock (or a server-side observer's `observed_end`) times a call.
create or replace function public.voice_end_call(
  call_id uuid,
  transcript jsonb default '[]'::jsonb,
  observed_end timestamptz default null
) returns table (claimed boolean, duration_seconds integer, credits_charged integer)
language sql security definer set search_path = '' as $$
  select s.claimed, s.duration_seconds, s.credits_charged
    from private.settle_voice_call(voice_end_call.call_id, voice_end_call.transcript, voice_end_call.observed_end) s
$$;

-- The sweeper (function voice-call-sweeper, scheduled): settles calls still open `grace_seconds`
-- after their maximum, at most `max_calls` per run. Concurrent runs skip each other's rows.
create or replace function public.voice_sweep_calls(grace_seconds integer default 120, max_calls integer default 100)
returns table (call_id uuid, duration_seconds integer, credits_charged integer)
language plpgsql security definer set search_path = '' as $$
declare
  open_call uuid;
begin
  if grace_seconds not between 0 and 86400 or max_calls not between 1 and 1000 then
    raise exception 'invalid sweeper settings' using errcode = '22023';
  end if;
  for open_call in
    select v.id from public.voice_calls v
     where v.status = 'recording'
       and v.created_at + make_interval(secs => v.max_duration_seconds + voice_sweep_calls.grace_seconds) < now()
     order by v.created_at
     limit voice_sweep_calls.max_calls
     for update skip locked
  loop
    return query select open_call, s.duration_seconds, s.credits_charged
                   from private.settle_voice_call(open_call, '[]'::jsonb, null) s where s.claimed;
  end loop;
end
$$;

revoke all on function private.voice_start_retry_after(text, text, uuid, integer, timestamptz, integer),
  private.settle_voice_call(uuid, jsonb, timestamptz) from public, anon, authenticated;
revoke all on function public.voice_call_admit(uuid, text, text, integer, integer, integer, integer),
  public.voice_open_call(uuid, text, text, text), public.voice_end_call(uuid, jsonb, timestamptz),
  public.voice_sweep_calls(integer, integer) from public, anon, authenticated;
grant execute on function public.voice_call_admit(uuid, text, text, integer, integer, integer, integer),
  public.voice_open_call(uuid, text, text, text), public.voice_end_call(uuid, jsonb, timestamptz),
  public.voice_sweep_calls(integer, integer) to service_role;
