-- What an anonymous visitor of a public agent can make the platform do is bounded by
-- Postgres, whatever the function instance or its in-memory rate limits.
--
-- 1. Outbound email/SMS/WhatsApp from a public conversation goes only to an address or number the
--    visitor typed in one of their own messages of that conversation, after a later visitor turn
--    confirmed it, and within per-conversation, per-recipient and per-agent caps. Each send is
--    claimed (a 'sending' row) under a per-agent lock before the provider is called, so parallel
--    tool calls cannot overshoot a cap. The owner's sandbox may send to any address.
-- 2. A client address may open a bounded number of public conversations per agent per hour, and a
--    public conversation holds a bounded number of messages.

-- 1. Outbound messages -------------------------------------------------------------------------

alter table public.outbound_messages drop constraint outbound_messages_status_check;
alter table public.outbound_messages
  add constraint outbound_messages_status_check check (status in ('sending', 'sent', 'scheduled', 'failed'));
create index outbound_messages_agent_recipient_created_idx
  on public.outbound_messages (agent_id, recipient, created_at desc);

-- A recipient the engine asked the visitor to confirm: confirmed once the conversation has more
-- visitor messages than when it asked (the visitor answered). Only the claim function uses it.
create table private.outbound_confirmations (
  conversation_id uuid not null references public.conversations (id) on delete cascade,
  channel text not null check (channel in ('email', 'sms', 'whatsapp')),
  recipient text not null check (char_length(recipient) between 3 and 320),
  visitor_messages_at_request integer not null check (visitor_messages_at_request >= 0),
  requested_at timestamptz not null default now(),
  primary key (conversation_id, channel, recipient)
);
-- Like the other private tables: outside the API's schemas, closed to client roles by grants.
revoke all on table private.outbound_confirmations from public, anon, authenticated;

-- Phone numbers written in a text, as digits: international (+33 6 12…, 0033 6 12…) or national
-- with a trunk 0 (06 12…), so both can be compared with a normalised +<digits> recipient.
create or replace function private.text_mentions_phone(content text, recipient_digits text) returns boolean
language sql immutable set search_path = '' as $$
  select exists (
    select 1
      from regexp_matches(content, '\+?[0-9][0-9 ().-]{5,30}[0-9]', 'g') as m(found),
           lateral (select regexp_replace(m.found[1], '[^0-9]', '', 'g') as digits) d
     where d.digits = recipient_digits
        or d.digits = '00' || recipient_digits
        -- national form: the trunk 0 replaces a 1-3 digit country code
        or (left(d.digits, 1) = '0' and length(d.digits) >= 8
            and length(recipient_digits) - length(d.digits) + 1 between 1 and 3
            and right(recipient_digits, length(d.digits) - 1) = substr(d.digits, 2))
  )
$$;

-- Whether a visitor message of the conversation contains the recipient (an email address as a
-- whole word, case-insensitive; a phone number as above).
create or replace function private.visitor_gave_recipient(conversation_id uuid, channel text, recipient text)
returns boolean
language sql stable set search_path = '' as $$
  select exists (
    select 1 from public.messages m
     where m.conversation_id = visitor_gave_recipient.conversation_id
       and m.role = 'user'
       and case
             when visitor_gave_recipient.channel = 'email' then
               m.content ~* ('(^|[^A-Za-z0-9._%+-])'
                             || regexp_replace(visitor_gave_recipient.recipient, '([^A-Za-z0-9@])', '\\\1', 'g')
                             || '($|[^A-Za-z0-9.-]|\.($|[^A-Za-z0-9-]))')
             else private.text_mentions_phone(m.content,
                                              regexp_replace(visitor_gave_recipient.recipient, '[^0-9]', '', 'g'))
           end
  )
$$;
revoke all on function private.text_mentions_phone(text, text) from public, anon, authenticated;
revoke all on function private.visitor_gave_recipient(uuid, text, text) from public, anon, authenticated;

