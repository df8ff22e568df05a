-- Contacts as one timeline across channels: a contact
-- is created or matched by Postgres from what every channel's write path already stores, so no
-- function has to remember to do it:
--   * a phone or WhatsApp conversation's visitor_id (the caller's/sender's number) -> phone digits;
--   * an address a web visitor gave, seen when the agent sent them something (outbound_messages:
--     email -> contacts.email, sms/whatsapp -> phone digits);
--   * an inbound WhatsApp message names its sender (profile name split on the first space).
-- The conversation then carries contact_id, and a contact's timeline is its conversations.

-- A web visitor may be known by email only.
alter table public.contacts alter column phone drop not null;
alter table public.contacts
  add column email text check (email = lower(email) and email ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$' and char_length(email) <= 320),
  add constraint contacts_phone_or_email check (phone is not null or email is not null);
create unique index contacts_user_id_email_key on public.contacts (user_id, email) where email is not null;

-- Free-text search over name, phone digits and email (the cards' search box): one lower-cased
-- column with a trigram index, so '%term%' stays an index scan at 100,000 contacts. btree_gin puts
-- the owner in the same index, so one owner's search never visits another's rows.
alter table public.contacts
  add column search_text text generated always as (
    lower(first_name || ' ' || last_name || ' ' || coalesce(phone, '') || ' ' || coalesce(email, ''))
  ) stored;
create extension if not exists pg_trgm with schema extensions;
create extension if not exists btree_gin with schema extensions;
create index contacts_search_idx on public.contacts using gin (user_id, search_text extensions.gin_trgm_ops);
-- The list's order and keyset: most recent contact first, never-contacted last.
create index contacts_user_recent_idx on public.contacts
  (user_id, (coalesce(last_contact_date, '-infinity'::timestamptz)) desc, id desc);

-- Strip 'whatsapp:', keep the digits; the contact key is the digits.
create or replace function private.phone_digits(value text) returns text
language sql immutable set search_path = '' as $$
  select nullif(regexp_replace(regexp_replace(coalesce(value, ''), '^whatsapp:', '', 'i'), '[^0-9]', '', 'g'), '')
$$;

-- True for something that reads as a phone number (visitor ids of web channels are browser ids).
create or replace function private.looks_like_phone(value text) returns boolean
language sql immutable set search_path = '' as $$
  select coalesce(regexp_replace(value, '^whatsapp:', '', 'i') ~ '^\+?[0-9][0-9 ().-]{3,30}$', false)
     and char_length(private.phone_digits(value)) between 4 and 20
$$;

-- The one matcher: finds the owner's contact by phone digits, else by email, else creates it;
-- fills an empty name from `display_name` and records the contact time. Returns the contact id.
create or replace function private.match_contact(
  owner uuid, raw_phone text, raw_email text, display_name text, seen_at timestamptz
) returns uuid
language plpgsql security definer set search_path = '' as $$
#variable_conflict use_column
declare
  digits text := private.phone_digits(raw_phone);
  mail text := nullif(lower(trim(coalesce(raw_email, ''))), '');
  name text := nullif(trim(coalesce(display_name, '')), '');
  found uuid;
begin
  if owner is null or (digits is null and mail is null) then
    return null;
  end if;
  if digits is not null and char_length(digits) not between 4 and 20 then
    digits := null;
    if mail is null then return null; end if;
  end if;
  if mail is not null and mail !~ '^[^@\s]+@[^@\s]+\.[^@\s]+$' then
    mail := null;
    if digits is null then return null; end if;
  end if;
  if digits is not null then
    select c.id into found from public.contacts c where c.user_id = owner and c.phone = digits;
  end if;
  if found is null and mail is not null then
    select c.id into found from public.contacts c where c.user_id = owner and c.email = mail;
  end if;
  if found is null then
    insert into public.contacts (user_id, phone, email, first_name, last_name, last_contact_date)
    values (owner, digits, mail,
            left(coalesce(split_part(name, ' ', 1), ''), 100),
            left(coalesce(nullif(substr(name, char_length(split_part(name, ' ', 1)) + 2), ''), ''), 100),
            seen_at)
    -- two channels racing for the same new number: the second one takes the first one's row
    on conflict (user_id, phone) do update set last_contact_date = greatest(public.contacts.last_contact_date, excluded.last_contact_date)
    returning id into found;
    return found;
  end if;
  update public.contacts c set
    phone = coalesce(c.phone, digits),
    email = coalesce(c.email, case when not exists (
      select 1 from public.contacts o where o.user_id = owner and o.email = mail) then mail end),
    first_name = case when c.first_name = '' and c.last_name = '' and name is not null
                      then left(split_part(name, ' ', 1), 100) else c.first_name end,
    last_name = case when c.first_name = '' and c.last_name = '' and name is not null
                     then left(substr(name, char_length(split_part(name, ' ', 1)) + 2), 100) else c.last_name end,
    last_contact_date = greatest(c.last_contact_date, seen_at)
  where c.id = found;
  return found;
end
$$;

-- Phone and WhatsApp conversations name their contact by the caller's/sender's number.
create or replace function private.link_conversation_contact() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if new.contact_id is null and new.channel in ('phone', 'whatsapp') and private.looks_like_phone(new.visitor_id) then
    new.contact_id := private.match_contact(new.user_id, new.visitor_id, null, null, new.started_at);
  end if;
  return new;
end
$$;
create trigger conversations_link_contact before insert or update of visitor_id, contact_id on public.conversations
  for each row execute function private.link_conversation_contact();

-- A new message on a contact's conversation is their latest contact.
create or replace function private.touch_contact_from_conversation() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if new.contact_id is not null then
    update public.contacts c set last_contact_date = new.last_message_at
     where c.id = new.contact_id and c.last_contact_date is distinct from greatest(c.last_contact_date, new.last_message_at);
  end if;
  return null;
end
$$;
create trigger conversations_touch_contact after insert or update of last_message_at, contact_id on public.conversations
  for each row execute function private.touch_contact_from_conversation();

-- A web visitor who gave an address (the agent sent them a document or a message) becomes a
-- contact; their conversation joins the contact's timeline.
create or replace function private.link_outbound_contact() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  conv public.conversations;
  found uuid;
begin
  if new.conversation_id is null then return null; end if;
  select * into conv from public.conversations c where c.id = new.conversation_id;
  if conv.id is null or conv.contact_id is not null or conv.user_id <> new.user_id or conv.channel = 'sandbox' then
    return null;
  end if;
  found := case when new.channel = 'email'
                then private.match_contact(conv.user_id, null, new.recipient, null, new.created_at)
                else private.match_contact(conv.user_id, new.recipient, null, null, new.created_at) end;
  if found is not null then
    update public.conversations c set contact_id = found where c.id = conv.id;
  end if;
  return null;
end
$$;
create trigger outbound_messages_link_contact after insert on public.outbound_messages
  for each row execute function private.link_outbound_contact();

-- WhatsApp senders name themselves (profile name split on the first space).
create or replace function private.link_whatsapp_contact() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if new.direction = 'inbound' then
    perform private.match_contact(new.user_id, new.from_number, null, new.profile_name, new."timestamp");
  end if;
  return null;
end
$$;
create trigger whatsapp_messages_link_contact after insert on public.whatsapp_messages
  for each row execute function private.link_whatsapp_contact();

-- total_call_duration = the completed phone and browser-voice calls of the contact's conversations.
create or replace function private.refresh_contact_call_duration(contact uuid) returns void
language sql security definer set search_path = '' as $$
  update public.contacts k set total_call_duration = (
    select coalesce(sum(x.duration), 0) from (
      select c.duration from public.calls c join public.conversations v on v.id = c.conversation_id
       where v.contact_id = contact and c.status = 'completed'
      union all
      select vc.duration from public.voice_calls vc join public.conversations v on v.id = vc.conversation_id
       where v.contact_id = contact and vc.status = 'completed'
    ) x)
  where k.id = contact
$$;

create or replace function private.calls_refresh_contact() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  contact uuid;
begin
  select v.contact_id into contact from public.conversations v where v.id = new.conversation_id;
  if contact is not null then
    perform private.refresh_contact_call_duration(contact);
  end if;
  return null;
end
$$;
create trigger calls_refresh_contact after insert or update of status, duration, conversation_id on public.calls
  for each row when (new.conversation_id is not null) execute function private.calls_refresh_contact();
create trigger voice_calls_refresh_contact after insert or update of status, duration, conversation_id on public.voice_calls
  for each row when (new.conversation_id is not null) execute function private.calls_refresh_contact();

-- A conversation linked late (a web visitor who gave an address after a browser call) brings its calls.
create or replace function private.conversation_contact_durations() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if new.contact_id is not null then perform private.refresh_contact_call_duration(new.contact_id); end if;
  if tg_op = 'UPDATE' and old.contact_id is not null and old.contact_id is distinct from new.contact_id then
    perform private.refresh_contact_call_duration(old.contact_id);
  end if;
  return null;
end
$$;
create trigger conversations_contact_durations after update of contact_id on public.conversations
  for each row execute function private.conversation_contact_durations();

-- Existing rows join their contacts.
update public.conversations c set contact_id = private.match_contact(c.user_id, c.visitor_id, null, null, c.started_at)
 where c.contact_id is null and c.channel in ('phone', 'whatsapp') and private.looks_like_phone(c.visitor_id);

revoke all on function private.phone_digits(text), private.looks_like_phone(text),
  private.match_contact(uuid, text, text, text, timestamptz), private.link_conversation_contact(),
  private.touch_contact_from_conversation(), private.link_outbound_contact(), private.link_whatsapp_contact(),
  private.refresh_contact_call_duration(uuid), private.calls_refresh_contact(),
  private.conversation_contact_durations() from public, anon, authenticated;
-- The list functions (next migration) call the pure helpers as the caller.
grant execute on function private.phone_digits(text) to authenticated, service_role;

-- Owners may record an email on a contact by hand, like its name and notes.
grant update (email) on table public.contacts to authenticated;
