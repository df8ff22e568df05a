-- The owner's sandbox voice calls are tests, not calls anyone made. The
-- console's Test Agent calls through voice-session like a visitor, so they were stored as visitors'
-- `web_voice` calls: their call token could rate them through the API (moving the owner's
-- satisfaction) and the dashboards counted them as calls, conversations and people, although "the
-- owner's sandbox never" counts (sandbox chats are channel 'sandbox'; sandbox phone calls source
-- 'sandbox', 20261125120000). Now, as for phone calls:
--   * voice_calls.source says whose call it is: 'visitor', or 'sandbox' when the caller voice-session
--     verified (their session, never a browser flag) is the agent's owner; voice_open_call decides
--     it from the caller id it is given, against the agent's owner it reads itself;
--   * a sandbox call's conversation is channel 'sandbox' (like a sandbox chat or phone test), so the
--     conversation rollups, notifications and contact matching already leave it out;
--   * rate_voice_call refuses a sandbox call with the same 404 as an unknown one;
--   * the insights triggers and raw reads (facts, people recount, hence the rebuild) count visitor
--     calls only; their covering indexes are rebuilt on that predicate.
-- Calls opened before this migration cannot be told apart and stay as they were counted.

alter table public.voice_calls
  add column source text not null default 'visitor' check (source in ('visitor', 'sandbox'));
comment on column public.voice_calls.source is
  'visitor: a call from the agent''s public page; sandbox: the owner''s own test call from the console (not counted, not rateable).';

