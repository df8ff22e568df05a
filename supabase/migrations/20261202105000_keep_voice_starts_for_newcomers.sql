-- Voice call starts keep a share of an agent's capacity for new addresses, and cap the calls a
-- visitor or an address holds at once.
--
-- Until now an agent admitted its 60 starts per window to whoever came first: three addresses at
-- 20 starts each filled it, and every other visitor of the agent got 429 for the rest of the
-- window. Now, as public chat does with its buckets:
--   * a share of the agent's starts (`newcomer_reserve`, 0-1) is kept for newcomers, addresses with
--     no start in the window: an address that already started a call stops at the agent limit less
--     that share, a newcomer still gets in up to the full limit;
--   * a visitor key and an address may hold at most `visitor_concurrent` and `address_concurrent`
--     calls at once. A start holds its place from its admission (for one minute while the call is
--     being opened) and then while the call it opened is still open; `voice_call_link_start` ties
--     the start to its call. Starts of calls still open are kept past the window for this count.
-- Latest definition redefined: voice_call_admit from 20261124100000 (dropped: its arguments and
-- result change; only the service role called it).

alter table private.voice_call_starts add column call_id uuid;
comment on column private.voice_call_starts.call_id is
  'The call this start opened (voice_calls.id), once opened: the start counts as a call in progress while it is open.';
create index voice_call_starts_call_idx on private.voice_call_starts (call_id) where call_id is not null;

