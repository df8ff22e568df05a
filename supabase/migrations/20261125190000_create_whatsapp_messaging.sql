-- WhatsApp messaging through the conversation core. The `whatsapp-webhook`
-- function (service role) receives signed Twilio webhooks; Postgres decides what must not be
-- decided twice or by a client:
--   * one receipt per MessageSid (the unique whatsapp_messages.message_sid), claimed before any
--     model call, so a replayed webhook gives one reply;
--   * which agent answers a number, and that the signing account is that agent's sender account;
--   * one conversation per agent and WhatsApp user (visitor_id = E.164);
--   * the pack's monthly WhatsApp conversations (-1 unlimited), counted once per conversation per
--     month when it gets its first reply, under the owner's profile row lock;
--   * a message's delivery status only moves forward (callbacks arrive out of order).
-- Status and reason values restate contracts/whatsapp.ts (agreement test in tests/integration/whatsapp).

alter table public.whatsapp_messages
  add column error_code integer check (error_code between 0 and 999999),
  add column error_message text check (char_length(error_message) <= 500),
  add column not_sent_reason text
    check (not_sent_reason in ('monthly_limit', 'outside_window', 'send_failed', 'not_configured')),
  add column content_sid text check (content_sid ~ '^HX[0-9a-fA-F]{32}$'),
  add column status_updated_at timestamptz,
  add constraint whatsapp_messages_status_known check (status in ('received', 'not_sent', 'accepted', 'queued',
    'sending', 'sent', 'delivered', 'read', 'undelivered', 'failed'));
create index whatsapp_messages_inbound_window_idx on public.whatsapp_messages (assigned_agent, from_number, "timestamp" desc)
  where direction = 'inbound';

-- The sender's account signs its webhooks; the function looks its token up by AccountSid.
create index agent_secrets_whatsapp_account_sid_idx on public.agent_secrets (whatsapp_account_sid)
  where whatsapp_account_sid is not null;

-- The approved template an owner picked for messages outside the 24-hour window, with its
-- variables ("1" → text). One per agent.
create table public.whatsapp_template_choices (
  agent_id uuid primary key,
  user_id uuid not null,
  content_sid text not null check (content_sid ~ '^HX[0-9a-fA-F]{32}$'),
  friendly_name text not null default '' check (char_length(friendly_name) <= 200),
  variables jsonb not null default '{}' check (jsonb_typeof(variables) = 'object' and pg_column_size(variables) <= 16384),
  updated_at timestamptz not null default now(),
  foreign key (agent_id, user_id) references public.agents (id, user_id) on delete cascade
);
create index whatsapp_template_choices_user_id_idx on public.whatsapp_template_choices (user_id);
create trigger whatsapp_template_choices_set_updated_at before update on public.whatsapp_template_choices
  for each row execute function private.set_updated_at();

revoke all on table public.whatsapp_template_choices from public, anon, authenticated;
grant all on table public.whatsapp_template_choices to service_role;
grant select, insert, update, delete on table public.whatsapp_template_choices to authenticated;
alter table public.whatsapp_template_choices enable row level security;
create policy "owners can read their agents' template choice" on public.whatsapp_template_choices
  for select to authenticated using (user_id = (select auth.uid()));
create policy "owners can choose a template for their agents" on public.whatsapp_template_choices
  for insert to authenticated with check (user_id = (select auth.uid()));
create policy "owners can change their agents' template choice" on public.whatsapp_template_choices
  for update to authenticated using (user_id = (select auth.uid())) with check (user_id = (select auth.uid()));
create policy "owners can remove their agents' template choice" on public.whatsapp_template_choices
  for delete to authenticated using (user_id = (select auth.uid()));

-- Conversations counted against the pack, once per calendar month (UTC).
create table private.whatsapp_conversation_months (
  conversation_id uuid not null references public.conversations (id) on delete cascade,
  month date not null,
  user_id uuid not null references public.profiles (id) on delete cascade,
  counted_at timestamptz not null default now(),
  primary key (conversation_id, month)
);
create index whatsapp_conversation_months_user_month_idx on private.whatsapp_conversation_months (user_id, month);
alter table private.whatsapp_conversation_months enable row level security;
revoke all on table private.whatsapp_conversation_months from public, anon, authenticated;

