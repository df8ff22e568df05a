-- What a public conversation can make an agent send was still too loose after 20261124130000,
-- which first bounded it (the visitor's own address, a confirmation, caps).
--   * The visitor's words are what the server observed: a browser-supplied call transcript
--     (messages.verified = false) neither gives an address nor confirms one.
--   * Caps count a normalised recipient: victim+1@example.com is victim@example.com, and a phone
--     number is +digits (a 00 international prefix dropped).
--   * Caps also hold across agents: at most 5 messages a day to one recipient from all public
--     conversations of the platform, and at most 10 an hour (50 a day) claimed from one client
--     address, counted in a private table that deleting an agent does not empty.
--   * A visitor's obvious "no" to the confirmation question (EN/FR) is not a confirmation.
-- Sandbox conversations (the owner testing) keep their rules: any address, 20 per conversation.

-- The recipient the caps count (see above). Only the claim function uses it.
create or replace function private.outbound_recipient_key(channel text, recipient text) returns text
language sql immutable set search_path = '' as $$
  select case
           when outbound_recipient_key.channel <> 'email' then
             '+' || regexp_replace(regexp_replace(outbound_recipient_key.recipient, '[^0-9]', '', 'g'), '^00', '')
           when position('@' in outbound_recipient_key.recipient) = 0 then lower(outbound_recipient_key.recipient)
           else lower(regexp_replace(substring(outbound_recipient_key.recipient from '^(.*)@'), '\+.*$', '')
                      || '@' || substring(outbound_recipient_key.recipient from '@([^@]*)$'))
         end
$$;
revoke all on function private.outbound_recipient_key(text, text) from public, anon, authenticated;

-- A visitor message that is plainly a refusal and nothing else ("no", "no thanks", "non merci", …).
-- Anything longer or less clear is left to the model, which asked the question.
create or replace function private.is_plain_refusal(content text) returns boolean
language sql immutable set search_path = '' as $$
  select lower(btrim(is_plain_refusal.content)) ~
    ('^(no+|nope|nah|no,? thanks?|no,? thank you|don[''’]?t|do not|not now|cancel|stop'
     || '|non+|non,? merci|pas question|surtout pas|pas maintenant|annule[rz]?|n[''’]envoie(z)? pas)'
     || '[[:space:][:punct:]]*$')
$$;
revoke all on function private.is_plain_refusal(text) from public, anon, authenticated;

-- As in 20261124130000, counting only the lines the server itself received from the visitor.
create or replace function private.visitor_gave_recipient(conversation_id uuid, channel text, recipient text)
returns boolean
language sql stable set search_path = '' as $$
  select exists (
    select 1 from public.messages m
     where m.conversation_id = visitor_gave_recipient.conversation_id
       and m.role = 'user'
       and m.verified
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
revoke all on function private.visitor_gave_recipient(uuid, text, text) from public, anon, authenticated;

-- Every message claimed from a public conversation, by normalised recipient and hashed client
-- address (null for server channels). Kept a day (pruned as claims arrive), so it stays bounded;
-- not readable by owners (an unsalted address hash is guessable) and not tied to agents, so
-- deleting an agent does not reset the platform-wide caps.
create table private.outbound_claims (
  id bigint generated always as identity primary key,
  recipient_key text not null check (char_length(recipient_key) <= 330),
  client_key text check (char_length(client_key) <= 64),
  claimed_at timestamptz not null default now()
);
create index outbound_claims_recipient_idx on private.outbound_claims (recipient_key, claimed_at desc);
create index outbound_claims_client_idx on private.outbound_claims (client_key, claimed_at desc)
  where client_key is not null;
create index outbound_claims_claimed_at_idx on private.outbound_claims (claimed_at);
revoke all on table private.outbound_claims from public, anon, authenticated;

-- The claim now takes the caller's hashed client address; the old signature goes so that no
-- caller can skip the per-address cap by using it.
drop function public.claim_outbound_message(uuid, uuid, text, text, text, text);

-- Claims one outbound message: {"status": "claimed", "id": …} with a 'sending' row the caller
-- completes after the provider answered, or a refusal the tool turns into advice for the model:
-- not_from_visitor, confirmation_required, confirmation_declined, conversation_limit,
-- recipient_limit (this agent, 3 a day), agent_limit (30 an hour), recipient_platform_limit
-- (5 a day from all public conversations), client_limit (10 an hour, 50 a day from one client
-- address), conversation_not_found. Whether the conversation is the owner's sandbox is read from
-- the conversation row, never from the caller.
create function public.claim_outbound_message(
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
    -- The visitor answered the question. A plain "no" withdraws it: the next claim asks again,
    -- and only an answer to that new question confirms.
    select m.content into answer from public.messages m
     where m.conversation_id = conv.id and m.role = 'user' and m.verified
     order by m."timestamp" desc limit 1;
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
