-- Every call an owner received is in their call history, not only the answered ones: a missed
-- (unanswered), busy, failed or cancelled call is something to call back, and the notification
-- and email about it open that very call. call_history therefore lists every finished call (its
-- status, CALL_HISTORY_STATUSES in supabase/functions/_shared/contracts/history.ts, restated
-- below), filters by one status on request (`filter_status`), and reads one call by id
-- (`only_call`, whatever the period) for a link to it. Live calls (queued, ringing, in progress;
-- a browser call still recording or processing) are not history yet. The owner's sandbox tests
-- stay out, as before. The other arguments and the columns are those of 20261126180000.

-- The statuses a listed call may have, once for SQL.
create or replace function private.call_history_statuses() returns text[]
language sql immutable parallel safe set search_path = '' as $$
  select array['completed', 'no-answer', 'busy', 'failed', 'canceled']
$$;
revoke all on function private.call_history_statuses() from public, anon;
grant execute on function private.call_history_statuses() to authenticated, service_role;

-- The keyset indexes of the lists, now over every finished call (the completed-only ones stay
-- for the dashboards, which count answered calls).
create index calls_finished_history_idx on public.calls (user_id, "timestamp" desc, id desc)
  where status in ('completed', 'no-answer', 'busy', 'failed', 'canceled');
create index calls_agent_finished_history_idx on public.calls (assigned_agent, "timestamp" desc, id desc)
  where status in ('completed', 'no-answer', 'busy', 'failed', 'canceled');
create index voice_calls_finished_history_idx on public.voice_calls (user_id, created_at desc, id desc)
  where status in ('completed', 'failed');
create index voice_calls_agent_finished_history_idx on public.voice_calls (agent_id, created_at desc, id desc)
  where status in ('completed', 'failed');

drop function public.call_history(uuid, text, timestamptz, timestamptz, timestamptz, uuid, integer);

create function public.call_history(
  agent uuid default null,
  search text default null,
  since timestamptz default null,
  until timestamptz default null,
  before_at timestamptz default null,
  before_id uuid default null,
  page_size integer default 20,
  filter_status text default null,
  only_call uuid default null
) returns table (
  kind text,
  id uuid,
  agent_id uuid,
  agent_name text,
  from_number text,
  to_number text,
  status text,
  duration integer,
  started_at timestamptz,
  recording_path text,
  recording_mime text,
  conversation_id uuid
)
language plpgsql stable set search_path = '' as $$
begin
  if filter_status is not null and not (filter_status = any (private.call_history_statuses())) then
    raise exception 'Unknown call status: %', filter_status using errcode = '22023';
  end if;
  -- EXECUTE plans each call with its values, so the cursor, dates and agent bound the index scans
  -- (a generic plan of `param is null or …` cannot). A browser call has no number: only the agent's
  -- name can match it. A browser call is only ever completed or failed.
  return query execute $q$
    with p as (
      select (select auth.uid()) as uid,
             nullif(trim(coalesce($2, '')), '') as q,
             case when trim(coalesce($2, '')) ~ '^\+?[0-9][0-9 ().-]*$' then private.phone_digits($2) end as digits
    ),
    named as (
      select a.id from public.agents a, p
       where p.q is not null and a.user_id = p.uid and a.name ilike private.contains_pattern(p.q)
    ),
    gsm as (
      select c.id, c.assigned_agent, c.from_number, c.to_number, c.status, c.duration, c."timestamp" as at,
             c.recording_path, c.conversation_id
        from public.calls c, p
       where c.user_id = (select auth.uid())
         and c.status in ('completed', 'no-answer', 'busy', 'failed', 'canceled')
         and ($8 is null or c.status = $8)
         and ($9 is null or c.id = $9)
         -- the owner's own "call as a phone caller" tests are not calls anyone made
         and c.source <> 'sandbox'
         and ($1 is null or c.assigned_agent = $1)
         and c."timestamp" >= coalesce($3, '-infinity') and c."timestamp" < coalesce($4, 'infinity')
         and c."timestamp" <= coalesce($5, 'infinity')
         and (c."timestamp" < coalesce($5, 'infinity') or c.id < coalesce($6, 'ffffffff-ffff-ffff-ffff-ffffffffffff'))
         and (p.q is null
              or (p.digits is not null and c.from_number like private.contains_pattern(p.digits))
              or c.assigned_agent in (select named.id from named))
       order by c."timestamp" desc, c.id desc
       limit least(greatest(coalesce($7, 20), 1), 100)
    ),
    voice as (
      select v.id, v.agent_id, v.status, v.duration, v.created_at as at, v.storage_path, v.mime_type, v.conversation_id
        from public.voice_calls v, p
       where v.user_id = (select auth.uid())
         and v.status in ('completed', 'failed')
         and ($8 is null or v.status = $8)
         and ($9 is null or v.id = $9)
         -- the owner's own test calls from the console sandbox are not calls anyone made
         and v.source <> 'sandbox'
         and ($1 is null or v.agent_id = $1)
         and v.created_at >= coalesce($3, '-infinity') and v.created_at < coalesce($4, 'infinity')
         and v.created_at <= coalesce($5, 'infinity')
         and (v.created_at < coalesce($5, 'infinity') or v.id < coalesce($6, 'ffffffff-ffff-ffff-ffff-ffffffffffff'))
         and (p.q is null or v.agent_id in (select named.id from named))
       order by v.created_at desc, v.id desc
       limit least(greatest(coalesce($7, 20), 1), 100)
    ),
    merged as (
      select 'gsm'::text as kind, g.id, g.assigned_agent as agent_id, g.from_number, g.to_number, g.status,
             g.duration, g.at, g.recording_path, null::text as recording_mime, g.conversation_id
        from gsm g
      union all
      select 'voice', v.id, v.agent_id, null, null, v.status, v.duration, v.at, v.storage_path, v.mime_type,
             v.conversation_id
        from voice v
    )
    select m.kind, m.id, m.agent_id, a.name, m.from_number, m.to_number, m.status, m.duration, m.at,
           m.recording_path, m.recording_mime, m.conversation_id
      from merged m left join public.agents a on a.id = m.agent_id
     order by m.at desc, m.id desc
     limit least(greatest(coalesce($7, 20), 1), 100)
  $q$
  using agent, search, since, until, before_at, before_id, page_size, filter_status, only_call;
