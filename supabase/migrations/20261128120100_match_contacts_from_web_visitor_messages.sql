-- A web visitor who gives their email or phone number in the chat becomes a contact, like
-- a caller or a WhatsApp sender. Until now only an address the agent sent something to
-- (outbound_messages, 20261125170000) made a web visitor a contact, so a visitor who wrote
-- "call me on +33 6 12 34 56 78" and then called from that number was two strangers.
--
-- Like the other channels, Postgres matches from what the write path already stores: the
-- conversation core writes every visitor message (web chat text, browser voice transcript) to
-- public.messages; a trigger reads the first email address and the first international phone
-- number in a visitor's message and matches or creates the contact (private.match_contact: phone
-- first, then email, filling in the one the contact lacks), then links the conversation.
--   * Web channels only (web_chat, web_voice): phone and WhatsApp conversations are already keyed by
--     the caller's number; the owner's sandbox never makes contacts.
--   * A phone number counts only written with its country code ('+33 6 12…' or '0033 6 12…', 8 to
--     15 digits, the E.164 range): calls and WhatsApp arrive in that form, so it is the one that
--     can name the same person, and a bare run of digits in a chat is as often an order, booking
--     or reference number. A national number ('06 12 34 56 78') is therefore not taken.
--   * A conversation already linked to a contact keeps it; an address or number given later is
--     added to that contact when the contact lacks one and no other contact of the owner has it
--     (two people are never merged by what one of them wrote).
--   * Messages written before this migration are not re-read (no backfill over the whole
--     transcript history); they keep the contacts they had.

-- The first email address and international phone number (as contact digits) in a text.
create or replace function private.contact_details_in_text(content text, out phone text, out email text)
language plpgsql immutable set search_path = '' as $$
declare
  number text;
begin
  email := lower((regexp_match(coalesce(content, ''),
    '[A-Za-z0-9._%+-]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*\.[A-Za-z]{2,}'))[1]);
  if email is not null and (char_length(email) > 320 or email !~ '^[^@\s]+@[^@\s]+\.[^@\s]+$') then
    email := null;
  end if;
  -- '+' or '00', then digits with the usual separators (space, dot, dash, brackets).
  number := (regexp_match(coalesce(content, ''), '(?:\+|(?:^|[^0-9])00)\s?[1-9](?:[ .()-]{0,2}[0-9]){6,16}'))[1];
  if number is not null then
    phone := regexp_replace(number, '[^0-9]', '', 'g');
    if number !~ '\+' then
      phone := substr(phone, 3); -- the '00' international prefix
    end if;
    if char_length(phone) not between 8 and 15 then
      phone := null;
    end if;
  end if;
end
$$;

create or replace function private.link_message_contact() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  conv record;
  given record;
  found uuid;
begin
  select * into given from private.contact_details_in_text(new.content);
  if given.phone is null and given.email is null then
    return null;
  end if;
  select c.id, c.user_id, c.channel, c.contact_id into conv
    from public.conversations c where c.id = new.conversation_id;
  if conv.id is null or conv.user_id <> new.user_id or conv.channel not in ('web_chat', 'web_voice') then
    return null;
  end if;
  if conv.contact_id is null then
    found := private.match_contact(conv.user_id, given.phone, given.email, null, new."timestamp");
    if found is not null then
      update public.conversations c set contact_id = found where c.id = conv.id and c.contact_id is null;
    end if;
    return null;
  end if;
  begin
    update public.contacts k set
      phone = coalesce(k.phone, case when not exists (
        select 1 from public.contacts o where o.user_id = k.user_id and o.phone = given.phone) then given.phone end),
      email = coalesce(k.email, case when not exists (
        select 1 from public.contacts o where o.user_id = k.user_id and o.email = given.email) then given.email end)
    where k.id = conv.contact_id and (k.phone is null or k.email is null);
  exception when unique_violation then
    null; -- another contact took it meanwhile: this one keeps what it had
  end;
  return null;
end
$$;

-- Only visitors' messages that may hold an address or an international number reach the function
-- (the bulk of messages, and the 1,000,000-message bench, pay one cheap test).
create trigger messages_link_contact after insert on public.messages
  for each row when (new.role = 'user' and (strpos(new.content, '@') > 0 or strpos(new.content, '+') > 0
                                            or strpos(new.content, '00') > 0))
  execute function private.link_message_contact();

revoke all on function private.contact_details_in_text(text), private.link_message_contact()
  from public, anon, authenticated, service_role;