-- How long an admitted start holds its place before its call is linked (the call opening and the
-- provider's answer take a few seconds; a start whose call never opened stops counting after this).
create or replace function private.voice_start_pending_seconds() returns integer
language sql immutable parallel safe set search_path = '' as $$ select 60 $$;
comment on function private.voice_start_pending_seconds() is
  'Seconds an admitted voice start counts as a call in progress before its call is linked to it.';

-- Calls in progress for a visitor key or an address: starts still being opened, and starts whose
-- call is still open.
create or replace function private.voice_calls_in_progress(scope text, scope_key text)
returns integer
language sql stable security definer set search_path = '' as $$
  select count(*)::integer
    from private.voice_call_starts s
   where case voice_calls_in_progress.scope
           when 'visitor' then s.visitor_key = voice_calls_in_progress.scope_key
           else s.address_key = voice_calls_in_progress.scope_key
         end
     and ((s.call_id is null
           and s.started_at > now() - make_interval(secs => private.voice_start_pending_seconds()))
          or exists (select 1 from public.voice_calls v where v.id = s.call_id and v.status = 'recording'))
$$;

-- Admits one call start or says which limit refused it:
--   {"allowed": true, "start_id": n}
--   {"allowed": false, "scope": "visitor"|"address"|"agent", "concurrent": false, "retry_after_seconds": n}
--     (too many starts in the window; for "agent", `newcomer` false when only the newcomers' share is left)
--   {"allowed": false, "scope": "visitor"|"address", "concurrent": true, "retry_after_seconds": n}
--     (too many calls in progress).
-- An admitted start counts even if the voice provider then fails (a retry storm is still a storm).
drop function public.voice_call_admit(uuid, text, text, integer, integer, integer, integer);
create function public.voice_call_admit(
  agent_id uuid,
  visitor_key text,
  address_key text,
  visitor_limit integer,
  address_limit integer,
  agent_limit integer,
  window_seconds integer,
  newcomer_reserve numeric,
  visitor_concurrent integer,
  address_concurrent integer
) returns jsonb
language plpgsql security definer set search_path = '' as $$
declare
  since timestamptz := now() - make_interval(secs => voice_call_admit.window_seconds);
  newcomer boolean;
  agent_share integer;
  retry integer;
  scope text;
  admitted bigint;
begin
  if voice_call_admit.agent_id is null or coalesce(voice_call_admit.visitor_key, '') = ''
     or coalesce(voice_call_admit.address_key, '') = ''
     or least(voice_call_admit.visitor_limit, voice_call_admit.address_limit, voice_call_admit.agent_limit,
              voice_call_admit.visitor_concurrent, voice_call_admit.address_concurrent) < 1
     or voice_call_admit.window_seconds not between 1 and 86400
     or voice_call_admit.newcomer_reserve is null or voice_call_admit.newcomer_reserve < 0
     or voice_call_admit.newcomer_reserve >= 1 then
    raise exception 'invalid rate limit settings' using errcode = '22023';
  end if;
  -- One admission at a time: counting then inserting must not interleave across instances.
  -- Starts are rare (they are what is limited), so a single lock costs nothing.
  perform pg_advisory_xact_lock(7243019911);
  -- Old starts go, except those of calls still open (they count as calls in progress).
  delete from private.voice_call_starts s
   where s.started_at < since
     and (s.call_id is null
          or not exists (select 1 from public.voice_calls v where v.id = s.call_id and v.status = 'recording'));

  foreach scope in array array['visitor', 'address'] loop
    if (private.voice_calls_in_progress(scope,
          case scope when 'visitor' then voice_call_admit.visitor_key else voice_call_admit.address_key end)
        >= case scope when 'visitor' then voice_call_admit.visitor_concurrent
                      else voice_call_admit.address_concurrent end) then
      -- A call in progress ends when its caller hangs up: a short wait, not the window.
      return jsonb_build_object('allowed', false, 'scope', scope, 'concurrent', true, 'retry_after_seconds', 30);
    end if;
  end loop;

  newcomer := not exists (select 1 from private.voice_call_starts s
                           where s.address_key = voice_call_admit.address_key and s.started_at >= since);
  -- Known addresses stop short of the agent limit by the newcomers' share (at least one start).
  agent_share := case when newcomer then voice_call_admit.agent_limit
                      else greatest(1, voice_call_admit.agent_limit
                                       - ceil(voice_call_admit.agent_limit * voice_call_admit.newcomer_reserve)::integer)
                 end;
  foreach scope in array array['visitor', 'address', 'agent'] loop
    retry := private.voice_start_retry_after(
      scope,
      case scope when 'visitor' then voice_call_admit.visitor_key else voice_call_admit.address_key end,
      voice_call_admit.agent_id,
      case scope when 'visitor' then voice_call_admit.visitor_limit
                 when 'address' then voice_call_admit.address_limit
                 else agent_share end,
      since,
      voice_call_admit.window_seconds);
    if retry is not null then
      return jsonb_build_object('allowed', false, 'scope', scope, 'concurrent', false, 'retry_after_seconds', retry)
             || case when scope = 'agent' then jsonb_build_object('newcomer', newcomer) else '{}'::jsonb end;
    end if;
  end loop;
  insert into private.voice_call_starts (agent_id, visitor_key, address_key)
  values (voice_call_admit.agent_id, voice_call_admit.visitor_key, voice_call_admit.address_key)
  returning id into admitted;
  return jsonb_build_object('allowed', true, 'start_id', admitted);
end
$$;

-- Ties an admitted start to the call it opened: the start then counts as a call in progress for as
-- long as the call is open. A start is linked once.
create or replace function public.voice_call_link_start(start_id bigint, call_id uuid) returns boolean
language plpgsql security definer set search_path = '' as $$
begin
  update private.voice_call_starts s set call_id = voice_call_link_start.call_id
   where s.id = voice_call_link_start.start_id and s.call_id is null;
  return found;
end
$$;

revoke all on function private.voice_start_pending_seconds(), private.voice_calls_in_progress(text, text)
  from public, anon, authenticated;
revoke all on function
  public.voice_call_admit(uuid, text, text, integer, integer, integer, integer, numeric, integer, integer),
  public.voice_call_link_start(bigint, uuid)
  from public, anon, authenticated;
grant execute on function
  public.voice_call_admit(uuid, text, text, integer, integer, integer, integer, numeric, integer, integer),
  public.voice_call_link_start(bigint, uuid)
  to service_role;
