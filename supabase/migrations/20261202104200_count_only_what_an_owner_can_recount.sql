-- Dashboard figures an owner can recount from what happened.
--
-- 1. The owner's sandbox tests never count. Every aggregate leaves out lines whose
--    metadata.channel is 'sandbox', but a sandbox phone or browser voice call writes its lines as
--    'phone' / 'voice' (the call's medium), so a question asked in a sandbox call reached Top
--    questions and the tool figures. A line written into a sandbox conversation is now marked
--    'sandbox' (its medium is kept as metadata.medium), and the lines already written are marked
--    (the rollup triggers follow the update).
-- 2. Top questions are questions a visitor asked: a line that holds a phone number or an email
--    address, or that is only thanks, a greeting or a yes/no ("merci beaucoup", "bonjour", "ok"),
--    gets no question key.
-- 3. An unanswered, busy, cancelled or failed phone call is a call, not a conversation: the
--    conversation opened with the call (no caller line in it) is removed when the call ends that
--    way, with its "new conversation" notification and the contact it alone created. The call
--    row stays (the history lists it and its failed-call notification opens it).
-- 4. What the owner typed on WhatsApp is a WhatsApp message: the lines written before the writer
--    stamped their channel get it.

-- 1. Sandbox lines.
create or replace function private.mark_sandbox_message() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if new.metadata ->> 'channel' is distinct from 'sandbox'
     and exists (select 1 from public.conversations c where c.id = new.conversation_id and c.channel = 'sandbox') then
    new.metadata := coalesce(new.metadata, '{}'::jsonb)
      || jsonb_strip_nulls(jsonb_build_object('channel', 'sandbox', 'medium', new.metadata ->> 'channel'));
  end if;
  return new;
end
$$;
revoke all on function private.mark_sandbox_message() from public, anon, authenticated, service_role;
create trigger messages_mark_sandbox before insert on public.messages
  for each row execute function private.mark_sandbox_message();

update public.messages m
   set metadata = coalesce(m.metadata, '{}'::jsonb)
     || jsonb_strip_nulls(jsonb_build_object('channel', 'sandbox', 'medium', m.metadata ->> 'channel'))
  from public.conversations c
 where c.id = m.conversation_id and c.channel = 'sandbox' and m.metadata ->> 'channel' is distinct from 'sandbox';

-- 2. Questions only.
-- True when a visitor's line can stand in Top questions: it holds no phone number (six digits or
-- more, spaces and punctuation between them allowed), no email address, and is not only
-- courtesy (thanks, greetings, goodbyes, yes/no/ok in English or French).
create or replace function private.is_visitor_question(content text) returns boolean
language sql immutable parallel safe set search_path = '' as $$
  select content is not null
     and content !~ '[^[:space:]@]+@[^[:space:]@]+\.[[:alpha:]]{2,}'
     and content !~ '[0-9]([ ().-]?[0-9]){5,}'
     and coalesce(private.question_key(content), '') !~ (
       '^((merci|thanks|thank you|thank u|thx|ok|okay|oki|d accord|dac|oui|non|yes|no|yep|nope|bonjour|bonsoir|'
       || 'hello|hi|hey|salut|coucou|au revoir|bye|goodbye|good bye|bonne journee|bonne journée|bonne soirée|'
       || 'bonne soiree|super|parfait|perfect|great|cool|top|genial|génial|nickel|tres bien|très bien|'
       || 'beaucoup|bien|much|a lot|so much|you|vous|à vous|a vous|encore|again)( |$))+$')
     and private.question_key(content) is not null
$$;
revoke all on function private.is_visitor_question(text) from public, anon, authenticated, service_role;
-- The generated column below calls it as whoever writes the row, like private.question_key.
grant execute on function private.is_visitor_question(text) to authenticated, service_role;

-- The generated key is redefined (a stored generated expression cannot be altered in place); the
-- rollups are rebuilt from the rows below.
drop index if exists public.messages_questions_user_idx;
alter table public.messages drop column question_key;
alter table public.messages
  add column question_key text generated always as
    (case when role = 'user' and private.is_visitor_question(content) then private.question_key(content) end) stored;
create index messages_questions_user_idx on public.messages (user_id, "timestamp")
  include (question_key) where question_key is not null and channel is distinct from 'sandbox';

-- 3. Calls that never became a conversation.
-- Removes the conversation a phone call opened when no caller line is in it, with its "new
-- conversation" notification and the contact nothing else makes someone the owner knows.
create or replace function private.forget_call_conversation(conversation uuid) returns void
language plpgsql security definer set search_path = '' as $$
declare
  conv public.conversations;
begin
  select * into conv from public.conversations c where c.id = conversation;
  if not found or exists (select 1 from public.messages m where m.conversation_id = conv.id and m.role = 'user') then
    return;
  end if;
  delete from public.notifications n where n.kind = 'new_conversation' and n.source_id = conv.id;
  delete from public.conversations c where c.id = conv.id;
  if conv.contact_id is not null then
    delete from public.contacts k
     where k.id = conv.contact_id and not k.favorite and k.notes = '' and k.first_name = '' and k.last_name = ''
       and not exists (select 1 from public.conversations c where c.contact_id = k.id);
  end if;
end
$$;
revoke all on function private.forget_call_conversation(uuid) from public, anon, authenticated, service_role;

create or replace function private.forget_unanswered_call_conversation() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if new.status in ('busy', 'no-answer', 'canceled', 'failed') and new.conversation_id is not null
     and (tg_op = 'INSERT' or old.status is distinct from new.status) then
    perform private.forget_call_conversation(new.conversation_id);
  end if;
  return null;
end
$$;
revoke all on function private.forget_unanswered_call_conversation() from public, anon, authenticated, service_role;
create trigger calls_forget_unanswered_conversation after insert or update of status on public.calls
  for each row execute function private.forget_unanswered_call_conversation();

-- The calls that already ended that way.
select private.forget_call_conversation(call.conversation_id)
  from public.calls call
 where call.status in ('busy', 'no-answer', 'canceled', 'failed') and call.conversation_id is not null;

-- 4. Owner-typed WhatsApp lines.
update public.messages m
   set metadata = m.metadata || jsonb_build_object('channel', 'whatsapp')
 where m.metadata ->> 'sentByOwner' = 'true' and m.metadata ->> 'channel' is null;

-- Every owner's rollups from their rows, with the new question keys.
select private.insights_rebuild(p.id) from public.profiles p;
