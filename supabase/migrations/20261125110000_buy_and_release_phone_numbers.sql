-- Buying, assigning and releasing Twilio numbers.
-- The `phone-numbers` function buys at Twilio with the platform's account; Postgres keeps the rules:
--   * the one-number rule is one SQL function, used by the phone_numbers trigger and checked by the
--     function BEFORE it buys anything at Twilio (so a refused purchase costs nothing);
--   * a bought number is recorded (and optionally assigned to an agent of its owner) by one
--     service-role RPC that re-derives the agent's ownership; an admin buying for a user is audited;
--   * assigning moves a number between the owner's agents atomically;
--   * deleting an agent releases its numbers: the rows go and the Twilio numbers are queued in
--     phone_number_releases, which the function releases at Twilio (it owns the credentials);
--   * Twilio addresses and caller IDs live at Twilio; phone_provider_resources records which user
--     created which, so each owner lists and deletes only their own.

-- 1. The one-number rule, defined once ---------------------------------------------------------------
-- A non-admin owns at most one number (message: contracts/phone.ts ONE_NUMBER_MESSAGE). The profile
-- row lock serialises concurrent purchases for the same user within a transaction.
create or replace function private.check_phone_number_quota(owner uuid, except_number uuid default null)
returns void
language plpgsql security definer set search_path = '' as $$
declare
  owner_is_admin boolean;
begin
  select p.is_admin into owner_is_admin from public.profiles p where p.id = check_phone_number_quota.owner for update;
  if not coalesce(owner_is_admin, false)
     and exists (select 1 from public.phone_numbers n
                  where n.user_id = check_phone_number_quota.owner
                    and n.id is distinct from check_phone_number_quota.except_number) then
    raise exception 'You can only purchase one number. Please assign or release your current number before buying another.'
      using errcode = '23P01';
  end if;
end
$$;
revoke all on function private.check_phone_number_quota(uuid, uuid) from public;

create or replace function private.enforce_one_number_per_user() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if new.user_id is null or (tg_op = 'UPDATE' and new.user_id is not distinct from old.user_id) then
    return new;
  end if;
  perform private.check_phone_number_quota(new.user_id, new.id);
  return new;
end
$$;

-- The function's pre-check (service role): the same rule, before Twilio is called.
create or replace function public.check_phone_number_quota(owner_id uuid) returns void
language sql security definer set search_path = '' as $$
  select private.check_phone_number_quota(check_phone_number_quota.owner_id)
$$;

-- 2. Recording a purchase -------------------------------------------------------------------------
-- Called by the function (service role) after Twilio sold the number. `actor_id` is the verified
-- caller; when it is not the owner it must be an admin (buying for a user), and that is audited.
-- A concurrent purchase makes the trigger refuse the insert: the function then releases the number
-- at Twilio again.
create or replace function public.record_purchased_phone_number(owner_id uuid, actor_id uuid, phone_number text,
  provider_sid text, country_code text default null, locality text default null,
  address_requirements text default null, capabilities jsonb default null, agent_id uuid default null)
returns uuid
language plpgsql security definer set search_path = '' as $$
declare
  number_id uuid;
