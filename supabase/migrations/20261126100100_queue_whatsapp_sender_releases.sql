-- Deleting an agent (or an admin deleting its owner) cleans up its WhatsApp at Twilio:
-- the sender is deleted (WhatsApp stops answering the number, Meta frees it) and the agent's
-- telephony sub-account is closed (it is billed and holds the sender's credentials). The database
-- cannot call Twilio, so this reuses the queue number releases already go through
-- (20261125110000 phone_number_releases, claimed and finished by the phone-numbers function, right
-- after the console deletes an agent and every minute by its sweep) instead of a second mechanism:
--   * a queue row has a kind: 'phone_number' (as before) or 'whatsapp_sender' (the sender SID and
--     the number it answered, which the owner may read like their number releases);
--   * the sub-account (SID and auth token, needed to delete a sender that lives on it and to close
--     it) moves from agent_secrets, which goes with the agent, to private.twilio_release_credentials:
--     no client role and not even the service role reads it directly, only the claim RPC hands it
--     out, and the row is deleted once the release is done;
--   * claim_twilio_releases claims every kind; claim_phone_number_releases keeps claiming numbers
--     only, so a caller still on it never marks a WhatsApp release done without doing it.

-- 1. The queue, generalised ------------------------------------------------------------------------
alter table public.phone_number_releases
  add column kind text not null default 'phone_number' check (kind in ('phone_number', 'whatsapp_sender')),
  add column sender_sid text check (sender_sid ~ '^XE[0-9a-fA-F]{32}$'),
  alter column phone_number drop not null;
alter table public.phone_number_releases add constraint phone_number_releases_kind_shape check (
  (kind = 'phone_number' and phone_number is not null)
  or kind = 'whatsapp_sender');
comment on table public.phone_number_releases is
  'Twilio resources to release once their agent or user is deleted: numbers, and WhatsApp senders with their sub-account (kind).';

create table private.twilio_release_credentials (
  release_id uuid primary key references public.phone_number_releases (id) on delete cascade,
  account_sid text not null check (account_sid ~ '^AC[0-9a-fA-F]{32}$'),
  auth_token text check (char_length(auth_token) <= 128)
);
alter table private.twilio_release_credentials enable row level security;
revoke all on table private.twilio_release_credentials from public, anon, authenticated, service_role;

-- 2. Deleting an agent queues its sender and sub-account ------------------------------------------
-- Before the delete: agent_secrets and the whatsapp_business row still exist (they cascade after).
-- When the owner is being deleted (an admin deleting the user), the profile is already gone: the
-- row is kept without an owner (the queue's user_id is `on delete set null` anyway).
create or replace function private.queue_agent_whatsapp_release() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  account_sid text;
  auth_token text;
  sender jsonb;
  owner uuid;
  release_id uuid;
begin
  select s.whatsapp_account_sid, s.whatsapp_auth_token into account_sid, auth_token
    from public.agent_secrets s where s.agent_id = old.id;
  select i.config into sender from public.agent_integrations i
   where i.agent_id = old.id and i.kind = 'whatsapp_business' and i.config ? 'sender_id';
  if account_sid !~ '^AC[0-9a-fA-F]{32}$' then
    account_sid := null;
  end if;
  if account_sid is null and sender is null then
    return old;
  end if;
  select p.id into owner from public.profiles p where p.id = old.user_id;
  insert into public.phone_number_releases (user_id, kind, phone_number, sender_sid, reason)
  values (owner, 'whatsapp_sender',
    case when sender->>'phone_number' ~ '^\+[1-9][0-9]{6,14}$' then sender->>'phone_number' end,
    case when sender->>'sender_id' ~ '^XE[0-9a-fA-F]{32}$' then sender->>'sender_id' end,
    case when owner is null then 'user_deleted' else 'agent_deleted' end)
  returning id into release_id;
  if account_sid is not null then
    insert into private.twilio_release_credentials (release_id, account_sid, auth_token)
    values (release_id, account_sid, auth_token);
  end if;
  return old;
end
$$;
revoke all on function private.queue_agent_whatsapp_release() from public;
create trigger agents_queue_whatsapp_release before delete on public.agents
  for each row execute function private.queue_agent_whatsapp_release();

-- 3. Claiming and finishing -----------------------------------------------------------------------
-- Every kind, for two minutes, oldest first (one owner's, or everyone's when owner_id is null).
create or replace function public.claim_twilio_releases(owner_id uuid default null, max_releases integer default 20)
returns table (id uuid, kind text, phone_number text, provider_sid text, account_sid text, sender_sid text,
  auth_token text)
language plpgsql security definer set search_path = '' as $$
begin
  return query
  with claimed as (
    update public.phone_number_releases r
       set claimed_until = now() + interval '2 minutes', attempts = r.attempts + 1
     where r.id in (
       select q.id from public.phone_number_releases q
        where q.released_at is null
          and (q.claimed_until is null or q.claimed_until < now())
          and (claim_twilio_releases.owner_id is null or q.user_id = claim_twilio_releases.owner_id)
        order by q.requested_at
        limit greatest(1, least(coalesce(claim_twilio_releases.max_releases, 20), 100))
        for update skip locked)
    returning r.id, r.kind, r.phone_number, r.provider_sid, r.sender_sid)
  select c.id, c.kind, c.phone_number, c.provider_sid, k.account_sid, c.sender_sid, k.auth_token
    from claimed c left join private.twilio_release_credentials k on k.release_id = c.id;
end
$$;

-- As in 20261125110000, numbers only.
create or replace function public.claim_phone_number_releases(owner_id uuid default null, max_releases integer default 20)
returns table (id uuid, phone_number text, provider_sid text)
language plpgsql security definer set search_path = '' as $$
begin
  return query
  update public.phone_number_releases r
     set claimed_until = now() + interval '2 minutes', attempts = r.attempts + 1
   where r.id in (
     select q.id from public.phone_number_releases q
      where q.released_at is null
        and q.kind = 'phone_number'
        and (q.claimed_until is null or q.claimed_until < now())
        and (claim_phone_number_releases.owner_id is null or q.user_id = claim_phone_number_releases.owner_id)
      order by q.requested_at
      limit greatest(1, least(coalesce(claim_phone_number_releases.max_releases, 20), 100))
      for update skip locked)
  returning r.id, r.phone_number, r.provider_sid;
end
$$;

-- As in 20261125110000; a done release's credentials go at once.
create or replace function public.finish_phone_number_release(release_id uuid, released boolean, error text default null)
returns void
language plpgsql security definer set search_path = '' as $$
begin
  update public.phone_number_releases r
     set released_at = case when finish_phone_number_release.released then now() else null end,
         claimed_until = null,
         last_error = case when finish_phone_number_release.released then null
                           else left(finish_phone_number_release.error, 500) end
   where r.id = finish_phone_number_release.release_id and r.released_at is null;
  if finish_phone_number_release.released then
    delete from private.twilio_release_credentials c where c.release_id = finish_phone_number_release.release_id;
  end if;
end
$$;

revoke all on function public.claim_twilio_releases(uuid, integer), public.claim_phone_number_releases(uuid, integer),
  public.finish_phone_number_release(uuid, boolean, text) from public, anon, authenticated;
grant execute on function public.claim_twilio_releases(uuid, integer), public.claim_phone_number_releases(uuid, integer),
  public.finish_phone_number_release(uuid, boolean, text) to service_role;
