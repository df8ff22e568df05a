-- The owner's lists (call history, contacts, the conversations inbox, a contact's
-- timeline) as SQL functions with keyset paging: the browser gets one page, never the rows to
-- filter. They run as the caller (security invoker), so RLS still decides, and they filter on
-- (select auth.uid()) themselves so the owner-leading indexes below are used. Every owner, admins
-- included, sees only their own history: these are an owner's records, not platform data.

-- '%term%' with LIKE's wildcards in the term taken literally.
create or replace function private.contains_pattern(term text) returns text
language sql immutable set search_path = '' as $$
  select '%' || replace(replace(replace(term, '\', '\\'), '%', '\%'), '_', '\_') || '%'
$$;
revoke all on function private.contains_pattern(text) from public, anon;
grant execute on function private.contains_pattern(text) to authenticated, service_role;

-- History pages walk these newest first; (time, id) is the keyset. Bounds are written as
-- `col <= coalesce(param, 'infinity')` rather than `param is null or …`: these functions run on
-- generic plans, where only the first form can start the index scan at the cursor.
create index calls_history_idx on public.calls (user_id, "timestamp" desc, id desc) where status = 'completed';
create index calls_agent_history_idx on public.calls (assigned_agent, "timestamp" desc, id desc) where status = 'completed';
create index voice_calls_history_idx on public.voice_calls (user_id, created_at desc, id desc) where status = 'completed';
create index voice_calls_agent_history_idx on public.voice_calls (agent_id, created_at desc, id desc) where status = 'completed';
create index conversations_inbox_idx on public.conversations (user_id, started_at desc, id desc);
create index conversations_contact_started_idx on public.conversations (contact_id, started_at desc, id desc)
  where contact_id is not null;

-- Call history: completed phone calls ('gsm', table calls) and browser
-- voice calls ('voice', table voice_calls), sandbox test calls left out, newest first, 20 a page
-- by default. `search` matches the caller's number (digits) or the agent's name; `since`/`until` bound the start time; the next
-- page starts after (`before_at`, `before_id`), the last row of the previous one.
create or replace function public.call_history(
  agent uuid default null,
  search text default null,
  since timestamptz default null,
  until timestamptz default null,
  before_at timestamptz default null,
  before_id uuid default null,
  page_size integer default 20
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
  -- EXECUTE plans each call with its values, so the cursor, dates and agent bound the index scans
  -- (a generic plan of `param is null or …` cannot). A browser call has no number: only the agent's
  -- name can match it.
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
       where c.user_id = (select auth.uid()) and c.status = 'completed'
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
       where v.user_id = (select auth.uid()) and v.status = 'completed'
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
  using agent, search, since, until, before_at, before_id, page_size;
end
$$;

-- The inbox: every conversation of the owner on every channel, newest first, with
-- filters by agent, channel, start date, rating and contact. `filter_rating`: null (any), 'rated',
-- 'unrated', 'positive' (satisfaction >= 0.5) or 'negative' (< 0.5). Exports ask for up to 1000
-- rows a call.
create or replace function public.conversation_inbox(
  agent uuid default null,
  filter_channel text default null,
  since timestamptz default null,
  until timestamptz default null,
  filter_rating text default null,
  filter_contact uuid default null,
  before_at timestamptz default null,
  before_id uuid default null,
  page_size integer default 20
) returns table (
  id uuid,
  agent_id uuid,
  agent_name text,
  channel text,
  visitor_id text,
  contact_id uuid,
  contact_name text,
  language text,
  satisfaction numeric,
  started_at timestamptz,
  last_message_at timestamptz,
  ended_at timestamptz,
  message_count integer,
  preview text
)
language plpgsql stable set search_path = '' as $$
begin
  if filter_rating is not null and filter_rating not in ('rated', 'unrated', 'positive', 'negative') then
    raise exception 'Unknown rating filter: %', filter_rating using errcode = '22023';
  end if;
  if filter_channel is not null and filter_channel not in ('web_chat', 'web_voice', 'phone', 'whatsapp', 'sandbox') then
    raise exception 'Unknown channel: %', filter_channel using errcode = '22023';
  end if;
  return query
  select c.id, c.agent_id, a.name, c.channel, c.visitor_id, c.contact_id,
         nullif(trim(k.first_name || ' ' || k.last_name), ''), c.language, c.satisfaction, c.started_at,
         c.last_message_at, c.ended_at,
         (select count(*)::integer from public.messages m where m.conversation_id = c.id),
         (select left(m.content, 200) from public.messages m
           where m.conversation_id = c.id and m.role = 'user' and m.content <> ''
           order by m."timestamp" desc limit 1)
    from public.conversations c
    left join public.agents a on a.id = c.agent_id
    left join public.contacts k on k.id = c.contact_id
   where c.user_id = (select auth.uid())
     and (agent is null or c.agent_id = agent)
     and (filter_channel is null or c.channel = filter_channel)
     and (filter_contact is null or c.contact_id = filter_contact)
     and c.started_at >= coalesce(since, '-infinity') and c.started_at < coalesce(until, 'infinity')
     and (filter_rating is null
          or (filter_rating = 'rated' and c.satisfaction is not null)
          or (filter_rating = 'unrated' and c.satisfaction is null)
          or (filter_rating = 'positive' and c.satisfaction >= 0.5)
          or (filter_rating = 'negative' and c.satisfaction < 0.5))
     and c.started_at <= coalesce(before_at, 'infinity')
     and (c.started_at < coalesce(before_at, 'infinity') or c.id < coalesce(before_id, 'ffffffff-ffff-ffff-ffff-ffffffffffff'))
   order by c.started_at desc, c.id desc
   limit least(greatest(coalesce(page_size, 20), 1), 1000);
end
$$;

-- Contact cards: free-text search over name, number and email, favourites only,
-- most recent contact first; the next page starts after (`before_key`, `before_id`).
create or replace function public.contact_cards(
  search text default null,
  favorites_only boolean default false,
  before_key timestamptz default null,
  before_id uuid default null,
  page_size integer default 24
) returns table (
  id uuid,
  phone text,
  email text,
  first_name text,
  last_name text,
  favorite boolean,
  notes text,
  last_contact_date timestamptz,
  total_call_duration integer,
  sort_key timestamptz,
  conversation_count integer,
  channels text[]
)
language plpgsql stable set search_path = '' as $$
declare
  term text := case when trim(coalesce(search, '')) ~ '^\+?[0-9][0-9 ().-]*$' then private.phone_digits(search)
                    else nullif(lower(trim(coalesce(search, ''))), '') end;
begin
  -- EXECUTE plans each call with the actual term: a common word is best read in list order, a rare
  -- one through the trigram index, and one cached generic plan cannot be both.
  return query execute $q$
    with page as (
      select k.*, coalesce(k.last_contact_date, '-infinity'::timestamptz) as key
        from public.contacts k
       where k.user_id = (select auth.uid())
         and ($1::text is null or k.search_text like private.contains_pattern($1))
         and (not $2 or k.favorite)
         and coalesce(k.last_contact_date, '-infinity'::timestamptz) <= $3
         and (coalesce(k.last_contact_date, '-infinity'::timestamptz) < $3 or k.id < $4)
       order by coalesce(k.last_contact_date, '-infinity'::timestamptz) desc, k.id desc
       limit $5
    )
    select g.id, g.phone, g.email, g.first_name, g.last_name, g.favorite, g.notes, g.last_contact_date,
           g.total_call_duration, g.key,
           (select count(*)::integer from public.conversations c where c.contact_id = g.id),
           coalesce((select array_agg(distinct c.channel order by c.channel) from public.conversations c
                      where c.contact_id = g.id), '{}')
      from page g
     order by g.key desc, g.id desc
  $q$
  using term, coalesce(favorites_only, false), coalesce(before_key, 'infinity'::timestamptz),
        coalesce(before_id, 'ffffffff-ffff-ffff-ffff-ffffffffffff'::uuid), least(greatest(coalesce(page_size, 24), 1), 100);
end
$$;

-- One contact's timeline: every conversation of that person on every channel,
-- newest first, with the call it belongs to (phone or browser voice) when there is one.
create or replace function public.contact_timeline(
  contact uuid,
  before_at timestamptz default null,
  before_id uuid default null,
  page_size integer default 50
) returns table (
  conversation_id uuid,
  channel text,
  agent_id uuid,
  agent_name text,
  started_at timestamptz,
  last_message_at timestamptz,
  satisfaction numeric,
  message_count integer,
  preview text,
  call_kind text,
  call_id uuid,
  call_status text,
  call_duration integer,
  from_number text,
  recording_path text,
  recording_mime text
)
language sql stable set search_path = '' as $$
  select c.id, c.channel, c.agent_id, a.name, c.started_at, c.last_message_at, c.satisfaction,
         (select count(*)::integer from public.messages m where m.conversation_id = c.id),
         (select left(m.content, 200) from public.messages m
           where m.conversation_id = c.id and m.content <> ''
           order by m."timestamp" desc limit 1),
         case when g.id is not null then 'gsm' when v.id is not null then 'voice' end,
         coalesce(g.id, v.id), coalesce(g.status, v.status), coalesce(g.duration, v.duration), g.from_number,
         coalesce(g.recording_path, v.storage_path), v.mime_type
    from public.conversations c
    left join public.agents a on a.id = c.agent_id
    left join lateral (select x.* from public.calls x where x.conversation_id = c.id
                        order by x."timestamp" desc limit 1) g on true
    left join lateral (select y.* from public.voice_calls y where y.conversation_id = c.id
                        order by y.created_at desc limit 1) v on true
   where c.contact_id = contact_timeline.contact
     and c.user_id = (select auth.uid())
     and c.started_at <= coalesce(before_at, 'infinity')
     and (c.started_at < coalesce(before_at, 'infinity') or c.id < coalesce(before_id, 'ffffffff-ffff-ffff-ffff-ffffffffffff'))
   order by c.started_at desc, c.id desc
   limit least(greatest(coalesce(page_size, 50), 1), 200)
$$;

revoke all on function public.call_history(uuid, text, timestamptz, timestamptz, timestamptz, uuid, integer),
  public.conversation_inbox(uuid, text, timestamptz, timestamptz, text, uuid, timestamptz, uuid, integer),
  public.contact_cards(text, boolean, timestamptz, uuid, integer),
  public.contact_timeline(uuid, timestamptz, uuid, integer)
  from public, anon;
grant execute on function public.call_history(uuid, text, timestamptz, timestamptz, timestamptz, uuid, integer),
  public.conversation_inbox(uuid, text, timestamptz, timestamptz, text, uuid, timestamptz, uuid, integer),
  public.contact_cards(text, boolean, timestamptz, uuid, integer),
  public.contact_timeline(uuid, timestamptz, uuid, integer)
  to authenticated, service_role;

-- Live inbox: owners subscribe to their conversations and messages (Realtime applies RLS).
do $$
begin
  if not exists (select 1 from pg_publication_tables where pubname = 'supabase_realtime'
                  and schemaname = 'public' and tablename = 'conversations') then
    alter publication supabase_realtime add table public.conversations;
  end if;
  if not exists (select 1 from pg_publication_tables where pubname = 'supabase_realtime'
                  and schemaname = 'public' and tablename = 'messages') then
    alter publication supabase_realtime add table public.messages;
  end if;
end
$$;
