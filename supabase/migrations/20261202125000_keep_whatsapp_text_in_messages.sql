-- One transcript for WhatsApp: the text of every WhatsApp message lives in `messages`, like every
-- other channel's; `whatsapp_messages` keeps only what Twilio delivered and how (MessageSid,
-- status, error, media) for the transcript row it carries (`message_id`). A reply split into
-- several WhatsApp messages, or sent as a voice note and its text, is one transcript row with
-- several deliveries. A record of a reply that never existed (the monthly limit, a refused turn)
-- points at the user's message it leaves unanswered and has no text of its own.

alter table public.whatsapp_messages
  add column message_id uuid references public.messages (id) on delete cascade;
create index whatsapp_messages_message_id_idx on public.whatsapp_messages (message_id);

-- Existing rows: link each to the transcript row that already holds its text (the turn saved the
-- user's message and the reply, the console saved the owner's lines), else write that row now.
do $$
declare
  w record;
  found_id uuid;
  conversation uuid;
begin
  for w in select * from public.whatsapp_messages order by "timestamp", id loop
    found_id := null;
    conversation := w.conversation_id;
    if conversation is not null then
      if w.direction = 'inbound' then
        select m.id into found_id from public.messages m
         where m.conversation_id = conversation and m.role = 'user'
           and m."timestamp" between w."timestamp" - interval '1 minute' and w."timestamp" + interval '10 minutes'
           and (w.body = '' or m.content = w.body or starts_with(m.content, w.body))
           and not exists (select 1 from public.whatsapp_messages o where o.message_id = m.id)
         order by m."timestamp"
         limit 1;
      elsif w.not_sent_reason in ('monthly_limit', 'turn_refused') and w.body = '' then
        select m.id into found_id from public.messages m
         where m.conversation_id = conversation and m.role = 'user' and m."timestamp" <= w."timestamp" + interval '1 minute'
         order by m."timestamp" desc
         limit 1;
      elsif w.sent_by_owner then
        select m.id into found_id from public.messages m
         where m.conversation_id = conversation and m.role = 'assistant' and m.content = w.body
           and m."timestamp" between w."timestamp" - interval '10 minutes' and w."timestamp" + interval '10 minutes'
         order by abs(extract(epoch from m."timestamp" - w."timestamp"))
         limit 1;
      else
        select m.id into found_id from public.messages m
         where m.conversation_id = conversation and m.role = 'assistant'
           and m."timestamp" between w."timestamp" - interval '10 minutes' and w."timestamp" + interval '1 minute'
           and (w.body = '' or strpos(m.content, w.body) > 0)
         order by m."timestamp" desc
         limit 1;
      end if;
    else
      -- A row whose conversation is gone gets one back, so that its text stays readable.
      insert into public.conversations (user_id, agent_id, channel, visitor_id, started_at, last_message_at)
      values (w.user_id, w.assigned_agent, 'whatsapp', w.contact_number, w."timestamp", w."timestamp")
      returning id into conversation;
    end if;
    if found_id is null then
      insert into public.messages (conversation_id, user_id, agent_id, role, content, metadata, "timestamp")
      values (conversation, w.user_id, w.assigned_agent, case when w.direction = 'inbound' then 'user' else 'assistant' end,
              w.body,
              jsonb_build_object('channel', 'whatsapp')
                || case when w.sent_by_owner then jsonb_build_object('sentByOwner', true) else '{}'::jsonb end,
              w."timestamp")
      returning id into found_id;
    end if;
    update public.whatsapp_messages set message_id = found_id, conversation_id = conversation where id = w.id;
  end loop;
end
$$;

alter table public.whatsapp_messages alter column message_id set not null;
alter table public.whatsapp_messages drop column body;

-- Receiving: the user's message is written to the transcript and its delivery record in one
-- transaction, once per MessageSid (a replayed webhook finds the SID taken and writes nothing).
-- `message_id` is the transcript row.
create or replace function public.whatsapp_receive_message(account_sid text, platform_account_sid text, message_sid text,
  from_number text, to_number text, profile_name text, body text, media jsonb)
returns table (outcome text, agent_id uuid, owner_id uuid, conversation_id uuid, message_id uuid, received_at timestamptz)
language plpgsql security definer set search_path = '' as $$
declare
  target record;
  conversation uuid;
  said uuid;
