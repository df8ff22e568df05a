-- An agent sends email, SMS or WhatsApp from a public conversation only after the visitor
-- answered the agent's own confirmation question: the agent message just before the visitor's
-- answer must come after the request, ask a question and name the recipient. Before this, any
-- later visitor message confirmed, so a visitor repeating "email the menu to victim@…" made the
-- agent send it even when the agent never asked. The caps are unchanged.

alter table private.outbound_confirmations
  add column agent_messages_at_request integer not null default 0 check (agent_messages_at_request >= 0);

-- Whether a text names the recipient: the email address (case-insensitive, not inside a longer
-- address) or the phone number in any of its written forms.
create or replace function private.text_mentions_recipient(content text, channel text, recipient text)
returns boolean
language sql immutable set search_path = '' as $$
  select case
           when text_mentions_recipient.channel = 'email' then
             text_mentions_recipient.content ~* ('(^|[^A-Za-z0-9._%+-])'
                           || regexp_replace(text_mentions_recipient.recipient, '([^A-Za-z0-9@])', '\\\1', 'g')
                           || '($|[^A-Za-z0-9.-]|\.($|[^A-Za-z0-9-]))')
           else private.text_mentions_phone(text_mentions_recipient.content,
                                            regexp_replace(text_mentions_recipient.recipient, '[^0-9]', '', 'g'))
         end
$$;
revoke all on function private.text_mentions_recipient(text, text, text) from public, anon, authenticated;

-- Latest definition before this: 20261124180100 (unchanged but for the confirmation check).
create or replace function public.claim_outbound_message(
  conversation_id uuid,
  agent_id uuid,
  channel text,
  recipient text,
  subject text,
  body text,
  client_key text default null
) returns jsonb
language plpgsql security definer set search_path = '' as $$
declare
  conv public.conversations%rowtype;
  sandbox boolean;
  per_conversation integer;
  visitor_messages integer;
  agent_messages integer;
  reply public.messages%rowtype;
  question public.messages%rowtype;
  confirmation private.outbound_confirmations%rowtype;
  answer text;
  normalised text := private.outbound_recipient_key(claim_outbound_message.channel, claim_outbound_message.recipient);
  client_hour integer;
  client_day integer;
  claimed uuid;