-- Claims one outbound message: returns {"status": "claimed", "id": …} with a 'sending' row the
-- caller completes after the provider answered, or a refusal status the tool turns into advice for
-- the model: not_from_visitor, confirmation_required, conversation_limit, recipient_limit,
-- agent_limit, conversation_not_found. Whether the conversation is the owner's sandbox is read
-- from the conversation row, never from the caller.
create or replace function public.claim_outbound_message(
  conversation_id uuid,
  agent_id uuid,
  channel text,
  recipient text,
  subject text,
  body text
) returns jsonb
language plpgsql security definer set search_path = '' as $$
declare
  conv public.conversations%rowtype;
  sandbox boolean;
  per_conversation integer;
  visitor_messages integer;
  confirmation private.outbound_confirmations%rowtype;
  claimed uuid;
begin
  select * into conv from public.conversations c
   where c.id = claim_outbound_message.conversation_id and c.agent_id = claim_outbound_message.agent_id;
  if not found then
    return jsonb_build_object('status', 'conversation_not_found');
  end if;
  sandbox := conv.channel = 'sandbox';
  per_conversation := case when sandbox then 20 else 3 end;

  -- One claim at a time per agent, so the counts below cannot be raced past.
  perform pg_advisory_xact_lock(hashtextextended('outbound:' || claim_outbound_message.agent_id::text, 0));

  if not sandbox then
    if not private.visitor_gave_recipient(conv.id, claim_outbound_message.channel, claim_outbound_message.recipient) then
      return jsonb_build_object('status', 'not_from_visitor');
    end if;
    select count(*) into visitor_messages from public.messages m where m.conversation_id = conv.id and m.role = 'user';
    select * into confirmation from private.outbound_confirmations o
     where o.conversation_id = conv.id and o.channel = claim_outbound_message.channel
       and o.recipient = claim_outbound_message.recipient;
    if not found then
      insert into private.outbound_confirmations (conversation_id, channel, recipient, visitor_messages_at_request)
      values (conv.id, claim_outbound_message.channel, claim_outbound_message.recipient, visitor_messages);
      return jsonb_build_object('status', 'confirmation_required');
    elsif confirmation.visitor_messages_at_request >= visitor_messages then
      return jsonb_build_object('status', 'confirmation_required');
    end if;
  end if;

  if (select count(*) from public.outbound_messages o where o.conversation_id = conv.id) >= per_conversation then
    return jsonb_build_object('status', 'conversation_limit');
  end if;
  if not sandbox then
    if (select count(*) from public.outbound_messages o
         where o.agent_id = conv.agent_id and o.recipient = claim_outbound_message.recipient
           and o.created_at > now() - interval '24 hours') >= 3 then
      return jsonb_build_object('status', 'recipient_limit');
    end if;
    if (select count(*) from public.outbound_messages o
          join public.conversations c on c.id = o.conversation_id
         where o.agent_id = conv.agent_id and c.channel <> 'sandbox'
           and o.created_at > now() - interval '1 hour') >= 30 then
      return jsonb_build_object('status', 'agent_limit');
    end if;
  end if;

  insert into public.outbound_messages (agent_id, user_id, conversation_id, channel, recipient, subject, body, status)
  values (conv.agent_id, conv.user_id, conv.id, claim_outbound_message.channel, claim_outbound_message.recipient,
          claim_outbound_message.subject, claim_outbound_message.body, 'sending')
  returning id into claimed;
  return jsonb_build_object('status', 'claimed', 'id', claimed);
end
$$;
revoke all on function public.claim_outbound_message(uuid, uuid, text, text, text, text) from public, anon, authenticated;
grant execute on function public.claim_outbound_message(uuid, uuid, text, text, text, text) to service_role;

-- 2. Conversations and messages ----------------------------------------------------------------