begin
  if record_purchased_phone_number.actor_id is distinct from record_purchased_phone_number.owner_id
     and not coalesce((select p.is_admin from public.profiles p where p.id = record_purchased_phone_number.actor_id), false) then
    raise exception 'Only an admin can buy a number for another user' using errcode = '42501';
  end if;
  if record_purchased_phone_number.agent_id is not null and not exists (
       select 1 from public.agents a
        where a.id = record_purchased_phone_number.agent_id and a.user_id = record_purchased_phone_number.owner_id) then
    raise exception 'Agent not found' using errcode = 'PT404';
  end if;
  insert into public.phone_numbers (phone_number, user_id, country_code, locality, address_requirements,
    capabilities, provider_sid)
  values (record_purchased_phone_number.phone_number, record_purchased_phone_number.owner_id,
    record_purchased_phone_number.country_code, record_purchased_phone_number.locality,
    record_purchased_phone_number.address_requirements,
    coalesce(record_purchased_phone_number.capabilities, '{"voice": true, "sms": false, "mms": false}'),
    record_purchased_phone_number.provider_sid)
  returning id into number_id;
  if record_purchased_phone_number.agent_id is not null then
    -- One number per agent: the new number replaces the agent's current one (admins own several).
    delete from public.phone_number_assignments pa where pa.agent_id = record_purchased_phone_number.agent_id;
    insert into public.phone_number_assignments (phone_number_id, agent_id, user_id)
    values (number_id, record_purchased_phone_number.agent_id, record_purchased_phone_number.owner_id);
  end if;
  if record_purchased_phone_number.actor_id is distinct from record_purchased_phone_number.owner_id then
    perform private.write_admin_audit_as(record_purchased_phone_number.actor_id, 'phone_number.buy_for_user',
      'phone_number', number_id::text, null,
      jsonb_build_object('phone_number', record_purchased_phone_number.phone_number,
        'user_id', record_purchased_phone_number.owner_id));
  end if;
  return number_id;
end
$$;

-- 3. Assigning: one number to one agent of the same owner, moved atomically -----------------------
-- `agent_id` null unassigns. The number's owner acts (or an admin, for that owner's agents); the
-- agent must belong to the number's owner. Someone else's number answers like a missing one.
create or replace function public.assign_phone_number(phone_number_id uuid, agent_id uuid default null)
returns void
language plpgsql security definer set search_path = '' as $$
declare
  owner uuid;
begin
  select n.user_id into owner from public.phone_numbers n
   where n.id = assign_phone_number.phone_number_id
     and n.user_id is not null
     and (n.user_id = (select auth.uid()) or private.is_admin())
   for update;
  if owner is null then
    raise exception 'Phone number not found' using errcode = 'PT404';
  end if;
  if assign_phone_number.agent_id is not null and not exists (
       select 1 from public.agents a where a.id = assign_phone_number.agent_id and a.user_id = owner) then
    raise exception 'Agent not found' using errcode = 'PT404';
  end if;
  delete from public.phone_number_assignments pa
   where pa.phone_number_id = assign_phone_number.phone_number_id
      or (assign_phone_number.agent_id is not null and pa.agent_id = assign_phone_number.agent_id);
  if assign_phone_number.agent_id is not null then
    insert into public.phone_number_assignments (phone_number_id, agent_id, user_id)
    values (assign_phone_number.phone_number_id, assign_phone_number.agent_id, owner);
  end if;
end
$$;

-- 4. Deleting an agent releases its numbers -----------------------------------------------------
-- The number goes with its agent, at Twilio too (it is paid for monthly).
-- The database cannot call Twilio, so the trigger removes the rows (no call reaches a deleted agent)
-- and queues the Twilio release; the function releases queued numbers (the console asks right after
-- deleting an agent, and a scheduler sweeps what is left, see README "Connectors").
create table public.phone_number_releases (
  id uuid primary key default gen_random_uuid(),
  user_id uuid references public.profiles (id) on delete set null,
  phone_number text not null check (phone_number ~ '^\+[1-9][0-9]{6,14}$'),
  provider_sid text check (char_length(provider_sid) <= 64),
  reason text not null default 'agent_deleted' check (reason in ('agent_deleted', 'purchase_not_recorded')),
  requested_at timestamptz not null default now(),
  -- a release in progress is claimed until then, so two workers never release the same number
  claimed_until timestamptz,
  attempts integer not null default 0,
  last_error text check (char_length(last_error) <= 500),
  released_at timestamptz
);
create index phone_number_releases_pending_idx on public.phone_number_releases (user_id, requested_at)
  where released_at is null;
revoke all on table public.phone_number_releases from public, anon, authenticated;
grant all on table public.phone_number_releases to service_role;
grant select on table public.phone_number_releases to authenticated;
alter table public.phone_number_releases enable row level security;
create policy "owners can read their number releases and admins all" on public.phone_number_releases
  for select to authenticated using (user_id = (select auth.uid()) or (select private.is_admin()));