begin
  select * into conv from public.conversations c
   where c.id = claim_outbound_message.conversation_id and c.agent_id = claim_outbound_message.agent_id;
  if not found then
    return jsonb_build_object('status', 'conversation_not_found');
  end if;
  sandbox := conv.channel = 'sandbox';
  per_conversation := case when sandbox then 20 else 3 end;

  -- One claim at a time per agent, then per recipient and per client address (always in this
  -- order, so two claims cannot wait on each other), so the counts below cannot be raced past.
  perform pg_advisory_xact_lock(hashtextextended('outbound:' || claim_outbound_message.agent_id::text, 0));

  if not sandbox then
    if not private.visitor_gave_recipient(conv.id, claim_outbound_message.channel, claim_outbound_message.recipient) then
      return jsonb_build_object('status', 'not_from_visitor');
    end if;
    select count(*) into visitor_messages from public.messages m
     where m.conversation_id = conv.id and m.role = 'user' and m.verified;
    select count(*) into agent_messages from public.messages m
     where m.conversation_id = conv.id and m.role = 'assistant';
    select * into confirmation from private.outbound_confirmations o
     where o.conversation_id = conv.id and o.channel = claim_outbound_message.channel
       and o.recipient = claim_outbound_message.recipient;
    if not found then
      insert into private.outbound_confirmations (conversation_id, channel, recipient, visitor_messages_at_request,
                                                  agent_messages_at_request)
      values (conv.id, claim_outbound_message.channel, claim_outbound_message.recipient, visitor_messages,
              agent_messages);
      return jsonb_build_object('status', 'confirmation_required');
    elsif confirmation.visitor_messages_at_request >= visitor_messages then
      return jsonb_build_object('status', 'confirmation_required');
    end if;
    -- The visitor's latest message must answer the agent's own question: the agent message just
    -- before it, written after the request, asking (a question mark) about this very recipient.
    -- Repeating the request without that question confirms nothing.
    select m.* into reply from public.messages m
     where m.conversation_id = conv.id and m.role = 'user' and m.verified
     order by m."timestamp" desc limit 1;
    select m.* into question from public.messages m
     where m.conversation_id = conv.id and m.role = 'assistant' and m."timestamp" < reply."timestamp"
     order by m."timestamp" desc limit 1;
    if question.id is null
       or (select count(*) from public.messages m
            where m.conversation_id = conv.id and m.role = 'assistant'
              and m."timestamp" <= question."timestamp") <= confirmation.agent_messages_at_request
       or position('?' in question.content) = 0
       or not private.text_mentions_recipient(question.content, claim_outbound_message.channel,
                                              claim_outbound_message.recipient) then
      return jsonb_build_object('status', 'confirmation_required');
    end if;
    -- The visitor answered the question. A plain "no" withdraws it: the next claim asks again,
    -- and only an answer to that new question confirms.
    answer := reply.content;
    if private.is_plain_refusal(answer) then
      delete from private.outbound_confirmations o
       where o.conversation_id = conv.id and o.channel = claim_outbound_message.channel
         and o.recipient = claim_outbound_message.recipient;
      return jsonb_build_object('status', 'confirmation_declined');
    end if;
  end if;

  if (select count(*) from public.outbound_messages o where o.conversation_id = conv.id) >= per_conversation then
    return jsonb_build_object('status', 'conversation_limit');
  end if;
  if sandbox then
    insert into public.outbound_messages (agent_id, user_id, conversation_id, channel, recipient, subject, body, status)
    values (conv.agent_id, conv.user_id, conv.id, claim_outbound_message.channel, claim_outbound_message.recipient,
            claim_outbound_message.subject, claim_outbound_message.body, 'sending')
    returning id into claimed;
    return jsonb_build_object('status', 'claimed', 'id', claimed);
  end if;

  if (select count(*) from public.outbound_messages o
       where o.agent_id = conv.agent_id and o.created_at > now() - interval '24 hours'
         and private.outbound_recipient_key(o.channel, o.recipient) = normalised) >= 3 then
    return jsonb_build_object('status', 'recipient_limit');
  end if;
  if (select count(*) from public.outbound_messages o
        join public.conversations c on c.id = o.conversation_id
       where o.agent_id = conv.agent_id and c.channel <> 'sandbox'
         and o.created_at > now() - interval '1 hour') >= 30 then
    return jsonb_build_object('status', 'agent_limit');
  end if;

  perform pg_advisory_xact_lock(hashtextextended('outbound-recipient:' || normalised, 0));
  if (select count(*) from private.outbound_claims k
       where k.recipient_key = normalised
         and k.claimed_at > now() - interval '24 hours') >= 5 then
    return jsonb_build_object('status', 'recipient_platform_limit');
  end if;
  if claim_outbound_message.client_key is not null then
    perform pg_advisory_xact_lock(hashtextextended('outbound-client:' || claim_outbound_message.client_key, 0));
    select count(*) filter (where k.claimed_at > now() - interval '1 hour'), count(*)
      into client_hour, client_day
      from private.outbound_claims k
     where k.client_key = claim_outbound_message.client_key and k.claimed_at > now() - interval '24 hours';
    if client_hour >= 10 or client_day >= 50 then
      return jsonb_build_object('status', 'client_limit');
    end if;
  end if;

  delete from private.outbound_claims k
   where k.id in (select old.id from private.outbound_claims old
                   where old.claimed_at < now() - interval '1 day' limit 100);
  insert into private.outbound_claims (recipient_key, client_key)
  values (normalised, left(claim_outbound_message.client_key, 64));
  insert into public.outbound_messages (agent_id, user_id, conversation_id, channel, recipient, subject, body, status)
  values (conv.agent_id, conv.user_id, conv.id, claim_outbound_message.channel, claim_outbound_message.recipient,
          claim_outbound_message.subject, claim_outbound_message.body, 'sending')
  returning id into claimed;
  return jsonb_build_object('status', 'claimed', 'id', claimed);
end
$$;
revoke all on function public.claim_outbound_message(uuid, uuid, text, text, text, text, text) from public, anon, authenticated;
grant execute on function public.claim_outbound_message(uuid, uuid, text, text, text, text, text) to service_role;