-- An inbound message: the agent answering `to_number`, the receipt, and the conversation.
-- outcome: 'ok' | 'duplicate' (this MessageSid was received before) | 'no_agent' (no agent
-- answers this number through `account_sid`).
create or replace function public.whatsapp_receive_message(
  account_sid text, platform_account_sid text, message_sid text, from_number text, to_number text,
  profile_name text, body text, media jsonb)
returns table (outcome text, agent_id uuid, owner_id uuid, conversation_id uuid, message_id uuid, received_at timestamptz)
language plpgsql security definer set search_path = '' as $$
declare
  target record;
  conversation uuid;
  saved uuid;
begin
  select a.agent_id, a.user_id, s.whatsapp_account_sid into target
    from public.phone_numbers n
    join public.phone_number_assignments a on a.phone_number_id = n.id
    left join public.agent_secrets s on s.agent_id = a.agent_id
   where n.phone_number = whatsapp_receive_message.to_number;
  -- A sender on a sub-account is signed by that sub-account; otherwise by the platform account.
  if not found or coalesce(target.whatsapp_account_sid, whatsapp_receive_message.platform_account_sid)
                  is distinct from whatsapp_receive_message.account_sid then
    return query select 'no_agent'::text, null::uuid, null::uuid, null::uuid, null::uuid, null::timestamptz;
    return;
  end if;
  insert into public.whatsapp_messages (user_id, assigned_agent, message_sid, direction, from_number, to_number,
                                        profile_name, body, media, status, "timestamp")
  values (target.user_id, target.agent_id, whatsapp_receive_message.message_sid, 'inbound',
          whatsapp_receive_message.from_number, whatsapp_receive_message.to_number,
          nullif(left(whatsapp_receive_message.profile_name, 200), ''), left(coalesce(whatsapp_receive_message.body, ''), 10000),
          coalesce(whatsapp_receive_message.media, '[]'::jsonb), 'received', now())
  on conflict on constraint whatsapp_messages_message_sid_key do nothing
  returning id into saved;
  if saved is null then
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
  update public.whatsapp_messages w set conversation_id = conversation where w.id = saved;
  return query select 'ok'::text, target.agent_id, target.user_id, conversation, saved, now();
end
$$;

