-- Insights (the main dashboard, the per-agent dashboard and its statistics): the dashboards'
-- numbers are computed here, never from rows shipped to the browser.
--
-- Definitions (one place; the console only formats them):
-- * calls = completed phone calls (`calls`, "gsm"; the owner's sandbox calls, source 'sandbox', never)
--   + completed browser voice calls (`voice_calls`, "voice"); only completed calls count.
-- * messages = user and assistant turns of the text channels (web chat, WhatsApp); voice and phone
--   transcripts belong to their calls. Sandbox turns never count.
-- * a person = a caller's phone number (calls, phone, WhatsApp: digits) or a web visitor's key,
--   so one number calling and writing on WhatsApp is one unique user across channels.
-- * trend: 24h and 7d compare the second half of the period with the first; 30d compares
--   the last 30 days with the previous calendar month (in the owner's time zone). 100 when the
--   previous value is 0 and the current above 0, 0 when both are 0, else the change in percent
--   to one decimal.
-- * days and hours are in the time zone the console passes (IANA name, the owner's).
-- * access: the caller's own data only, admins included (a dashboard is personal); visitors none.

-- Visitors' ratings: 1-5, stored per conversation; satisfaction = (rating-1)/4.
alter table public.conversations
  add column rating smallint check (rating between 1 and 5),
  add column rated_at timestamptz;

-- Text grouping key of a visitor's question: lower case, punctuation dropped, spaces collapsed,
-- so "Opening hours?" and "opening  hours" are one question.
create or replace function private.question_key(content text) returns text
language sql immutable parallel safe set search_path = '' as $$
  select nullif(left(btrim(regexp_replace(regexp_replace(lower(content), '[^[:alnum:][:space:]]+', ' ', 'g'),
                                          '[[:space:]]+', ' ', 'g')), 200), '')
$$;

-- Columns the aggregates group on, derived by Postgres from what the transcript writer stores
-- (metadata.channel is written on every line), so covering indexes can hold them.
alter table public.messages
  add column channel text generated always as (metadata ->> 'channel') stored,
  add column question_key text generated always as
    (case when role = 'user' then private.question_key(content) end) stored;

-- One person across channels: a phone number (E.164, `whatsapp:` prefixed or not) becomes its
-- digits; anything else (a web visitor key) is itself.
create or replace function private.person_key(raw text) returns text
language sql immutable parallel safe set search_path = '' as $$
  select case
    when raw is null or btrim(raw) = '' then null
    when regexp_replace(raw, '^whatsapp:', '', 'i') ~ '^\+?[0-9][0-9 ().-]{3,30}$'
      then 'tel:' || regexp_replace(raw, '[^0-9]', '', 'g')
    else raw end
$$;

create or replace function private.insights_trend(current_value numeric, previous_value numeric) returns numeric
language sql immutable parallel safe set search_path = '' as $$
  select case
    when coalesce(previous_value, 0) = 0 then case when coalesce(current_value, 0) > 0 then 100 else 0 end
    else round((coalesce(current_value, 0) - previous_value) * 100 / previous_value, 1) end
$$;

-- The period's window and the two windows its trend compares.
create or replace function private.insights_windows(period text, time_zone text, at_time timestamptz)
returns table (
  start_at timestamptz, end_at timestamptz,
  trend_start timestamptz, trend_end timestamptz,
  previous_start timestamptz, previous_end timestamptz
)
language plpgsql stable set search_path = '' as $$
declare
  span interval;
  month_start timestamp;
begin
  if period is null or period not in ('24h', '7d', '30d') then
    raise exception 'period must be 24h, 7d or 30d' using errcode = '22023';
  end if;
  if time_zone is null or not exists (select 1 from pg_catalog.pg_timezone_names z where z.name = time_zone) then
    raise exception 'unknown time zone' using errcode = '22023';
  end if;
  span := case period when '24h' then interval '24 hours' when '7d' then interval '7 days' else interval '30 days' end;
  start_at := at_time - span;
  end_at := at_time;
  if period = '30d' then
    month_start := date_trunc('month', at_time at time zone time_zone);
    trend_start := start_at;
    trend_end := end_at;
    previous_start := (month_start - interval '1 month') at time zone time_zone;
    previous_end := month_start at time zone time_zone;
  else
    previous_start := start_at;
    previous_end := start_at + span / 2;
    trend_start := previous_end;
    trend_end := end_at;
  end if;
  return next;
end
$$;

-- Stored person keys, so no aggregate normalises numbers row by row at query time.
alter table public.calls add column caller_key text generated always as (private.person_key(from_number)) stored;
alter table public.conversations add column person_key text generated always as (private.person_key(visitor_id)) stored;

-- Covering indexes for the exact reads: the edges of a window (see insights_rows) and time zones
-- whose offset is not a whole hour.
create index calls_insights_user_idx on public.calls (user_id, "timestamp")
  include (assigned_agent, duration, caller_key) where status = 'completed' and source = 'twilio';
create index calls_insights_agent_idx on public.calls (assigned_agent, "timestamp")
  include (duration, caller_key) where status = 'completed' and source = 'twilio';
create index voice_calls_insights_user_idx on public.voice_calls (user_id, created_at)
  include (agent_id, duration, conversation_id) where status = 'completed';
create index voice_calls_insights_agent_idx on public.voice_calls (agent_id, created_at)
  include (duration, conversation_id) where status = 'completed';
create index messages_insights_user_idx on public.messages (user_id, "timestamp")
  include (agent_id, channel, role) where role in ('user', 'assistant') and channel in ('web', 'whatsapp');
create index messages_insights_agent_idx on public.messages (agent_id, "timestamp")
  include (channel, role) where role in ('user', 'assistant') and channel in ('web', 'whatsapp');
create index messages_questions_user_idx on public.messages (user_id, "timestamp")
  include (question_key) where question_key is not null and channel is distinct from 'sandbox';
create index messages_tool_calls_user_idx on public.messages (user_id, "timestamp")
  where tool_calls is not null and channel is distinct from 'sandbox';
-- A person's rows, to recount when one of them is removed or moved back (insights_recount_person).
create index calls_caller_user_idx on public.calls (user_id, caller_key, "timestamp")
  where status = 'completed' and source = 'twilio';
create index conversations_person_user_idx on public.conversations (user_id, person_key, last_message_at);
create index conversations_insights_user_idx on public.conversations (user_id, started_at)
  include (agent_id, channel, satisfaction, rating) where channel <> 'sandbox';
create index conversations_insights_agent_idx on public.conversations (agent_id, started_at)
  include (channel, satisfaction, rating) where channel <> 'sandbox';

-- Rollups (a million calls and messages per owner). Kept by the triggers
-- below in the same transaction as the row they count, rebuilt from the raw rows by
-- private.insights_rebuild (the backfill at the end of this migration). Hours are UTC hours, so
-- they serve every time zone whose offset is whole hours; other zones read the raw rows.
-- agent_key: the agent, the nil uuid for activity without an agent, or 'ffffffff-…' for all of the
-- owner's activity together (what the main dashboard reads: one row per hour and channel).
create table private.insights_hourly (
  user_id uuid not null references public.profiles (id) on delete cascade,
  agent_key uuid not null,
  channel text not null check (channel in ('web_chat', 'web_voice', 'phone', 'whatsapp')),
  hour_start timestamptz not null,
  calls integer not null default 0,
  call_seconds bigint not null default 0,
  messages integer not null default 0,
  visitor_messages integer not null default 0,
  conversations integer not null default 0,
  score_sum numeric not null default 0,
  rated integer not null default 0,
  rating_1 integer not null default 0,
  rating_2 integer not null default 0,
  rating_3 integer not null default 0,
  rating_4 integer not null default 0,
  rating_5 integer not null default 0,
  primary key (user_id, agent_key, hour_start, channel)
);

-- Unique people: when each person was last seen calling and writing, per agent and for all the
-- owner's agents together (agent_key 'ffffffff-…'). Someone is a user of a window that ends now
-- exactly when last seen inside it, so a count over one index range replaces count(distinct).
create table private.insights_people (
  user_id uuid not null references public.profiles (id) on delete cascade,
  agent_key uuid not null,
  person_key text not null,
  last_call_at timestamptz,
  last_text_at timestamptz,
  last_seen_at timestamptz generated always as (greatest(last_call_at, last_text_at)) stored,
  primary key (user_id, agent_key, person_key)
);
create index insights_people_seen_idx on private.insights_people (user_id, agent_key, last_seen_at)
  include (last_call_at, last_text_at);

-- Top questions and tool runs per owner and UTC day (only the main dashboard shows them).
create table private.insights_questions_daily (
  user_id uuid not null references public.profiles (id) on delete cascade,
  day date not null,
  question_key text not null,
  asked integer not null default 0,
  primary key (user_id, day, question_key)
);
create table private.insights_tools_daily (
  user_id uuid not null references public.profiles (id) on delete cascade,
  day date not null,
  tool text not null,
  name text,
  runs integer not null default 0,
  failed integer not null default 0,
  primary key (user_id, day, tool)
);

-- Internal tables: no client ever reads them (the dashboards' definer functions do).
alter table private.insights_hourly enable row level security;
alter table private.insights_people enable row level security;
alter table private.insights_questions_daily enable row level security;
alter table private.insights_tools_daily enable row level security;
revoke all on private.insights_hourly, private.insights_people, private.insights_questions_daily,
  private.insights_tools_daily from public, anon, authenticated, service_role;

-- Adds (or with negative values removes) one row's share of an hour, for its agent and for all
-- agents. A row deleted by a cascade from its owner's profile adds nothing back.
create or replace function private.insights_bump(owner uuid, agent uuid, d_channel text, at_time timestamptz,
                                                 d_calls integer default 0, d_seconds bigint default 0,
                                                 d_messages integer default 0, d_visitor integer default 0,
                                                 d_conversations integer default 0, d_score numeric default 0,
                                                 d_rated integer default 0, rating smallint default null,
                                                 d_rating integer default 0)
returns void
language sql volatile set search_path = '' as $$
  insert into private.insights_hourly as h (user_id, agent_key, channel, hour_start, calls, call_seconds, messages,
                                            visitor_messages, conversations, score_sum, rated,
                                            rating_1, rating_2, rating_3, rating_4, rating_5)
  select owner, k, d_channel, date_trunc('hour', at_time, 'UTC'),
         d_calls, d_seconds, d_messages, d_visitor, d_conversations, d_score, d_rated,
         case when rating = 1 then d_rating else 0 end, case when rating = 2 then d_rating else 0 end,
         case when rating = 3 then d_rating else 0 end, case when rating = 4 then d_rating else 0 end,
         case when rating = 5 then d_rating else 0 end
    from unnest(array[coalesce(agent, '00000000-0000-0000-0000-000000000000'::uuid),
                      'ffffffff-ffff-ffff-ffff-ffffffffffff'::uuid]) k
   where exists (select 1 from public.profiles p where p.id = owner)
  on conflict (user_id, agent_key, hour_start, channel) do update
    set calls = h.calls + excluded.calls, call_seconds = h.call_seconds + excluded.call_seconds,
        messages = h.messages + excluded.messages, visitor_messages = h.visitor_messages + excluded.visitor_messages,
        conversations = h.conversations + excluded.conversations, score_sum = h.score_sum + excluded.score_sum,
        rated = h.rated + excluded.rated, rating_1 = h.rating_1 + excluded.rating_1,
        rating_2 = h.rating_2 + excluded.rating_2, rating_3 = h.rating_3 + excluded.rating_3,
        rating_4 = h.rating_4 + excluded.rating_4, rating_5 = h.rating_5 + excluded.rating_5
$$;

create or replace function private.insights_seen(owner uuid, agent uuid, person text, call_at timestamptz,
                                                 text_at timestamptz)
returns void
language sql volatile set search_path = '' as $$
  insert into private.insights_people as p (user_id, agent_key, person_key, last_call_at, last_text_at)
  select owner, k, person, call_at, text_at
    from unnest(array[coalesce(agent, '00000000-0000-0000-0000-000000000000'::uuid),
                      'ffffffff-ffff-ffff-ffff-ffffffffffff'::uuid]) k
   where person is not null and exists (select 1 from public.profiles o where o.id = owner)
  on conflict (user_id, agent_key, person_key) do update
    set last_call_at = greatest(p.last_call_at, excluded.last_call_at),
        last_text_at = greatest(p.last_text_at, excluded.last_text_at)
$$;

-- When a row that made someone a user is removed, un-completed or moved back, their last times
-- are recounted from their rows (greatest() alone would keep the removed one).
create or replace function private.insights_recount_person(owner uuid, agent uuid, person text) returns void
language sql volatile set search_path = '' as $$
  update private.insights_people p
     set last_call_at = greatest(
           (select max(c."timestamp") from public.calls c
             where c.user_id = owner and c.caller_key = person and c.status = 'completed' and c.source = 'twilio'
               and (p.agent_key = 'ffffffff-ffff-ffff-ffff-ffffffffffff'
                    or coalesce(c.assigned_agent, '00000000-0000-0000-0000-000000000000') = p.agent_key)),
           (select max(v.created_at) from public.conversations conv join public.voice_calls v on v.conversation_id = conv.id
             where conv.user_id = owner and conv.person_key = person and v.status = 'completed'
               and (p.agent_key = 'ffffffff-ffff-ffff-ffff-ffffffffffff'
                    or coalesce(v.agent_id, '00000000-0000-0000-0000-000000000000') = p.agent_key)),
           (select max(v.created_at) from public.voice_calls v
             where person ~ '^voice:[0-9a-f-]{36}$' and v.id = substr(person, 7)::uuid and v.user_id = owner
               and v.status = 'completed'
               and (p.agent_key = 'ffffffff-ffff-ffff-ffff-ffffffffffff'
                    or coalesce(v.agent_id, '00000000-0000-0000-0000-000000000000') = p.agent_key))),
         last_text_at = (select max(c.last_message_at) from public.conversations c
             where c.user_id = owner and c.person_key = person and c.channel in ('web_chat', 'whatsapp')
               and (p.agent_key = 'ffffffff-ffff-ffff-ffff-ffffffffffff'
                    or coalesce(c.agent_id, '00000000-0000-0000-0000-000000000000') = p.agent_key))
   where p.user_id = owner and p.person_key = person
     and p.agent_key in (coalesce(agent, '00000000-0000-0000-0000-000000000000'), 'ffffffff-ffff-ffff-ffff-ffffffffffff')
$$;

create or replace function private.insights_track_call() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if tg_op <> 'INSERT' and old.status = 'completed' and old.source = 'twilio' then
    perform private.insights_bump(old.user_id, old.assigned_agent, 'phone', old."timestamp", d_calls => -1,
                                  d_seconds => -old.duration);
    perform private.insights_recount_person(old.user_id, old.assigned_agent, old.caller_key);
  end if;
  if tg_op <> 'DELETE' and new.status = 'completed' and new.source = 'twilio' then
    perform private.insights_bump(new.user_id, new.assigned_agent, 'phone', new."timestamp", d_calls => 1,
                                  d_seconds => new.duration);
    perform private.insights_seen(new.user_id, new.assigned_agent, new.caller_key, new."timestamp", null);
  end if;
  return null;
end
$$;
create trigger calls_insights after insert or delete or update of status, source, duration, "timestamp",
  assigned_agent, user_id, from_number on public.calls for each row execute function private.insights_track_call();

-- A browser voice caller is the visitor of the call's conversation, else the call itself.
create or replace function private.voice_person(call_id uuid, conversation uuid) returns text
language sql stable set search_path = '' as $$
  select coalesce((select c.person_key from public.conversations c where c.id = conversation), 'voice:' || call_id::text)
$$;

create or replace function private.insights_track_voice_call() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if tg_op <> 'INSERT' and old.status = 'completed' then
    perform private.insights_bump(old.user_id, old.agent_id, 'web_voice', old.created_at, d_calls => -1,
                                  d_seconds => -old.duration);
    perform private.insights_recount_person(old.user_id, old.agent_id, private.voice_person(old.id, old.conversation_id));
  end if;
  if tg_op <> 'DELETE' and new.status = 'completed' then
    perform private.insights_bump(new.user_id, new.agent_id, 'web_voice', new.created_at, d_calls => 1,
                                  d_seconds => new.duration);
    perform private.insights_seen(new.user_id, new.agent_id, private.voice_person(new.id, new.conversation_id),
                                  new.created_at, null);
  end if;
  return null;
end
$$;
create trigger voice_calls_insights after insert or delete or update of status, duration, created_at, agent_id,
  user_id, conversation_id on public.voice_calls for each row execute function private.insights_track_voice_call();

-- One message's share: text turns, its grouped question, its tool runs.
create or replace function private.insights_count_message(m public.messages, sign integer) returns void
language plpgsql volatile set search_path = '' as $$
begin
  if m.role in ('user', 'assistant') and m.channel in ('web', 'whatsapp') then
    perform private.insights_bump(m.user_id, m.agent_id, case m.channel when 'web' then 'web_chat' else 'whatsapp' end,
                                  m."timestamp", d_messages => sign,
                                  d_visitor => case when m.role = 'user' then sign else 0 end);
  end if;
  if not exists (select 1 from public.profiles p where p.id = m.user_id) then
    return;
  end if;
  if m.question_key is not null and m.channel is distinct from 'sandbox' then
    insert into private.insights_questions_daily as q (user_id, day, question_key, asked)
    values (m.user_id, (m."timestamp" at time zone 'UTC')::date, m.question_key, sign)
    on conflict (user_id, day, question_key) do update set asked = q.asked + excluded.asked;
  end if;
  if m.tool_calls is not null and m.channel is distinct from 'sandbox' then
    insert into private.insights_tools_daily as t (user_id, day, tool, name, runs, failed)
    select m.user_id, (m."timestamp" at time zone 'UTC')::date, call ->> 'function', max(call ->> 'name'),
           count(*) * sign, count(*) filter (where coalesce(call ->> 'status', '') not in ('ok', 'done', 'success')) * sign
      from jsonb_array_elements(m.tool_calls) call
     where call ->> 'function' is not null
     group by call ->> 'function'
    on conflict (user_id, day, tool) do update
      set runs = t.runs + excluded.runs, failed = t.failed + excluded.failed, name = greatest(t.name, excluded.name);
  end if;
end
$$;

create or replace function private.insights_track_message() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if tg_op <> 'INSERT' then
    perform private.insights_count_message(old, -1);
  end if;
  if tg_op <> 'DELETE' then
    perform private.insights_count_message(new, 1);
  end if;
  return null;
end
$$;
create trigger messages_insights after insert or delete or update of role, content, metadata, tool_calls, "timestamp",
  agent_id, user_id on public.messages for each row execute function private.insights_track_message();

-- Conversations: counted by start, with their rating; text conversations make their visitor a
-- messaging user until their last message (touched on every message).
create or replace function private.insights_track_conversation() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if tg_op <> 'INSERT' and old.channel <> 'sandbox'
     and (tg_op = 'DELETE' or (old.user_id, old.agent_id, old.channel, old.started_at, old.satisfaction, old.rating)
                               is distinct from (new.user_id, new.agent_id, new.channel, new.started_at, new.satisfaction, new.rating)) then
    perform private.insights_bump(old.user_id, old.agent_id, old.channel, old.started_at, d_conversations => -1,
                                  d_score => -coalesce(old.satisfaction, 0),
                                  d_rated => -(old.satisfaction is not null)::integer, rating => old.rating, d_rating => -1);
  end if;
  if tg_op <> 'DELETE' and new.channel <> 'sandbox'
     and (tg_op = 'INSERT' or (old.user_id, old.agent_id, old.channel, old.started_at, old.satisfaction, old.rating)
                               is distinct from (new.user_id, new.agent_id, new.channel, new.started_at, new.satisfaction, new.rating)) then
    perform private.insights_bump(new.user_id, new.agent_id, new.channel, new.started_at, d_conversations => 1,
                                  d_score => coalesce(new.satisfaction, 0),
                                  d_rated => (new.satisfaction is not null)::integer, rating => new.rating, d_rating => 1);
  end if;
  if tg_op <> 'INSERT' and old.channel in ('web_chat', 'whatsapp')
     and (tg_op = 'DELETE' or new.last_message_at < old.last_message_at
          or (old.user_id, old.agent_id, old.channel, old.person_key)
             is distinct from (new.user_id, new.agent_id, new.channel, new.person_key)) then
    perform private.insights_recount_person(old.user_id, old.agent_id, old.person_key);
  end if;
  if tg_op <> 'DELETE' and new.channel in ('web_chat', 'whatsapp') then
    perform private.insights_seen(new.user_id, new.agent_id, new.person_key, null, new.last_message_at);
  end if;
  return null;
end
$$;
create trigger conversations_insights after insert or delete or update on public.conversations
  for each row execute function private.insights_track_conversation();

-- The raw facts, for one owner and optionally one agent, between two instants. Each source has an
-- owner branch and an agent branch so that the branch not taken is a one-time filter (skipped)
-- and the other is a range scan of its covering index.
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
     where agent is null and v.user_id = owner and v.status = 'completed'
       and v.created_at >= scan_from and v.created_at < scan_to
    union all
    select v.id, v.created_at, v.agent_id, v.duration, v.conversation_id from public.voice_calls v
     where agent is not null and v.agent_id = agent and v.user_id = owner and v.status = 'completed'
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

-- Whether hourly UTC buckets fall on whole hours of this time zone over the range.
create or replace function private.insights_whole_hours(time_zone text, from_at timestamptz, to_at timestamptz)
returns boolean
language sql stable set search_path = '' as $$
  select bool_and(extract(minute from (b at time zone time_zone) - (b at time zone 'UTC')) = 0)
    from unnest(array[from_at, to_at]) b where b > '-infinity' and b < 'infinity'
$$;

-- Activity between two instants as rows of the rollup's shape: the rollup's hours, except hours
-- holding one of the boundaries (the windows a caller compares), which are read from the raw rows
-- with their exact times, so every row lies wholly inside or outside each window. `exact` reads
-- everything raw (time zones with a part-hour offset; the rebuild). `agent`: one agent, 'ffffffff-…'
-- for all agents together, null for every agent separately.
create or replace function private.insights_rows(owner uuid, agent uuid, scan_from timestamptz, scan_to timestamptz,
                                                 boundaries timestamptz[], exact boolean)
returns table (at_time timestamptz, agent_key uuid, channel text, calls bigint, call_seconds bigint, messages bigint,
               visitor_messages bigint, conversations bigint, score_sum numeric, rated bigint, rating_1 bigint,
               rating_2 bigint, rating_3 bigint, rating_4 bigint, rating_5 bigint)
language sql stable set search_path = '' as $$
  with edges as (
    select distinct date_trunc('hour', b, 'UTC') as h
      from unnest(boundaries || array[scan_from, scan_to]) b
     where not exact and b > '-infinity' and b < 'infinity' and b <> date_trunc('hour', b, 'UTC')
  ), edge_hours as (
    select coalesce(array_agg(h), '{}') as hours from edges
  ), ranges as (
    select greatest(e.h, scan_from) as f, least(e.h + interval '1 hour', scan_to) as t from edges e
    union all
    select scan_from, scan_to where exact
  )
  select h.hour_start, h.agent_key, h.channel, h.calls, h.call_seconds, h.messages, h.visitor_messages,
         h.conversations, h.score_sum, h.rated, h.rating_1, h.rating_2, h.rating_3, h.rating_4, h.rating_5
    from private.insights_hourly h, edge_hours e
   where not exact and agent is null and h.user_id = owner and h.agent_key <> 'ffffffff-ffff-ffff-ffff-ffffffffffff'
     and h.hour_start >= date_trunc('hour', scan_from, 'UTC') and h.hour_start < scan_to and h.hour_start <> all (e.hours)
  union all
  select h.hour_start, h.agent_key, h.channel, h.calls, h.call_seconds, h.messages, h.visitor_messages,
         h.conversations, h.score_sum, h.rated, h.rating_1, h.rating_2, h.rating_3, h.rating_4, h.rating_5
    from private.insights_hourly h, edge_hours e
   where not exact and agent is not null and h.user_id = owner and h.agent_key = agent
     and h.hour_start >= date_trunc('hour', scan_from, 'UTC') and h.hour_start < scan_to and h.hour_start <> all (e.hours)
  union all
  select x.at_time,
         case when agent = 'ffffffff-ffff-ffff-ffff-ffffffffffff' then agent
              else coalesce(x.agent_id, '00000000-0000-0000-0000-000000000000') end,
         case x.kind when 'message' then case x.channel when 'web' then 'web_chat' else x.channel end else x.channel end,
         (x.kind in ('gsm', 'voice'))::integer, case when x.kind in ('gsm', 'voice') then x.seconds else 0 end,
         (x.kind = 'message')::integer, (x.kind = 'message' and x.from_visitor)::integer,
         (x.kind = 'conversation')::integer, case when x.kind = 'conversation' then coalesce(x.score, 0) else 0 end,
         (x.kind = 'conversation' and x.score is not null)::integer,
         (x.rating is not distinct from 1)::integer, (x.rating is not distinct from 2)::integer,
         (x.rating is not distinct from 3)::integer, (x.rating is not distinct from 4)::integer,
         (x.rating is not distinct from 5)::integer
    from ranges r
         cross join lateral private.insights_facts(owner, nullif(agent, 'ffffffff-ffff-ffff-ffff-ffffffffffff'), r.f, r.t) x
   where r.f < r.t and x.kind <> 'texter'
$$;

-- The aggregate behind both dashboards.
create or replace function private.insights_aggregate(owner uuid, agent uuid, period text, time_zone text)
returns jsonb
language plpgsql stable set search_path = '' as $$
declare
  w record;
  scan_from timestamptz;
  result jsonb;
begin
  select * into w from private.insights_windows(period, time_zone, now());
  scan_from := least(w.start_at, w.previous_start);
  with g as materialized (
    -- One row per hour of the owner's calendar and window membership: all later steps read these.
    select date_trunc('hour', u.at_time at time zone time_zone) as local_hour,
           u.at_time >= w.start_at as cur,
           u.at_time >= w.trend_start and u.at_time < w.trend_end as now_part,
           u.at_time >= w.previous_start and u.at_time < w.previous_end as before_part,
           coalesce(sum(u.calls) filter (where u.channel = 'phone'), 0) as gsm,
           coalesce(sum(u.calls) filter (where u.channel = 'web_voice'), 0) as voice,
           sum(u.call_seconds) as seconds,
           coalesce(sum(u.messages) filter (where u.channel = 'web_chat'), 0) as web,
           coalesce(sum(u.messages) filter (where u.channel = 'whatsapp'), 0) as whatsapp,
           sum(u.visitor_messages) as visitor_messages,
           sum(u.conversations) as conversations, sum(u.score_sum) as score_sum, sum(u.rated) as rated,
           sum(u.rating_1) as r1, sum(u.rating_2) as r2, sum(u.rating_3) as r3, sum(u.rating_4) as r4,
           sum(u.rating_5) as r5
      from private.insights_rows(owner, coalesce(agent, 'ffffffff-ffff-ffff-ffff-ffffffffffff'), scan_from, w.end_at,
                                 array[w.start_at, w.end_at, w.trend_start, w.trend_end, w.previous_start, w.previous_end],
                                 not coalesce(private.insights_whole_hours(time_zone, scan_from, w.end_at), false)) u
     group by 1, 2, 3, 4
  ), totals as (
    select coalesce(sum(gsm + voice) filter (where cur), 0) as calls,
           coalesce(sum(gsm) filter (where cur), 0) as gsm, coalesce(sum(voice) filter (where cur), 0) as voice,
           coalesce(sum(seconds) filter (where cur), 0) as seconds,
           coalesce(sum(web) filter (where cur), 0) as web, coalesce(sum(whatsapp) filter (where cur), 0) as whatsapp,
           coalesce(sum(conversations) filter (where cur), 0) as conversations,
           sum(score_sum) filter (where cur) as score_sum, coalesce(sum(rated) filter (where cur), 0) as rated,
           coalesce(sum(gsm + voice) filter (where now_part), 0) as calls_now,
           coalesce(sum(gsm + voice) filter (where before_part), 0) as calls_before,
           coalesce(sum(seconds) filter (where now_part), 0) as seconds_now,
           coalesce(sum(seconds) filter (where before_part), 0) as seconds_before,
           coalesce(sum(web + whatsapp) filter (where now_part), 0) as messages_now,
           coalesce(sum(web + whatsapp) filter (where before_part), 0) as messages_before,
           coalesce(sum(conversations) filter (where now_part), 0) as conversations_now,
           coalesce(sum(conversations) filter (where before_part), 0) as conversations_before,
           sum(score_sum) filter (where now_part) / nullif(sum(rated) filter (where now_part), 0) as score_now,
           sum(score_sum) filter (where before_part) / nullif(sum(rated) filter (where before_part), 0) as score_before,
           coalesce(sum(r1) filter (where cur), 0) as r1, coalesce(sum(r2) filter (where cur), 0) as r2,
           coalesce(sum(r3) filter (where cur), 0) as r3, coalesce(sum(r4) filter (where cur), 0) as r4,
           coalesce(sum(r5) filter (where cur), 0) as r5
      from g
  ), days as (
    select d::date as day
      from generate_series((w.start_at at time zone time_zone)::date,
                           ((w.end_at - interval '1 microsecond') at time zone time_zone)::date, interval '1 day') d
  ), daily as (
    select local_hour::date as day, sum(conversations) as conversations, sum(gsm + voice) as calls, sum(gsm) as gsm,
           sum(voice) as voice, sum(web + whatsapp) as messages
      from g where cur group by 1
  ), series as (
    select jsonb_agg(jsonb_build_object('date', to_char(d.day, 'YYYY-MM-DD'), 'count', coalesce(x.conversations, 0)) order by d.day) as conversations,
           jsonb_agg(jsonb_build_object('date', to_char(d.day, 'YYYY-MM-DD'), 'count', coalesce(x.calls, 0)) order by d.day) as calls,
           jsonb_agg(jsonb_build_object('date', to_char(d.day, 'YYYY-MM-DD'), 'count', coalesce(x.gsm, 0)) order by d.day) as gsm,
           jsonb_agg(jsonb_build_object('date', to_char(d.day, 'YYYY-MM-DD'), 'count', coalesce(x.voice, 0)) order by d.day) as voice,
           jsonb_agg(jsonb_build_object('date', to_char(d.day, 'YYYY-MM-DD'), 'count', coalesce(x.messages, 0)) order by d.day) as messages
      from days d left join daily x on x.day = d.day
  ), peak as (
    select extract(hour from local_hour)::integer as hour, sum(gsm + voice + visitor_messages) as n
      from g where cur group by 1 having sum(gsm + voice + visitor_messages) > 0 order by 2 desc, 1 limit 1
  ), people as (
    select count(*) as anyone, count(*) filter (where p.last_call_at >= w.start_at) as callers,
           count(*) filter (where p.last_text_at >= w.start_at) as texters
      from private.insights_people p
     where p.user_id = owner and p.agent_key = coalesce(agent, 'ffffffff-ffff-ffff-ffff-ffffffffffff'::uuid)
       and p.last_seen_at >= w.start_at
  )
  select jsonb_build_object(
    'period', period,
    'from', w.start_at,
    'to', w.end_at,
    'conversations', jsonb_build_object(
      'total', t.conversations,
      'trend', private.insights_trend(t.conversations_now, t.conversations_before),
      'byDay', coalesce(s.conversations, '[]'::jsonb)),
    'calls', jsonb_build_object(
      'total', t.calls, 'gsm', t.gsm, 'voice', t.voice, 'uniqueUsers', p.callers,
      'totalDuration', t.seconds,
      'averageDuration', case when t.calls > 0 then round(t.seconds::numeric / t.calls, 1) else 0 end,
      'trend', private.insights_trend(t.calls_now, t.calls_before),
      'durationTrend', private.insights_trend(t.seconds_now, t.seconds_before),
      'byDay', coalesce(s.calls, '[]'::jsonb),
      'gsmByDay', coalesce(s.gsm, '[]'::jsonb),
      'voiceByDay', coalesce(s.voice, '[]'::jsonb)),
    'messages', jsonb_build_object(
      'total', t.web + t.whatsapp, 'web', t.web, 'whatsapp', t.whatsapp, 'uniqueUsers', p.texters,
      'trend', private.insights_trend(t.messages_now, t.messages_before),
      'byDay', coalesce(s.messages, '[]'::jsonb)),
    'uniqueUsers', p.anyone,
    'satisfaction', jsonb_build_object(
      'average', round(t.score_sum / nullif(t.rated, 0), 4),
      'ratings', t.rated,
      'trend', private.insights_trend(round(t.score_now * 100, 1), round(t.score_before * 100, 1)),
      'distribution', (select coalesce(jsonb_object_agg(r.rating, r.n), '{}'::jsonb)
                         from (values (1, t.r1), (2, t.r2), (3, t.r3), (4, t.r4), (5, t.r5)) r (rating, n)
                        where r.n > 0)),
    'peakHour', (select hour from peak)
  ) into result
  from totals t, series s, people p;
  return result;
end
$$;

-- Tool runs per tool (assistant lines' tool_calls) and the most asked questions, grouped by key:
-- whole UTC days from the daily rollups, the partial days at both ends from the messages.
create or replace function private.insights_usage(owner uuid, start_at timestamptz, end_at timestamptz)
returns jsonb
language sql stable set search_path = '' as $$
  with bounds as (
    select case when date_trunc('day', start_at, 'UTC') = start_at then start_at
                else date_trunc('day', start_at, 'UTC') + interval '1 day' end as first_day,
           date_trunc('day', end_at, 'UTC') as last_day
  ), parts as (
    -- [from, to) read raw; [day_from, day_to) read from the daily rollups.
    select start_at as f, least(b.first_day, end_at) as t, (b.first_day at time zone 'UTC')::date as day_from,
           (b.last_day at time zone 'UTC')::date as day_to, greatest(b.last_day, b.first_day) as f2, end_at as t2
      from bounds b
  ), tool_rows as (
    select t.tool, t.name, t.runs, t.failed
      from parts p, private.insights_tools_daily t
     where t.user_id = owner and t.day >= p.day_from and t.day < p.day_to
    union all
    select call ->> 'function', call ->> 'name', 1,
           (coalesce(call ->> 'status', '') not in ('ok', 'done', 'success'))::integer
      from parts p, public.messages m, jsonb_array_elements(m.tool_calls) call
     where m.user_id = owner and m.tool_calls is not null and m.channel is distinct from 'sandbox'
       and ((m."timestamp" >= p.f and m."timestamp" < p.t) or (m."timestamp" >= p.f2 and m."timestamp" < p.t2))
       and call ->> 'function' is not null
  ), question_rows as (
    select q.question_key, q.asked
      from parts p, private.insights_questions_daily q
     where q.user_id = owner and q.day >= p.day_from and q.day < p.day_to
    union all
    select m.question_key, 1
      from parts p, public.messages m
     where m.user_id = owner and m.question_key is not null and m.channel is distinct from 'sandbox'
       and ((m."timestamp" >= p.f and m."timestamp" < p.t) or (m."timestamp" >= p.f2 and m."timestamp" < p.t2))
  )
  select jsonb_build_object(
    'toolUsage', (
      select coalesce(jsonb_agg(jsonb_build_object('tool', t.tool, 'name', t.name, 'count', t.n, 'failed', t.failed)
                                order by t.n desc, t.tool), '[]'::jsonb)
        from (select tool, max(name) as name, sum(runs) as n, sum(failed) as failed
                from tool_rows group by tool having sum(runs) > 0) t),
    'topQuestions', (
      select coalesce(jsonb_agg(jsonb_build_object('question', q.question, 'count', q.n) order by q.n desc, q.question),
                      '[]'::jsonb)
        from (select question_key as question, sum(asked) as n from question_rows
               group by 1 having sum(asked) > 0 order by 2 desc, 1 limit 10) q))
$$;

-- Recomputes one owner's rollups from their rows (the backfill; also after bulk loads that ran
-- with the triggers disabled).
create or replace function private.insights_rebuild(owner uuid) returns void
language plpgsql volatile security definer set search_path = '' as $$
begin
  delete from private.insights_hourly where user_id = owner;
  delete from private.insights_people where user_id = owner;
  delete from private.insights_questions_daily where user_id = owner;
  delete from private.insights_tools_daily where user_id = owner;
  insert into private.insights_hourly (user_id, agent_key, channel, hour_start, calls, call_seconds, messages,
                                       visitor_messages, conversations, score_sum, rated,
                                       rating_1, rating_2, rating_3, rating_4, rating_5)
  select owner, case when grouping(r.agent_key) = 1 then 'ffffffff-ffff-ffff-ffff-ffffffffffff'::uuid else r.agent_key end,
         r.channel, date_trunc('hour', r.at_time, 'UTC'), sum(r.calls), sum(r.call_seconds),
         sum(r.messages), sum(r.visitor_messages), sum(r.conversations), sum(r.score_sum), sum(r.rated),
         sum(r.rating_1), sum(r.rating_2), sum(r.rating_3), sum(r.rating_4), sum(r.rating_5)
    from private.insights_rows(owner, null, '-infinity', 'infinity', '{}', true) r
   group by grouping sets ((r.agent_key, r.channel, date_trunc('hour', r.at_time, 'UTC')),
                           (r.channel, date_trunc('hour', r.at_time, 'UTC')));
  insert into private.insights_people (user_id, agent_key, person_key, last_call_at, last_text_at)
  select owner, k, x.person, max(x.at_time) filter (where x.kind in ('gsm', 'voice')),
         max(x.at_time) filter (where x.kind = 'texter')
    from private.insights_facts(owner, null, '-infinity', 'infinity') x
         cross join lateral unnest(array[coalesce(x.agent_id, '00000000-0000-0000-0000-000000000000'::uuid),
                                         'ffffffff-ffff-ffff-ffff-ffffffffffff'::uuid]) k
   where x.kind in ('gsm', 'voice', 'texter') and x.person is not null
   group by k, x.person;
  insert into private.insights_questions_daily (user_id, day, question_key, asked)
  select owner, (m."timestamp" at time zone 'UTC')::date, m.question_key, count(*)
    from public.messages m
   where m.user_id = owner and m.question_key is not null and m.channel is distinct from 'sandbox'
   group by 2, 3;
  insert into private.insights_tools_daily (user_id, day, tool, name, runs, failed)
  select owner, (m."timestamp" at time zone 'UTC')::date, call ->> 'function', max(call ->> 'name'), count(*),
         count(*) filter (where coalesce(call ->> 'status', '') not in ('ok', 'done', 'success'))
    from public.messages m, jsonb_array_elements(m.tool_calls) call
   where m.user_id = owner and m.tool_calls is not null and m.channel is distinct from 'sandbox'
     and call ->> 'function' is not null
   group by 2, 3;
end
$$;

-- Main dashboard (/dashboard): every agent of the caller.
create or replace function public.insights_dashboard(period text, time_zone text default 'UTC')
returns jsonb
language plpgsql stable security definer set search_path = '' as $$
declare
  caller uuid := (select auth.uid());
  w record;
begin
  if caller is null then
    raise exception 'User not authenticated' using errcode = '42501';
  end if;
  select * into w from private.insights_windows(period, time_zone, now());
  return private.insights_aggregate(caller, null, period, time_zone)
      || private.insights_usage(caller, w.start_at, w.end_at);
end
$$;

-- Per-agent dashboard (/agents/{id}/dashboard): one agent of the caller.
create or replace function public.insights_agent_statistics(agent_id uuid, period text, time_zone text default 'UTC')
returns jsonb
language plpgsql stable security definer set search_path = '' as $$
declare
  caller uuid := (select auth.uid());
begin
  if caller is null then
    raise exception 'User not authenticated' using errcode = '42501';
  end if;
  if insights_agent_statistics.agent_id is null then
    raise exception 'Agent ID is required' using errcode = '22023';
  end if;
  -- Admins read every agent through RLS; statistics are the owner's only.
  if not exists (select 1 from public.agents a where a.id = insights_agent_statistics.agent_id and a.user_id = caller) then
    raise exception 'Agent not found' using errcode = 'PT404';
  end if;
  return private.insights_aggregate(caller, insights_agent_statistics.agent_id, period, time_zone);
end
$$;

-- /analytics: per day, agent and channel, between two dates of the owner's calendar (≤ 366 days).
create or replace function public.insights_series(from_date date, to_date date, time_zone text default 'UTC',
                                                  for_agent uuid default null, for_channel text default null)
returns table (day date, agent_id uuid, channel text, conversations bigint, messages bigint, calls bigint,
               call_seconds bigint, satisfaction numeric)
language plpgsql stable security definer set search_path = '' as $$
declare
  caller uuid := (select auth.uid());
  start_at timestamptz;
  end_at timestamptz;
begin
  if caller is null then
    raise exception 'User not authenticated' using errcode = '42501';
  end if;
  if from_date is null or to_date is null or to_date < from_date or to_date - from_date > 366 then
    raise exception 'the range must be 1 to 366 days' using errcode = '22023';
  end if;
  if insights_series.for_channel is not null
     and insights_series.for_channel not in ('web_chat', 'web_voice', 'phone', 'whatsapp') then
    raise exception 'unknown channel' using errcode = '22023';
  end if;
  if time_zone is null or not exists (select 1 from pg_catalog.pg_timezone_names z where z.name = time_zone) then
    raise exception 'unknown time zone' using errcode = '22023';
  end if;
  start_at := from_date::timestamp at time zone time_zone;
  end_at := (to_date + 1)::timestamp at time zone time_zone;
  return query
  select (u.at_time at time zone time_zone)::date,
         nullif(u.agent_key, '00000000-0000-0000-0000-000000000000'::uuid), u.channel,
         sum(u.conversations)::bigint, sum(u.messages)::bigint, sum(u.calls)::bigint, sum(u.call_seconds)::bigint,
         round(sum(u.score_sum) / nullif(sum(u.rated), 0), 4)
    from private.insights_rows(caller, insights_series.for_agent, start_at, end_at, array[start_at, end_at],
                               not coalesce(private.insights_whole_hours(time_zone, start_at, end_at), false)) u
   where insights_series.for_channel is null or u.channel = insights_series.for_channel
   group by 1, 2, 3
  having sum(u.conversations) + sum(u.messages) + sum(u.calls) > 0
   order by 1, 2, 3;
end
$$;

-- A visitor rates their own public conversation (web chat or browser voice), once, changeable.
-- Only the agent-chat function calls it (service role), after identifying the visitor's key.
create or replace function public.rate_conversation(conversation_id uuid, visitor_key text, rating integer)
returns numeric
language plpgsql volatile security definer set search_path = '' as $$
declare
  stored numeric;
begin
  if rate_conversation.rating is null or rate_conversation.rating not between 1 and 5 then
    raise exception 'rating must be 1 to 5' using errcode = '22023';
  end if;
  update public.conversations c
     set rating = rate_conversation.rating,
         satisfaction = round((rate_conversation.rating - 1)::numeric / 4, 2),
         rated_at = now()
   where c.id = rate_conversation.conversation_id
     and c.visitor_id = rate_conversation.visitor_key
     and c.channel in ('web_chat', 'web_voice')
  returning c.satisfaction into stored;
  if not found then
    raise exception 'Conversation not found' using errcode = 'PT404';
  end if;
  return stored;
end
$$;

-- The helpers run only inside the definer functions above (which derive the owner from auth.uid()).
revoke all on function private.question_key(text), private.person_key(text), private.insights_trend(numeric, numeric),
  private.insights_windows(text, text, timestamptz), private.insights_bump(uuid, uuid, text, timestamptz, integer, bigint,
  integer, integer, integer, numeric, integer, smallint, integer), private.insights_seen(uuid, uuid, text, timestamptz, timestamptz),
  private.insights_recount_person(uuid, uuid, text), private.insights_track_call(), private.voice_person(uuid, uuid), private.insights_track_voice_call(),
  private.insights_count_message(public.messages, integer), private.insights_track_message(),
  private.insights_track_conversation(), private.insights_facts(uuid, uuid, timestamptz, timestamptz),
  private.insights_whole_hours(text, timestamptz, timestamptz),
  private.insights_rows(uuid, uuid, timestamptz, timestamptz, timestamptz[], boolean),
  private.insights_aggregate(uuid, uuid, text, text), private.insights_usage(uuid, timestamptz, timestamptz),
  private.insights_rebuild(uuid) from public, anon, authenticated, service_role;
-- Generated columns call these as whoever writes the row.
grant execute on function private.question_key(text), private.person_key(text) to authenticated, service_role;
revoke all on function public.insights_dashboard(text, text), public.insights_agent_statistics(uuid, text, text),
  public.insights_series(date, date, text, uuid, text), public.rate_conversation(uuid, text, integer)
  from public, anon, authenticated;
grant execute on function public.insights_dashboard(text, text), public.insights_agent_statistics(uuid, text, text),
  public.insights_series(date, date, text, uuid, text) to authenticated;
grant execute on function public.rate_conversation(uuid, text, integer) to service_role;

comment on function public.insights_dashboard(text, text) is
  'The caller''s main dashboard for 24h/7d/30d across their agents ("Dashboard aggregate").';
comment on function public.insights_agent_statistics(uuid, text, text) is
  'One of the caller''s agents over 24h/7d/30d ("Agent statistics").';
comment on function public.insights_series(date, date, text, uuid, text) is
  'Per day, agent and channel: conversations, messages, calls, call seconds, satisfaction (/analytics).';
comment on function public.rate_conversation(uuid, text, integer) is
  'A visitor''s 1-5 rating of their own web conversation; satisfaction = (rating-1)/4. Service role only.';

-- Backfill: the rollups of the rows that exist before this migration.
select private.insights_rebuild(p.id) from public.profiles p;