begin
  select a.agent_id, a.user_id, s.whatsapp_account_sid into target
    from public.phone_numbers n
    join public.phone_number_assignments a on a.phone_number_id = n.id
    join public.agent_integrations i
      on i.agent_id = a.agent_id and i.kind = 'whatsapp_business'
     and i.enabled and upper(i.config ->> 'status') in ('ONLINE', 'ONLINE:UPDATING')
    left join public.agent_secrets s on s.agent_id = a.agent_id
   where n.phone_number = whatsapp_receive_message.to_number;
  if not found then
    return query select 'no_sender'::text, null::uuid, null::uuid, null::uuid, null::uuid, null::timestamptz;
    return;
  end if;
  -- A sender on a sub-account is signed by that sub-account; otherwise by the platform account.
  if coalesce(target.whatsapp_account_sid, whatsapp_receive_message.platform_account_sid)
     is distinct from whatsapp_receive_message.account_sid then
    return query select 'wrong_account'::text, null::uuid, null::uuid, null::uuid, null::uuid, null::timestamptz;
    return;
  end if;
  -- Once per MessageSid: replays of one SID wait for each other here, and a replay finds the
  -- SID taken and writes nothing (neither transcript line nor delivery record).
  perform pg_advisory_xact_lock(hashtextextended('whatsapp-sid:' || whatsapp_receive_message.message_sid, 0));
  if exists (select 1 from public.whatsapp_messages w where w.message_sid = whatsapp_receive_message.message_sid) then
    return query select 'duplicate'::text, target.agent_id, target.user_id, null::uuid, null::uuid, null::timestamptz;
    return;
  end if;
  -- One conversation per agent and user; a very long one (near the 200-message cap of
  -- save_chat_message) is followed by a new one.
  perform pg_advisory_xact_lock(hashtextextended('whatsapp:' || target.agent_id::text || whatsapp_receive_message.from_number, 0));
  select c.id into conversation
    from public.conversations c
   where c.agent_id = target.agent_id and c.channel = 'whatsapp' and c.visitor_id = whatsapp_receive_message.from_number
     and (select count(*) from (select 1 from public.messages m where m.conversation_id = c.id limit 190) x) < 190
   order by c.started_at desc
   limit 1;
  if conversation is null then
    insert into public.conversations (user_id, agent_id, channel, visitor_id)
    values (target.user_id, target.agent_id, 'whatsapp', whatsapp_receive_message.from_number)
    returning id into conversation;
  end if;
  insert into public.messages (conversation_id, user_id, agent_id, role, content, metadata)
  values (conversation, target.user_id, target.agent_id, 'user',
          left(coalesce(whatsapp_receive_message.body, ''), 10000), jsonb_build_object('channel', 'whatsapp'))
  returning id into said;
  insert into public.whatsapp_messages (user_id, assigned_agent, conversation_id, message_id, message_sid, direction,
                                        from_number, to_number, profile_name, media, status, "timestamp")
  values (target.user_id, target.agent_id, conversation, said, whatsapp_receive_message.message_sid, 'inbound',
          whatsapp_receive_message.from_number, whatsapp_receive_message.to_number,
          nullif(left(whatsapp_receive_message.profile_name, 200), ''),
          coalesce(whatsapp_receive_message.media, '[]'::jsonb), 'received', now());
  return query select 'ok'::text, target.agent_id, target.user_id, conversation, said, now();
end
$$;

-- The owner's screens: one line per transcript row and direction, its text from `messages`, its
-- deliveries folded together: the most troubled status (a failure, else the least advanced), the
-- failure's code and reason, every medium, the first MessageSid.
drop function public.whatsapp_thread_messages(uuid, text, timestamptz, uuid, integer);
create function public.whatsapp_thread_messages(thread_agent uuid, thread_contact text,
  before_at timestamptz default null, before_id uuid default null, page_size integer default 50)
returns table (id uuid, message_id uuid, message_sid text, conversation_id uuid, direction text, profile_name text,
  body text, media jsonb, status text, error_code integer, error_message text, not_sent_reason text,
  sent_at timestamptz, sent_by_owner boolean)
language sql stable set search_path = '' as $$
  with lines as (
    select (array_agg(w.id order by w."timestamp", w.id))[1] as id, w.message_id,
           (array_agg(w.message_sid order by w."timestamp", w.id) filter (where w.message_sid is not null))[1] as message_sid,
           w.direction,
           (array_agg(w.profile_name order by w."timestamp") filter (where w.profile_name is not null))[1] as profile_name,
           coalesce(jsonb_agg(item order by w."timestamp", w.id, n) filter (where item is not null), '[]'::jsonb) as media,
           (array_agg(w.status order by w.status in ('failed', 'undelivered', 'not_sent') desc,
                                        private.whatsapp_status_rank(w.status), w."timestamp"))[1] as status,
           (array_agg(w.error_code order by w."timestamp") filter (where w.error_code is not null))[1] as error_code,
           (array_agg(w.error_message order by w."timestamp") filter (where w.error_message is not null))[1] as error_message,
           (array_agg(w.not_sent_reason order by w."timestamp") filter (where w.not_sent_reason is not null))[1]
             as not_sent_reason,
           min(w."timestamp") as sent_at, bool_or(w.sent_by_owner) as sent_by_owner
      from public.whatsapp_messages w
      left join lateral jsonb_array_elements(w.media) with ordinality as e(item, n) on true
     where w.user_id = (select auth.uid())
       and w.assigned_agent is not distinct from whatsapp_thread_messages.thread_agent
       and w.contact_number = whatsapp_thread_messages.thread_contact
     group by w.message_id, w.direction
  )
  select l.id, l.message_id, l.message_sid, m.conversation_id, l.direction, l.profile_name,
         case when (l.direction = 'inbound') = (m.role = 'user') then m.content else '' end,
         l.media, l.status, l.error_code, l.error_message, l.not_sent_reason, l.sent_at, l.sent_by_owner
    from lines l
    join public.messages m on m.id = l.message_id
   where whatsapp_thread_messages.before_at is null
      or (l.sent_at, l.id) < (whatsapp_thread_messages.before_at,
                              coalesce(whatsapp_thread_messages.before_id, 'ffffffff-ffff-ffff-ffff-ffffffffffff'::uuid))
   order by l.sent_at desc, l.id desc
   limit least(greatest(coalesce(whatsapp_thread_messages.page_size, 50), 1), 200)