-- 1. Opening: voice_open_call (20261124190000) with the caller -----------------------------------
-- caller_id: the signed-in user voice-session verified (null for a visitor). Service role only.
drop function public.voice_open_call(uuid, text, text, text);
create function public.voice_open_call(
  agent_id uuid,
  storage_path text default null,
  mime_type text default null,
  format text default null,
  caller_id uuid default null
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
  sandbox boolean;
begin
  select a.user_id, a.name into owner, agent_name from public.agents a where a.id = voice_open_call.agent_id;
  if not found then
    raise exception 'Agent not found' using errcode = 'PT404';
  end if;
  -- The owner's own test call (the console sandbox): the caller is whoever the function verified.
  sandbox := coalesce(voice_open_call.caller_id = owner, false);
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
  values (owner, voice_open_call.agent_id, case when sandbox then 'sandbox' else 'web_voice' end)
  returning id into conversation;
  insert into public.voice_calls (user_id, agent_id, agent_name, conversation_id, status, recording_start_time,
                                  max_duration_seconds, last_seen_at, storage_path, file_name, mime_type, format,
                                  source)
  values (owner, voice_open_call.agent_id, left(agent_name, 100), conversation, 'recording', now(), reserved, now(),
          voice_open_call.storage_path,
          case when voice_open_call.storage_path is not null
               then left(regexp_replace(voice_open_call.storage_path, '^.*/', ''), 255) end,
          case when voice_open_call.storage_path is not null then left(voice_open_call.mime_type, 100) end,
          case when voice_open_call.storage_path is not null then left(voice_open_call.format, 20) end,
          case when sandbox then 'sandbox' else 'visitor' end)
  returning id into opened;
  return query select opened, conversation, reserved,
                      unreserved - reserved / 60 < 1 or reserved >= private.voice_call_max_seconds(),
                      private.voice_call_max_seconds();
end
$$;

revoke all on function public.voice_open_call(uuid, text, text, text, uuid) from public, anon, authenticated;
grant execute on function public.voice_open_call(uuid, text, text, text, uuid) to service_role;

-- 2. Rating: rate_voice_call (20261126110000) for visitors' calls only ---------------------------
create or replace function public.rate_voice_call(call_id uuid, rating integer)
returns numeric
language plpgsql volatile security definer set search_path = '' as $$
declare
  stored numeric;
begin
  if rate_voice_call.rating is null or rate_voice_call.rating not between 1 and 5 then
    raise exception 'rating must be 1 to 5' using errcode = '22023';
  end if;
  update public.conversations c
     set rating = rate_voice_call.rating,
         satisfaction = round((rate_voice_call.rating - 1)::numeric / 4, 2),
         rated_at = now()
    from public.voice_calls v
   where v.id = rate_voice_call.call_id
     and v.source = 'visitor'
     and c.id = v.conversation_id
     and c.channel = 'web_voice'
  returning c.satisfaction into stored;
  if not found then
    -- A sandbox call answers like an unknown one: nothing to learn about the owner's tests.
    raise exception 'Conversation not found' using errcode = 'PT404';
  end if;
  return stored;
end
$$;

-- 3. Insights: visitors' calls only (20261125160000) ---------------------------------------------
create or replace function private.insights_recount_person(owner uuid, agent uuid, person text) returns void
language sql volatile set search_path = '' as $$
  update private.insights_people p
     set last_call_at = greatest(
           (select max(c."timestamp") from public.calls c
             where c.user_id = owner and c.caller_key = person and c.status = 'completed' and c.source = 'twilio'
               and (p.agent_key = 'ffffffff-ffff-ffff-ffff-ffffffffffff'
                    or coalesce(c.assigned_agent, '00000000-0000-0000-0000-000000000000') = p.agent_key)),
           (select max(v.created_at) from public.conversations conv join public.voice_calls v on v.conversation_id = conv.id
             where conv.user_id = owner and conv.person_key = person and v.status = 'completed' and v.source = 'visitor'
               and (p.agent_key = 'ffffffff-ffff-ffff-ffff-ffffffffffff'
                    or coalesce(v.agent_id, '00000000-0000-0000-0000-000000000000') = p.agent_key)),
           (select max(v.created_at) from public.voice_calls v
             where person ~ '^voice:[0-9a-f-]{36}$' and v.id = substr(person, 7)::uuid and v.user_id = owner
               and v.status = 'completed' and v.source = 'visitor'
               and (p.agent_key = 'ffffffff-ffff-ffff-ffff-ffffffffffff'
                    or coalesce(v.agent_id, '00000000-0000-0000-0000-000000000000') = p.agent_key))),
         last_text_at = (select max(c.last_message_at) from public.conversations c
             where c.user_id = owner and c.person_key = person and c.channel in ('web_chat', 'whatsapp')
               and (p.agent_key = 'ffffffff-ffff-ffff-ffff-ffffffffffff'
                    or coalesce(c.agent_id, '00000000-0000-0000-0000-000000000000') = p.agent_key))
   where p.user_id = owner and p.person_key = person
     and p.agent_key in (coalesce(agent, '00000000-0000-0000-0000-000000000000'), 'ffffffff-ffff-ffff-ffff-ffffffffffff')
$$;

create or replace function private.insights_track_voice_call() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if tg_op <> 'INSERT' and old.status = 'completed' and old.source = 'visitor' then
    perform private.insights_bump(old.user_id, old.agent_id, 'web_voice', old.created_at, d_calls => -1,
                                  d_seconds => -old.duration);
    perform private.insights_recount_person(old.user_id, old.agent_id, private.voice_person(old.id, old.conversation_id));
  end if;
  if tg_op <> 'DELETE' and new.status = 'completed' and new.source = 'visitor' then
    perform private.insights_bump(new.user_id, new.agent_id, 'web_voice', new.created_at, d_calls => 1,
                                  d_seconds => new.duration);
    perform private.insights_seen(new.user_id, new.agent_id, private.voice_person(new.id, new.conversation_id),
                                  new.created_at, null);
  end if;
  return null;
end
$$;

create or replace function private.insights_facts(owner uuid, agent uuid, scan_from timestamptz, scan_to timestamptz)
returns table (kind text, at_time timestamptz, agent_id uuid, person text, seconds integer, channel text,
               score numeric, rating smallint, from_visitor boolean)
language sql stable set search_path = '' as $$
  with call_rows as (
    select c."timestamp", c.assigned_agent, c.caller_key, c.duration from public.calls c
     where agent is null and c.user_id = owner and c.status = 'completed' and c.source = 'twilio'
       and c."timestamp" >= scan_from and c."timestamp" < scan_to
    union all
    select c."timestamp", c.assigned_agent, c.caller_key, c.duration from public.calls c
     where agent is not null and c.assigned_agent = agent and c.user_id = owner
       and c.status = 'completed' and c.source = 'twilio'
       and c."timestamp" >= scan_from and c."timestamp" < scan_to
  ), voice_rows as (
    select v.id, v.created_at, v.agent_id, v.duration, v.conversation_id from public.voice_calls v
     where agent is null and v.user_id = owner and v.status = 'completed' and v.source = 'visitor'
       and v.created_at >= scan_from and v.created_at < scan_to
    union all
    select v.id, v.created_at, v.agent_id, v.duration, v.conversation_id from public.voice_calls v
     where agent is not null and v.agent_id = agent and v.user_id = owner and v.status = 'completed' and v.source = 'visitor'
       and v.created_at >= scan_from and v.created_at < scan_to
  ), message_rows as (
    select m."timestamp", m.agent_id, m.channel, m.role from public.messages m
     where agent is null and m.user_id = owner and m.role in ('user', 'assistant') and m.channel in ('web', 'whatsapp')
       and m."timestamp" >= scan_from and m."timestamp" < scan_to
    union all
    select m."timestamp", m.agent_id, m.channel, m.role from public.messages m
     where agent is not null and m.agent_id = agent and m.user_id = owner and m.role in ('user', 'assistant')
       and m.channel in ('web', 'whatsapp') and m."timestamp" >= scan_from and m."timestamp" < scan_to
  ), conversation_rows as (
    select c.started_at, c.agent_id, c.channel, c.satisfaction, c.rating from public.conversations c
     where agent is null and c.user_id = owner and c.channel <> 'sandbox'
       and c.started_at >= scan_from and c.started_at < scan_to
    union all
    select c.started_at, c.agent_id, c.channel, c.satisfaction, c.rating from public.conversations c
     where agent is not null and c.agent_id = agent and c.user_id = owner and c.channel <> 'sandbox'
       and c.started_at >= scan_from and c.started_at < scan_to
  ), texter_rows as (
    -- Text conversations active in the window: their people are the messaging users.
    select c.last_message_at, c.agent_id, c.person_key, c.channel from public.conversations c
     where c.user_id = owner and (agent is null or c.agent_id = agent) and c.channel in ('web_chat', 'whatsapp')
       and c.last_message_at >= scan_from and c.started_at < scan_to
  )
  select 'gsm', r."timestamp", r.assigned_agent, r.caller_key, r.duration, 'phone', null::numeric, null::smallint, true
    from call_rows r
  union all
  select 'voice', r.created_at, r.agent_id, private.voice_person(r.id, r.conversation_id), r.duration, 'web_voice',
         null, null, true
    from voice_rows r
  union all
  select 'message', r."timestamp", r.agent_id, null, null, r.channel, null, null, r.role = 'user'
    from message_rows r
  union all
  select 'conversation', r.started_at, r.agent_id, null, null, r.channel, r.satisfaction, r.rating, true
    from conversation_rows r
  union all
  select 'texter', r.last_message_at, r.agent_id, r.person_key, null, r.channel, null, null, true
    from texter_rows r
$$;

drop trigger voice_calls_insights on public.voice_calls;
create trigger voice_calls_insights after insert or delete or update of status, duration, created_at, agent_id,
  user_id, conversation_id, source on public.voice_calls for each row execute function private.insights_track_voice_call();

drop index public.voice_calls_insights_user_idx, public.voice_calls_insights_agent_idx;
create index voice_calls_insights_user_idx on public.voice_calls (user_id, created_at)
  include (agent_id, duration, conversation_id) where status = 'completed' and source = 'visitor';
create index voice_calls_insights_agent_idx on public.voice_calls (agent_id, created_at)
  include (duration, conversation_id) where status = 'completed' and source = 'visitor';