end
$$;
revoke all on function public.call_history(uuid, text, timestamptz, timestamptz, timestamptz, uuid, integer, text, uuid)
  from public, anon;
grant execute on function public.call_history(uuid, text, timestamptz, timestamptz, timestamptz, uuid, integer, text, uuid)
  to authenticated, service_role;

-- The console route of one call in the history: the list (the agent's when it has one) with the
-- call's details open. Notifications and their emails link there.
create or replace function private.call_route(agent uuid, call uuid) returns text
language sql immutable set search_path = '' as $$
  select case when agent is null then '/calls' else '/agents/' || agent || '/calls' end || '?call=' || call
$$;
revoke all on function private.call_route(uuid, uuid) from public, anon;

-- A phone call that failed, was busy or went unanswered (once, when it reaches that status); the
-- notification opens that call. Same rule as 20261126130000 otherwise.
create or replace function private.notify_failed_phone_call() returns trigger
  language plpgsql security definer set search_path = '' as $$
begin
  if new.status not in ('failed', 'busy', 'no-answer')
     or (tg_op = 'UPDATE' and old.status is not distinct from new.status) then
    return new;
  end if;
  insert into public.notifications (user_id, kind, route, data, source_id)
  values (
    new.user_id, 'failed_call', private.call_route(new.assigned_agent, new.id),
    jsonb_strip_nulls(jsonb_build_object('channel', 'phone', 'status', new.status, 'from', new.from_number,
      'agentName', private.agent_name(new.assigned_agent))),
    new.id)
  on conflict (kind, source_id) do nothing;
  return new;
end
$$;
revoke all on function private.notify_failed_phone_call() from public;

-- A browser voice call that failed; the notification opens that call.
create or replace function private.notify_failed_voice_call() returns trigger
  language plpgsql security definer set search_path = '' as $$
begin
  if new.status <> 'failed' or (tg_op = 'UPDATE' and old.status is not distinct from new.status) then
    return new;
  end if;
  insert into public.notifications (user_id, kind, route, data, source_id)
  values (
    new.user_id, 'failed_call', private.call_route(new.agent_id, new.id),
    jsonb_strip_nulls(jsonb_build_object('channel', 'web_voice', 'status', new.status,
      'agentName', private.agent_name(new.agent_id))),
    new.id)
  on conflict (kind, source_id) do nothing;
  return new;
end
$$;
revoke all on function private.notify_failed_voice_call() from public;

-- Notifications written before this point at the whole list: they now open their call too.
update public.notifications n
   set route = n.route || '?call=' || n.source_id
 where n.kind = 'failed_call' and n.source_id is not null and position('?' in n.route) = 0;