-- Public conversations opened per hashed client address, for the per-address cap; rows older
-- than a day are pruned as new ones arrive, so the table stays bounded. Not readable by owners
-- (an unsalted address hash is guessable).
create table private.conversation_openings (
  id bigint generated always as identity primary key,
  agent_id uuid not null,
  client_key text not null check (char_length(client_key) <= 64),
  opened_at timestamptz not null default now()
);
create index conversation_openings_agent_client_idx
  on private.conversation_openings (agent_id, client_key, opened_at desc);
create index conversation_openings_opened_at_idx on private.conversation_openings (opened_at);
revoke all on table private.conversation_openings from public, anon, authenticated;

-- save_chat_message as before, plus the caps. Errors carry a stable message the function maps to
-- a 4xx: `conversation_limit` (too many new public conversations from one address for this agent
-- in the last hour: 30) and `conversation_full` (a public conversation holds 200 messages).
create or replace function public.save_chat_message(conversation jsonb, message jsonb) returns uuid
language plpgsql security definer set search_path = '' as $$
declare
  saved uuid;
  client text := save_chat_message.conversation ->> 'client_key';
  channel text;
begin
  if save_chat_message.conversation is not null then
    if client is not null and (conversation ->> 'channel') in ('web_chat', 'web_voice') then
      perform pg_advisory_xact_lock(hashtextextended('openings:' || (conversation ->> 'agent_id') || client, 0));
      delete from private.conversation_openings o
       where o.id in (select old.id from private.conversation_openings old
                       where old.opened_at < now() - interval '1 day' limit 100);
      if (select count(*) from private.conversation_openings o
           where o.agent_id = (conversation ->> 'agent_id')::uuid and o.client_key = client
             and o.opened_at > now() - interval '1 hour') >= 30 then
        raise exception 'conversation_limit' using errcode = 'P0001',
          detail = 'Too many new conversations from this address; try again later.';
      end if;
      insert into private.conversation_openings (agent_id, client_key)
      values ((conversation ->> 'agent_id')::uuid, client);
    end if;
    insert into public.conversations (id, user_id, agent_id, channel, visitor_id, language, started_at, last_message_at)
    values ((conversation ->> 'id')::uuid, (conversation ->> 'user_id')::uuid, (conversation ->> 'agent_id')::uuid,
            conversation ->> 'channel', conversation ->> 'visitor_id', conversation ->> 'language',
            (conversation ->> 'started_at')::timestamptz, (conversation ->> 'started_at')::timestamptz)
    on conflict (id) do nothing;
  elsif (message ->> 'role') = 'user' then
    select c.channel into channel from public.conversations c where c.id = (message ->> 'conversation_id')::uuid;
    if channel is distinct from 'sandbox'
       and (select count(*) from (select 1 from public.messages m
                                   where m.conversation_id = (message ->> 'conversation_id')::uuid
                                   limit 200) capped) >= 200 then
      raise exception 'conversation_full' using errcode = 'P0001',
        detail = 'This conversation has reached its length limit; start a new one.';
    end if;
  end if;
  insert into public.messages (conversation_id, user_id, agent_id, role, content, language, citations, tool_calls, metadata, "timestamp")
  values ((message ->> 'conversation_id')::uuid, (message ->> 'user_id')::uuid, (message ->> 'agent_id')::uuid,
          message ->> 'role', message ->> 'content', message ->> 'language',
          case when jsonb_typeof(message -> 'citations') = 'array' then message -> 'citations' end,
          case when jsonb_typeof(message -> 'tool_calls') = 'array' then message -> 'tool_calls' end,
          coalesce(message -> 'metadata', '{}'::jsonb), (message ->> 'timestamp')::timestamptz)
  returning id into saved;
  return saved;
end
$$;
revoke all on function public.save_chat_message(jsonb, jsonb) from public, anon, authenticated;
grant execute on function public.save_chat_message(jsonb, jsonb) to service_role;
