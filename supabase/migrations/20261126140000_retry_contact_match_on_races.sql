-- Contacts under concurrency: match_contact looked a contact up, then inserted
-- it with `on conflict (user_id, phone)`. An email-only contact has no phone, so two channels
-- creating the same address at once both missed the lookup and the second insert raised
-- unique_violation on contacts_user_id_email_key — inside the outbound_messages trigger, which
-- aborted the message itself. Same for a phone + email insert whose email was just taken, and for
-- the update that adds an email another row just took.
--
-- Now a unique_violation means "someone else created it first": look again (the other row is
-- committed once the unique check lets us through, and each statement sees it) and use that row.
-- An email taken by another contact in the meantime is left off the update, as the lookup already
-- did for an email taken earlier.
create or replace function private.match_contact(
  owner uuid, raw_phone text, raw_email text, display_name text, seen_at timestamptz
) returns uuid
language plpgsql security definer set search_path = '' as $$
#variable_conflict use_column
declare
  digits text := private.phone_digits(raw_phone);
  mail text := nullif(lower(trim(coalesce(raw_email, ''))), '');
  name text := nullif(trim(coalesce(display_name, '')), '');
  first_part text;
  last_part text;
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
  first_part := left(coalesce(split_part(name, ' ', 1), ''), 100);
  last_part := left(coalesce(nullif(substr(name, char_length(split_part(name, ' ', 1)) + 2), ''), ''), 100);

  if digits is not null then
    select c.id into found from public.contacts c where c.user_id = owner and c.phone = digits;
  end if;
  if found is null and mail is not null then
    select c.id into found from public.contacts c where c.user_id = owner and c.email = mail;
  end if;
  if found is null then
    begin
      insert into public.contacts (user_id, phone, email, first_name, last_name, last_contact_date)
      values (owner, digits, mail, first_part, last_part, seen_at)
      -- two channels racing for the same new number: the second one takes the first one's row
      on conflict (user_id, phone) do update
        set last_contact_date = greatest(public.contacts.last_contact_date, excluded.last_contact_date)
      returning id into found;
      return found;
    exception when unique_violation then
      -- The email (the only other unique key) was created meanwhile: that row is this person.
      -- The phone first, in case it was the number's row that also won the race.
      if digits is not null then
        select c.id into found from public.contacts c where c.user_id = owner and c.phone = digits;
      end if;
      if found is null then
        select c.id into found from public.contacts c where c.user_id = owner and c.email = mail;
      end if;
      if found is null then
        raise;
      end if;
    end;
  end if;
  begin
    update public.contacts c set
      phone = coalesce(c.phone, digits),
      email = coalesce(c.email, case when not exists (
        select 1 from public.contacts o where o.user_id = owner and o.email = mail) then mail end),
      first_name = case when c.first_name = '' and c.last_name = '' and name is not null
                        then first_part else c.first_name end,
      last_name = case when c.first_name = '' and c.last_name = '' and name is not null
                       then last_part else c.last_name end,
      last_contact_date = greatest(c.last_contact_date, seen_at)
    where c.id = found;
  exception when unique_violation then
    -- The phone or email was just given to another contact: keep this contact's own, record the time.
    update public.contacts c set
      first_name = case when c.first_name = '' and c.last_name = '' and name is not null
                        then first_part else c.first_name end,
      last_name = case when c.first_name = '' and c.last_name = '' and name is not null
                       then last_part else c.last_name end,
      last_contact_date = greatest(c.last_contact_date, seen_at)
    where c.id = found;
  end;
  return found;
end
$$;

-- create or replace keeps the grants; restated so this file reads as the whole rule.
revoke all on function private.match_contact(uuid, text, text, text, timestamptz) from public, anon, authenticated, service_role;
