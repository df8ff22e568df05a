-- The inbox leaves out the owner's own sandbox tests, as the dashboards, analytics, call history
-- and contacts do. Sandbox chats, sandbox phone calls and sandbox browser calls all have conversations
-- of channel 'sandbox' (20261126160100); the dashboards, analytics, call history, contacts and
-- notifications already leave them out, but conversation_inbox listed them and accepted 'sandbox' as
-- a channel filter, so the inbox and its CSV/JSON exports counted tests as visitors' conversations.
-- Now the inbox lists the visitor channels only (web_chat, web_voice, phone, whatsapp; the same
-- list as INBOX_CHANNELS in the history contract) and answers 'sandbox' like any unknown channel
-- (22023). The owner reads their tests in the console's Test Agent sandbox, where they were made.
-- Same signature, grants unchanged.

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
  if filter_channel is not null and filter_channel not in ('web_chat', 'web_voice', 'phone', 'whatsapp') then
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
     and c.channel <> 'sandbox'
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