-- The first reply of a conversation in a month counts it against the owner's pack.
-- 'ok' (counted now or already this month) | 'limit' (the pack's conversations are used up).
create or replace function public.whatsapp_claim_conversation(conversation_id uuid)
returns text
language plpgsql security definer set search_path = '' as $$
declare
  owner uuid;
  agent uuid;
  this_month date := (date_trunc('month', now() at time zone 'utc'))::date;
  admin boolean;
  allowed integer;
  used integer;
begin
  select c.user_id, c.agent_id into owner, agent from public.conversations c
   where c.id = whatsapp_claim_conversation.conversation_id;
  if owner is null then
    raise exception 'Conversation not found' using errcode = 'PT404';
  end if;
  if exists (select 1 from private.whatsapp_conversation_months m
              where m.conversation_id = whatsapp_claim_conversation.conversation_id and m.month = this_month) then
    return 'ok';
  end if;
  -- The profile row lock serialises the owner's first replies: parallel ones count each other.
  select p.is_admin into admin from public.profiles p where p.id = owner for update;
  allowed := (private.current_pack(owner)).whatsapp_conversations;
  if not coalesce(admin, false) and coalesce(allowed, 0) <> -1 then
    select count(*) into used from private.whatsapp_conversation_months m
     where m.user_id = owner and m.month = this_month;
    if used >= coalesce(allowed, 0) then
      return 'limit';
    end if;
  end if;
  insert into private.whatsapp_conversation_months (conversation_id, month, user_id)
  values (whatsapp_claim_conversation.conversation_id, this_month, owner)
  on conflict do nothing;
  if found then
    insert into public.analytics_metrics (user_id, agent_id, name, value, dimensions)
    values (owner, agent, 'whatsapp.conversations', 1,
            jsonb_build_object('conversation_id', whatsapp_claim_conversation.conversation_id, 'month', this_month));
  end if;
  return 'ok';
end
$$;

create or replace function private.whatsapp_status_rank(status text) returns integer
language sql immutable set search_path = '' as $$
  select case status
    when 'received' then 0 when 'not_sent' then 0
    when 'accepted' then 1 when 'queued' then 1 when 'sending' then 2 when 'sent' then 3
    when 'delivered' then 4 when 'read' then 5 when 'undelivered' then 6 when 'failed' then 6
    else -1 end
$$;

-- A status callback: the row keeps its furthest state; a failure keeps its error code.
-- False when no message has this SID (yet).
create or replace function public.whatsapp_message_status(message_sid text, status text, error_code integer,
  error_message text)
returns boolean
language plpgsql security definer set search_path = '' as $$
begin
  if private.whatsapp_status_rank(whatsapp_message_status.status) < 0 then
    raise exception 'Unknown message status %', whatsapp_message_status.status using errcode = '22023';
  end if;
  update public.whatsapp_messages w
     set status = case when private.whatsapp_status_rank(whatsapp_message_status.status)
                            > private.whatsapp_status_rank(w.status)
                       then whatsapp_message_status.status else w.status end,
         error_code = coalesce(whatsapp_message_status.error_code, w.error_code),
         error_message = coalesce(left(whatsapp_message_status.error_message, 500), w.error_message),
         not_sent_reason = case when whatsapp_message_status.status in ('failed', 'undelivered')
                                then 'send_failed' else w.not_sent_reason end,
         status_updated_at = now()
   where w.message_sid = whatsapp_message_status.message_sid;
  return found;
end
$$;

-- The console's usage box: this calendar month's WhatsApp conversations of the caller against
-- the pack's allowance (-1 unlimited, 0 none: the console hides the line), the agent messages
-- sent and the model tokens the WhatsApp replies used. The caller's own rows only.
create or replace function public.whatsapp_usage()
returns table (conversations_used integer, conversations_included integer, messages_sent integer,
               tokens bigint, period_start timestamptz)
language plpgsql stable security definer set search_path = '' as $$
declare
  caller uuid := (select auth.uid());
  this_month date := (date_trunc('month', now() at time zone 'utc'))::date;
begin
  if caller is null then
    raise exception 'User not authenticated' using errcode = '42501';
  end if;
  period_start := this_month::timestamp at time zone 'utc';
  conversations_included := (private.current_pack(caller)).whatsapp_conversations;
  select count(*)::integer into conversations_used from private.whatsapp_conversation_months m
   where m.user_id = caller and m.month = this_month;
  select count(*)::integer into messages_sent from public.whatsapp_messages w
   where w.user_id = caller and w.direction = 'outbound' and w.message_sid is not null
     and w."timestamp" >= period_start;
  select coalesce(sum(a.value), 0)::bigint into tokens from public.analytics_metrics a
   where a.user_id = caller and a.name = 'chat.tokens' and a.dimensions ->> 'channel' = 'whatsapp'
     and a."timestamp" >= period_start;
  return next;
end
$$;

revoke all on function public.whatsapp_receive_message(text, text, text, text, text, text, text, jsonb),
  public.whatsapp_claim_conversation(uuid), public.whatsapp_message_status(text, text, integer, text),
  public.whatsapp_usage(), private.whatsapp_status_rank(text)
  from public, anon, authenticated;
grant execute on function public.whatsapp_receive_message(text, text, text, text, text, text, text, jsonb),
  public.whatsapp_claim_conversation(uuid), public.whatsapp_message_status(text, text, integer, text)
  to service_role;
grant execute on function public.whatsapp_usage() to authenticated;