create or replace function private.release_agent_numbers() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  insert into public.phone_number_releases (user_id, phone_number, provider_sid, reason)
  select n.user_id, n.phone_number, n.provider_sid, 'agent_deleted'
    from public.phone_number_assignments a
    join public.phone_numbers n on n.id = a.phone_number_id
   where a.agent_id = old.id;
  delete from public.phone_numbers n
   using public.phone_number_assignments a
   where a.phone_number_id = n.id and a.agent_id = old.id;
  return old;
end
$$;

-- Claim up to `max_releases` pending releases (one owner's, or everyone's when owner_id is null),
-- for two minutes; then `finish_phone_number_release` records the outcome.
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
        and (q.claimed_until is null or q.claimed_until < now())
        and (claim_phone_number_releases.owner_id is null or q.user_id = claim_phone_number_releases.owner_id)
      order by q.requested_at
      limit greatest(1, least(coalesce(claim_phone_number_releases.max_releases, 20), 100))
      for update skip locked)
  returning r.id, r.phone_number, r.provider_sid;
end
$$;

create or replace function public.finish_phone_number_release(release_id uuid, released boolean, error text default null)
returns void
language sql security definer set search_path = '' as $$
  update public.phone_number_releases r
     set released_at = case when finish_phone_number_release.released then now() else null end,
         claimed_until = null,
         last_error = case when finish_phone_number_release.released then null
                           else left(finish_phone_number_release.error, 500) end
   where r.id = finish_phone_number_release.release_id and r.released_at is null
$$;

-- 5. Which user created which Twilio address / caller ID -----------------------------------------
-- The platform's Twilio account holds every owner's addresses and caller IDs; this table is what
-- scopes them. A caller ID has no SID until its owner answers Twilio's verification call, so caller
-- IDs are owned by phone number (one owner per number).
create table public.phone_provider_resources (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references public.profiles (id) on delete cascade,
  kind text not null check (kind in ('address', 'caller_id')),
  -- Address SID (AD…); null for caller IDs
  provider_sid text unique check (provider_sid ~ '^[A-Z]{2}[0-9a-f]{32}$'),
  -- Caller ID number; null for addresses
  phone_number text check (phone_number ~ '^\+[1-9][0-9]{6,14}$'),
  created_at timestamptz not null default now(),
  constraint phone_provider_resources_shape check (
    (kind = 'address' and provider_sid is not null and phone_number is null)
    or (kind = 'caller_id' and phone_number is not null and provider_sid is null)),
  constraint phone_provider_resources_caller_id_key unique (kind, phone_number)
);
create index phone_provider_resources_user_idx on public.phone_provider_resources (user_id, kind, created_at);
revoke all on table public.phone_provider_resources from public, anon, authenticated;
grant all on table public.phone_provider_resources to service_role;
grant select on table public.phone_provider_resources to authenticated;
alter table public.phone_provider_resources enable row level security;
create policy "owners can read their twilio resources and admins all" on public.phone_provider_resources
  for select to authenticated using (user_id = (select auth.uid()) or (select private.is_admin()));

-- Grants -----------------------------------------------------------------------------------------
revoke all on function public.check_phone_number_quota(uuid),
  public.record_purchased_phone_number(uuid, uuid, text, text, text, text, text, jsonb, uuid),
  public.claim_phone_number_releases(uuid, integer), public.finish_phone_number_release(uuid, boolean, text)
  from public, anon, authenticated;
grant execute on function public.check_phone_number_quota(uuid),
  public.record_purchased_phone_number(uuid, uuid, text, text, text, text, text, jsonb, uuid),
  public.claim_phone_number_releases(uuid, integer), public.finish_phone_number_release(uuid, boolean, text)
  to service_role;
revoke all on function public.assign_phone_number(uuid, uuid) from public, anon, authenticated;
grant execute on function public.assign_phone_number(uuid, uuid) to authenticated, service_role;
