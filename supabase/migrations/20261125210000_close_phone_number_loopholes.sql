-- Loopholes in buying and releasing numbers found in review:
--   1. release_phone_number moved an owner's number to the pool without releasing it at Twilio, so
--      an owner could loop buy → release → buy past the one-number rule while the platform kept
--      paying: only the server may call it now (owners release through the phone-numbers function,
--      which releases at Twilio first). Deleting a user queues their numbers' Twilio release too.
--   2. Two parallel purchases both passed the quota check before either was recorded: a purchase is
--      now reserved in SQL (one live hold per non-admin user, counted by the one-number rule)
--      before Twilio is called.
--   3. An admin releasing another user's number is audited, through one release RPC taking the actor.

-- 1. Releases are the server's ------------------------------------------------------------------
revoke execute on function public.release_phone_number(uuid) from authenticated;

alter table public.phone_number_releases drop constraint phone_number_releases_reason_check;
alter table public.phone_number_releases add constraint phone_number_releases_reason_check
  check (reason in ('agent_deleted', 'purchase_not_recorded', 'user_deleted'));

-- As before (20261125060000), except that the numbers go (and are queued for their Twilio release,
-- like an agent's) instead of sitting in the pool while still paid for at Twilio.
create or replace function private.delete_user_as_admin(target uuid, why text) returns jsonb
language plpgsql security definer set search_path = '' as $$
declare
  snapshot jsonb;
  released jsonb;
begin
  select to_jsonb(p) into snapshot from public.profiles p where p.id = target for update;
  if snapshot is null and not exists (select 1 from auth.users u where u.id = target) then
    raise exception 'User not found' using errcode = 'PT404';
  end if;
  select coalesce(jsonb_agg(n.phone_number order by n.phone_number), '[]') into released
    from public.phone_numbers n where n.user_id = target;
  insert into public.phone_number_releases (user_id, phone_number, provider_sid, reason)
  select n.user_id, n.phone_number, n.provider_sid, 'user_deleted'
    from public.phone_numbers n where n.user_id = target;
  delete from public.phone_numbers n where n.user_id = target;
  perform private.write_admin_audit('user.delete', 'user', target::text,
    coalesce(snapshot, '{}') || jsonb_build_object('agents',
      (select count(*) from public.agents a where a.user_id = target)),
    jsonb_build_object('reason', why, 'released_numbers', released));
  delete from auth.users u where u.id = target;
  return released;
end
$$;
revoke all on function private.delete_user_as_admin(uuid, text) from public;

-- 2. A purchase is reserved before Twilio is called ------------------------------------------------
-- One hold per user while the function buys at Twilio; it expires by itself should the function
-- die between the reservation and the record (Twilio answers in seconds).
create table private.phone_number_purchase_holds (
  user_id uuid primary key references public.profiles (id) on delete cascade,
  expires_at timestamptz not null,
  created_at timestamptz not null default now()
);
alter table private.phone_number_purchase_holds enable row level security;
revoke all on table private.phone_number_purchase_holds from public, anon, authenticated, service_role;

-- The one-number rule (20261125110000), now also counting a live purchase hold.
create or replace function private.check_phone_number_quota(owner uuid, except_number uuid default null)
returns void
language plpgsql security definer set search_path = '' as $$
declare
  owner_is_admin boolean;
begin
  select p.is_admin into owner_is_admin from public.profiles p where p.id = check_phone_number_quota.owner for update;
  if not coalesce(owner_is_admin, false)
     and (exists (select 1 from public.phone_numbers n
                   where n.user_id = check_phone_number_quota.owner
                     and n.id is distinct from check_phone_number_quota.except_number)
          or exists (select 1 from private.phone_number_purchase_holds h
                      where h.user_id = check_phone_number_quota.owner and h.expires_at > now())) then
    raise exception 'You can only purchase one number. Please assign or release your current number before buying another.'
      using errcode = '23P01';
  end if;
end
$$;
revoke all on function private.check_phone_number_quota(uuid, uuid) from public;

-- The function (service role), before it calls Twilio: refuses like the rule, else holds the
-- non-admin owner's one purchase. The profile row lock serialises two parallel reservations.
create or replace function public.reserve_phone_number_purchase(owner_id uuid) returns void
language plpgsql security definer set search_path = '' as $$
begin
  perform private.check_phone_number_quota(reserve_phone_number_purchase.owner_id);
  if not coalesce((select p.is_admin from public.profiles p where p.id = reserve_phone_number_purchase.owner_id), false) then
    -- Only an expired hold can be there (a live one was refused above).
    insert into private.phone_number_purchase_holds (user_id, expires_at)
    values (reserve_phone_number_purchase.owner_id, now() + interval '2 minutes')
    on conflict (user_id) do update set expires_at = excluded.expires_at, created_at = now();
  end if;
end
$$;

-- The failure path: Twilio did not sell the number, so the owner may try again at once.
create or replace function public.cancel_phone_number_purchase(owner_id uuid) returns void
language sql security definer set search_path = '' as $$
  delete from private.phone_number_purchase_holds h where h.user_id = cancel_phone_number_purchase.owner_id
$$;

-- As before (20261125110000), except that the owner's hold becomes the number: the hold is cleared
-- under the profile lock, then the trigger re-checks the rule against numbers only.
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
  perform 1 from public.profiles p where p.id = record_purchased_phone_number.owner_id for update;
  delete from private.phone_number_purchase_holds h where h.user_id = record_purchased_phone_number.owner_id;
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

-- 3. Recording a release ---------------------------------------------------------------------------
-- Called by the function (service role) once Twilio released the number. `actor_id` is the verified
-- caller: the owner, or an admin (then it is an admin action, audited). Anyone else: not found.
create or replace function public.record_released_phone_number(phone_number_id uuid, actor_id uuid) returns void
language plpgsql security definer set search_path = '' as $$
declare
  released public.phone_numbers;
begin
  select * into released from public.phone_numbers n where n.id = record_released_phone_number.phone_number_id for update;
  if released.id is null
     or (released.user_id is distinct from record_released_phone_number.actor_id
         and not coalesce((select p.is_admin from public.profiles p where p.id = record_released_phone_number.actor_id), false)) then
    raise exception 'Phone number not found' using errcode = 'PT404';
  end if;
  delete from public.phone_numbers n where n.id = released.id;
  if released.user_id is distinct from record_released_phone_number.actor_id then
    perform private.write_admin_audit_as(record_released_phone_number.actor_id, 'phone_number.release',
      'phone_number', released.id::text,
      jsonb_build_object('phone_number', released.phone_number, 'user_id', released.user_id), null);
  end if;
end
$$;

revoke all on function public.reserve_phone_number_purchase(uuid), public.cancel_phone_number_purchase(uuid),
  public.record_released_phone_number(uuid, uuid)
  from public, anon, authenticated;
grant execute on function public.reserve_phone_number_purchase(uuid), public.cancel_phone_number_purchase(uuid),
  public.record_released_phone_number(uuid, uuid)
  to service_role;
