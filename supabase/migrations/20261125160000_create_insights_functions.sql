-- Insights (issue 18 §1-2; spec 002 §2.6, §3 "Agent statistics" and "Dashboard aggregate", §4.2,
-- §9): the dashboards' numbers are computed here, never from rows shipped to the browser.
--
-- Definitions (one place; the console only formats them):
-- * calls = completed phone calls (`calls`, "gsm") + completed browser voice calls (`voice_calls`,
--   "voice"); only completed calls count (spec §4.2).
-- * messages = user and assistant turns of the text channels (web chat, WhatsApp); voice and phone
--   transcripts belong to their calls. Sandbox turns never count.
-- * a person = a caller's phone number (calls, phone, WhatsApp: digits) or a web visitor's key,
--   so one number calling and writing on WhatsApp is one unique user across channels.
-- * trend (spec §9): 24h and 7d compare the second half of the period with the first; 30d compares
--   the last 30 days with the previous calendar month (in the owner's time zone). 100 when the
--   previous value is 0 and the current above 0, 0 when both are 0, else the change in percent
--   to one decimal.
-- * days and hours are in the time zone the console passes (IANA name, the owner's).
-- * access: the caller's own data only, admins included (a dashboard is personal); visitors none.

-- Visitors' ratings (issue 18 §2): 1-5, stored per conversation; satisfaction = (rating-1)/4.
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

-- Covering indexes: every aggregate below is an index-only range scan per owner or per agent.
create index calls_insights_user_idx on public.calls (user_id, "timestamp")
  include (assigned_agent, duration, from_number) where status = 'completed';
create index calls_insights_agent_idx on public.calls (assigned_agent, "timestamp")
  include (duration, from_number) where status = 'completed';
create index voice_calls_insights_user_idx on public.voice_calls (user_id, created_at)
  include (agent_id, duration, conversation_id) where status = 'completed';
create index voice_calls_insights_agent_idx on public.voice_calls (agent_id, created_at)
  include (duration, conversation_id) where status = 'completed';
create index messages_insights_user_idx on public.messages (user_id, "timestamp")
  include (agent_id, channel, role) where role in ('user', 'assistant') and channel in ('web', 'whatsapp');
create index messages_insights_agent_idx on public.messages (agent_id, "timestamp")
  include (channel, role) where role in ('user', 'assistant') and channel in ('web', 'whatsapp');
create index messages_questions_user_idx on public.messages (user_id, "timestamp")
  include (agent_id, question_key) where question_key is not null and channel is distinct from 'sandbox';
create index messages_tool_calls_user_idx on public.messages (user_id, "timestamp")
  where tool_calls is not null and channel is distinct from 'sandbox';
create index conversations_insights_user_idx on public.conversations (user_id, started_at)
  include (agent_id, channel, visitor_id, satisfaction, rating, last_message_at) where channel <> 'sandbox';
create index conversations_insights_agent_idx on public.conversations (agent_id, started_at)
  include (channel, visitor_id, satisfaction, rating, last_message_at) where channel <> 'sandbox';
create index conversations_active_user_idx on public.conversations (user_id, last_message_at)
  include (agent_id, channel, visitor_id, started_at) where channel in ('web_chat', 'whatsapp');

-- The facts both dashboards read, for one owner and optionally one agent, between two instants.
-- Each source is read once; each has an owner branch and an agent branch so that the branch not
-- taken is a one-time filter (skipped) and the other is a range scan of its covering index.
create or replace function private.insights_facts(owner uuid, agent uuid, scan_from timestamptz, scan_to timestamptz)
returns table (kind text, at_time timestamptz, agent_id uuid, person text, seconds integer, channel text,
               score numeric, rating smallint, from_visitor boolean)
language sql stable set search_path = '' as $$
  with call_rows as (
    select c."timestamp", c.assigned_agent, c.from_number, c.duration from public.calls c
     where agent is null and c.user_id = owner and c.status = 'completed'
       and c."timestamp" >= scan_from and c."timestamp" < scan_to
    union all
    select c."timestamp", c.assigned_agent, c.from_number, c.duration from public.calls c
     where agent is not null and c.assigned_agent = agent and c.user_id = owner and c.status = 'completed'
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
    select c.started_at, c.agent_id, c.visitor_id, c.channel, c.satisfaction, c.rating from public.conversations c
     where agent is null and c.user_id = owner and c.channel <> 'sandbox'
       and c.started_at >= scan_from and c.started_at < scan_to
    union all
    select c.started_at, c.agent_id, c.visitor_id, c.channel, c.satisfaction, c.rating from public.conversations c
     where agent is not null and c.agent_id = agent and c.user_id = owner and c.channel <> 'sandbox'
       and c.started_at >= scan_from and c.started_at < scan_to
  ), texter_rows as (
    -- Text conversations active in the window: their people are the messaging users.
    select c.last_message_at, c.agent_id, c.visitor_id, c.channel from public.conversations c
     where agent is null and c.user_id = owner and c.channel in ('web_chat', 'whatsapp')
       and c.last_message_at >= scan_from and c.started_at < scan_to
    union all
    select c.last_message_at, c.agent_id, c.visitor_id, c.channel from public.conversations c
     where agent is not null and c.agent_id = agent and c.user_id = owner and c.channel in ('web_chat', 'whatsapp')
       and c.last_message_at >= scan_from and c.started_at < scan_to
  )
  select 'gsm', r."timestamp", r.assigned_agent, private.person_key(r.from_number), r.duration, 'phone',
         null::numeric, null::smallint, true
    from call_rows r
  union all
  select 'voice', r.created_at, r.agent_id, private.person_key(coalesce(conv.visitor_id, 'voice:' || r.id::text)),
         r.duration, 'web_voice', null, null, true
    from voice_rows r left join public.conversations conv on conv.id = r.conversation_id
  union all
  select 'message', r."timestamp", r.agent_id, null, null, r.channel, null, null, r.role = 'user'
    from message_rows r
  union all
  select 'conversation', r.started_at, r.agent_id, private.person_key(r.visitor_id), null, r.channel, r.satisfaction,
         r.rating, true
    from conversation_rows r
  union all
  select 'texter', r.last_message_at, r.agent_id, private.person_key(r.visitor_id), null, r.channel, null, null, true
    from texter_rows r
$$;

-- Per day of the window, in the time zone: [{date, count}], days without activity as 0.
create or replace function private.insights_days(start_at timestamptz, end_at timestamptz, time_zone text,
                                                 stamps timestamptz[])
returns jsonb
language sql immutable set search_path = '' as $$
  with days as (
    select d::date as day
      from generate_series((start_at at time zone time_zone)::date, ((end_at - interval '1 microsecond') at time zone time_zone)::date,
                           interval '1 day') d
  ), counted as (
    select (s at time zone time_zone)::date as day, count(*) as n from unnest(stamps) s group by 1
  )
  select coalesce(jsonb_agg(jsonb_build_object('date', to_char(d.day, 'YYYY-MM-DD'), 'count', coalesce(c.n, 0))
                            order by d.day), '[]'::jsonb)
    from days d left join counted c on c.day = d.day
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
  with f as materialized (
    select * from private.insights_facts(owner, agent, scan_from, w.end_at)
  ), cur as (
    select * from f where f.at_time >= w.start_at
  ), calls as (
    select count(*) as n, coalesce(sum(seconds), 0) as seconds,
           count(*) filter (where kind = 'gsm') as gsm, count(*) filter (where kind = 'voice') as voice,
           count(distinct person) as people
      from cur where kind in ('gsm', 'voice')
  ), sums as (
    select
      count(*) filter (where kind in ('gsm', 'voice') and at_time >= w.trend_start and at_time < w.trend_end) as calls_now,
      count(*) filter (where kind in ('gsm', 'voice') and at_time >= w.previous_start and at_time < w.previous_end) as calls_before,
      coalesce(sum(seconds) filter (where kind in ('gsm', 'voice') and at_time >= w.trend_start and at_time < w.trend_end), 0) as seconds_now,
      coalesce(sum(seconds) filter (where kind in ('gsm', 'voice') and at_time >= w.previous_start and at_time < w.previous_end), 0) as seconds_before,
      count(*) filter (where kind = 'message' and at_time >= w.trend_start and at_time < w.trend_end) as messages_now,
      count(*) filter (where kind = 'message' and at_time >= w.previous_start and at_time < w.previous_end) as messages_before,
      count(*) filter (where kind = 'conversation' and at_time >= w.trend_start and at_time < w.trend_end) as conversations_now,
      count(*) filter (where kind = 'conversation' and at_time >= w.previous_start and at_time < w.previous_end) as conversations_before,
      avg(score) filter (where kind = 'conversation' and at_time >= w.trend_start and at_time < w.trend_end) as score_now,
      avg(score) filter (where kind = 'conversation' and at_time >= w.previous_start and at_time < w.previous_end) as score_before
      from f
  ), texts as (
    select count(*) filter (where kind = 'message') as n,
           count(*) filter (where kind = 'message' and channel = 'web') as web,
           count(*) filter (where kind = 'message' and channel = 'whatsapp') as whatsapp,
           count(distinct person) filter (where kind = 'texter') as people
      from cur
  ), convs as (
    select count(*) as n, avg(score) as score, count(score) as rated
      from cur where kind = 'conversation'
  ), peak as (
    select extract(hour from at_time at time zone time_zone)::integer as hour, count(*) as n
      from cur where kind in ('gsm', 'voice') or (kind = 'message' and from_visitor)
     group by 1 order by 2 desc, 1 limit 1
  )
  select jsonb_build_object(
    'period', period,
    'from', w.start_at,
    'to', w.end_at,
    'conversations', jsonb_build_object(
      'total', (select n from convs),
      'trend', private.insights_trend(s.conversations_now, s.conversations_before),
      'byDay', private.insights_days(w.start_at, w.end_at, time_zone,
                 (select coalesce(array_agg(at_time), '{}') from cur where kind = 'conversation'))),
    'calls', jsonb_build_object(
      'total', c.n, 'gsm', c.gsm, 'voice', c.voice, 'uniqueUsers', c.people,
      'totalDuration', c.seconds,
      'averageDuration', case when c.n > 0 then round(c.seconds::numeric / c.n, 1) else 0 end,
      'trend', private.insights_trend(s.calls_now, s.calls_before),
      'durationTrend', private.insights_trend(s.seconds_now, s.seconds_before),
      'byDay', private.insights_days(w.start_at, w.end_at, time_zone,
                 (select coalesce(array_agg(at_time), '{}') from cur where kind in ('gsm', 'voice'))),
      'gsmByDay', private.insights_days(w.start_at, w.end_at, time_zone,
                 (select coalesce(array_agg(at_time), '{}') from cur where kind = 'gsm')),
      'voiceByDay', private.insights_days(w.start_at, w.end_at, time_zone,
                 (select coalesce(array_agg(at_time), '{}') from cur where kind = 'voice'))),
    'messages', jsonb_build_object(
      'total', t.n, 'web', t.web, 'whatsapp', t.whatsapp, 'uniqueUsers', t.people,
      'trend', private.insights_trend(s.messages_now, s.messages_before),
      'byDay', private.insights_days(w.start_at, w.end_at, time_zone,
                 (select coalesce(array_agg(at_time), '{}') from cur where kind = 'message'))),
    'uniqueUsers', (select count(distinct person) from cur where kind in ('gsm', 'voice', 'texter')),
    'satisfaction', jsonb_build_object(
      'average', round(v.score, 4),
      'ratings', v.rated,
      'trend', private.insights_trend(round(s.score_now * 100, 1), round(s.score_before * 100, 1)),
      'distribution', (select coalesce(jsonb_object_agg(r, n), '{}'::jsonb) from (
                         select rating as r, count(*) as n from cur where kind = 'conversation' and rating is not null
                          group by rating) d)),
    'peakHour', (select hour from peak)
  ) into result
  from calls c, sums s, texts t, convs v;
  return result;
end
$$;

-- Tool runs per tool (assistant lines' tool_calls) and the most asked questions, grouped by key.
create or replace function private.insights_usage(owner uuid, agent uuid, start_at timestamptz, end_at timestamptz)
returns jsonb
language sql stable set search_path = '' as $$
  select jsonb_build_object(
    'toolUsage', (
      select coalesce(jsonb_agg(jsonb_build_object('tool', t.tool, 'name', t.name, 'count', t.n, 'failed', t.failed)
                                order by t.n desc, t.tool), '[]'::jsonb)
        from (select call ->> 'function' as tool, max(call ->> 'name') as name, count(*) as n,
                     count(*) filter (where call ->> 'status' is distinct from 'ok' and call ->> 'status' is distinct from 'done'
                                      and call ->> 'status' is distinct from 'success') as failed
                from public.messages m, jsonb_array_elements(m.tool_calls) call
               where m.user_id = owner and (agent is null or m.agent_id = agent)
                 and m.tool_calls is not null and m.channel is distinct from 'sandbox'
                 and m."timestamp" >= start_at and m."timestamp" < end_at
                 and call ->> 'function' is not null
               group by 1) t),
    'topQuestions', (
      select coalesce(jsonb_agg(jsonb_build_object('question', q.question, 'count', q.n) order by q.n desc, q.question),
                      '[]'::jsonb)
        from (select m.question_key as question, count(*) as n
                from public.messages m
               where m.user_id = owner and (agent is null or m.agent_id = agent)
                 and m.question_key is not null and m.channel is distinct from 'sandbox'
                 and m."timestamp" >= start_at and m."timestamp" < end_at
               group by 1 order by 2 desc, 1 limit 10) q))
$$;

-- Main dashboard (/dashboard): every agent of the caller.
create or replace function public.insights_dashboard(period text, time_zone text default 'UTC')
returns jsonb
language plpgsql stable set search_path = '' as $$
declare
  caller uuid := (select auth.uid());
  w record;
begin
  if caller is null then
    raise exception 'User not authenticated' using errcode = '42501';
  end if;
  select * into w from private.insights_windows(period, time_zone, now());
  return private.insights_aggregate(caller, null, period, time_zone)
      || private.insights_usage(caller, null, w.start_at, w.end_at);
end
$$;

-- Per-agent dashboard (/agents/{id}/dashboard): one agent of the caller.
create or replace function public.insights_agent_statistics(agent_id uuid, period text, time_zone text default 'UTC')
returns jsonb
language plpgsql stable set search_path = '' as $$
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
language plpgsql stable set search_path = '' as $$
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
  with f as (
    select (x.at_time at time zone time_zone)::date as d, x.agent_id as a,
           case x.kind when 'gsm' then 'phone' when 'voice' then 'web_voice'
                       when 'message' then case x.channel when 'web' then 'web_chat' else x.channel end
                       else x.channel end as ch,
           x.kind, x.seconds, x.score
      from private.insights_facts(caller, insights_series.for_agent, start_at, end_at) x
     where x.kind in ('gsm', 'voice', 'message', 'conversation')
  )
  select f.d, f.a, f.ch,
         count(*) filter (where f.kind = 'conversation'),
         count(*) filter (where f.kind = 'message'),
         count(*) filter (where f.kind in ('gsm', 'voice')),
         coalesce(sum(f.seconds) filter (where f.kind in ('gsm', 'voice')), 0)::bigint,
         round(avg(f.score) filter (where f.kind = 'conversation'), 4)
    from f
   where insights_series.for_channel is null or f.ch = insights_series.for_channel
   group by f.d, f.a, f.ch
   order by f.d, f.a, f.ch;
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

revoke all on function private.question_key(text), private.person_key(text), private.insights_trend(numeric, numeric),
  private.insights_windows(text, text, timestamptz), private.insights_facts(uuid, uuid, timestamptz, timestamptz),
  private.insights_days(timestamptz, timestamptz, text, timestamptz[]), private.insights_aggregate(uuid, uuid, text, text),
  private.insights_usage(uuid, uuid, timestamptz, timestamptz) from public;
-- The public functions run as the caller (their queries filter on auth.uid() and RLS applies too);
-- the private helpers they call must be executable by that caller.
grant execute on function private.question_key(text), private.person_key(text), private.insights_trend(numeric, numeric),
  private.insights_windows(text, text, timestamptz), private.insights_facts(uuid, uuid, timestamptz, timestamptz),
  private.insights_days(timestamptz, timestamptz, text, timestamptz[]), private.insights_aggregate(uuid, uuid, text, text),
  private.insights_usage(uuid, uuid, timestamptz, timestamptz) to authenticated, service_role;
revoke all on function public.insights_dashboard(text, text), public.insights_agent_statistics(uuid, text, text),
  public.insights_series(date, date, text, uuid, text), public.rate_conversation(uuid, text, integer)
  from public, anon, authenticated;
grant execute on function public.insights_dashboard(text, text), public.insights_agent_statistics(uuid, text, text),
  public.insights_series(date, date, text, uuid, text) to authenticated;
grant execute on function public.rate_conversation(uuid, text, integer) to service_role;

comment on function public.insights_dashboard(text, text) is
  'The caller''s main dashboard for 24h/7d/30d across their agents (issue 18 §1, spec 002 §3 "Dashboard aggregate").';
comment on function public.insights_agent_statistics(uuid, text, text) is
  'One of the caller''s agents over 24h/7d/30d (spec 002 §2.6, §3 "Agent statistics").';
comment on function public.insights_series(date, date, text, uuid, text) is
  'Per day, agent and channel: conversations, messages, calls, call seconds, satisfaction (/analytics).';
comment on function public.rate_conversation(uuid, text, integer) is
  'A visitor''s 1-5 rating of their own web conversation; satisfaction = (rating-1)/4. Service role only.';