$$;

-- Threads: the owner's conversations by agent and WhatsApp user, counted in the same lines.
create or replace function public.whatsapp_threads(agent_filter uuid default null, before_at timestamptz default null,
  before_key text default null, page_size integer default 20)
returns table (thread_key text, agent_id uuid, agent_name text, contact_number text, profile_name text,
  conversation_id uuid, last_message_at timestamptz, last_body text, last_direction text, last_status text,
  last_media_count integer, message_count integer, failed_count integer)
language sql stable set search_path = '' as $$
  with lines as (
    select w.assigned_agent, w.contact_number, w.message_id, w.direction,
           (array_agg(w.id order by w."timestamp", w.id))[1] as id,
           min(w."timestamp") as sent_at,
           (array_agg(w.status order by w.status in ('failed', 'undelivered', 'not_sent') desc,
                                        private.whatsapp_status_rank(w.status), w."timestamp"))[1] as status,
           bool_or(w.status in ('failed', 'undelivered', 'not_sent') or w.not_sent_reason is not null) as failed,
           sum(jsonb_array_length(w.media))::integer as media_count,
           (array_agg(w.profile_name order by w."timestamp" desc) filter (where w.profile_name is not null))[1]
             as profile_name
      from public.whatsapp_messages w
     where w.user_id = (select auth.uid())
       and (whatsapp_threads.agent_filter is null or w.assigned_agent = whatsapp_threads.agent_filter)
     group by w.assigned_agent, w.contact_number, w.message_id, w.direction
  ),
  latest as (
    select distinct on (l.assigned_agent, l.contact_number)
           coalesce(l.assigned_agent::text, '') || '|' || l.contact_number as thread_key,
           l.assigned_agent, l.contact_number, m.conversation_id, l.sent_at,
           case when (l.direction = 'inbound') = (m.role = 'user') then m.content else '' end as body,
           l.direction, l.status, l.media_count
      from lines l
      join public.messages m on m.id = l.message_id
     order by l.assigned_agent, l.contact_number, l.sent_at desc, l.id desc
  ),
  totals as (
    select l.assigned_agent, l.contact_number, count(*)::integer as message_count,
           (count(*) filter (where l.failed))::integer as failed_count,
           (array_agg(l.profile_name order by l.sent_at desc) filter (where l.profile_name is not null))[1]
             as profile_name
      from lines l
     group by l.assigned_agent, l.contact_number
  )
  select l.thread_key, l.assigned_agent, a.name, l.contact_number, t.profile_name, l.conversation_id,
         l.sent_at, l.body, l.direction, l.status, l.media_count, t.message_count, t.failed_count
    from latest l
    join totals t on t.assigned_agent is not distinct from l.assigned_agent and t.contact_number = l.contact_number
    left join public.agents a on a.id = l.assigned_agent
   where whatsapp_threads.before_at is null
      or (l.sent_at, l.thread_key) < (whatsapp_threads.before_at, coalesce(whatsapp_threads.before_key, ''))
   order by l.sent_at desc, l.thread_key desc
   limit least(greatest(coalesce(whatsapp_threads.page_size, 20), 1), 100)
$$;

revoke all on function public.whatsapp_thread_messages(uuid, text, timestamptz, uuid, integer)
  from public, anon, authenticated;
grant execute on function public.whatsapp_thread_messages(uuid, text, timestamptz, uuid, integer)
  to authenticated, service_role;
revoke all on function public.whatsapp_threads(uuid, timestamptz, text, integer) from public, anon, authenticated;
grant execute on function public.whatsapp_threads(uuid, timestamptz, text, integer) to authenticated, service_role;
revoke all on function public.whatsapp_receive_message(text, text, text, text, text, text, text, jsonb)
  from public, anon, authenticated;
grant execute on function public.whatsapp_receive_message(text, text, text, text, text, text, text, jsonb)
  to service_role;
-- The thread functions run as the caller and fold statuses by their rank (no data, no side effect).
grant execute on function private.whatsapp_status_rank(text) to authenticated;
