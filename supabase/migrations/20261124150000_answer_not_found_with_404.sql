-- "Not found" from an RPC answers 404.
--
-- PostgREST maps SQLSTATE P0002 (no_data_found) to HTTP 500, so a missing user, pack,
-- subscription, phone number, product or agent looked like a server fault to clients and
-- monitoring. A custom SQLSTATE `PTxyz` is answered with status xyz, so each function below is
-- redefined from its latest definition with the one change `errcode = 'P0002'` -> 'PT404' (messages
-- unchanged). `create or replace` keeps owners and grants; they are restated at the end anyway, as
-- they were, so this file reads as the whole security record of these functions.
--
-- Latest definitions copied: use_credits and voice_open_call from 20261124100000; the others from
-- their creating migrations (20261121193000, 20261121193400, 20261121210100, 20261121211000).

-- Free pack (20261121193000): a token whose profile is gone is a 404.
create or replace function public.activate_free_pack() returns integer
language plpgsql security definer set search_path = '' as $$
declare
  caller uuid := (select auth.uid());
  already boolean;
  balance integer;
begin
  if caller is null then
    raise exception 'User not authenticated' using errcode = '42501';
  end if;
  select p.has_free_pack_activated into already from public.profiles p where p.id = caller for update;
  if not found then
    raise exception 'User not found' using errcode = 'PT404';
  end if;
  if already then
    raise exception 'Free pack already activated' using errcode = 'P0001';
  end if;
  update public.profiles set has_free_pack_activated = true where id = caller;
  insert into public.credit_ledger (user_id, type, amount, pack_id, description)
  values (caller, 'free_activation', 30, 'free', 'Free pack');
  select p.credits into balance from public.profiles p where p.id = caller;
  return balance;
end
$$;

-- Usage debit (20261124100000: only the metering service names a call).
create or replace function public.use_credits(amount integer, call_id uuid default null, user_id uuid default null)
returns boolean
language plpgsql security definer set search_path = '' as $$
declare
  target uuid;
  balance integer;
begin
  if use_credits.amount is null or use_credits.amount <= 0 then
    raise exception 'amount must be a positive number of credits' using errcode = '22023';
  end if;
  if private.request_role() = 'service_role' then
    target := use_credits.user_id;
    if target is null then
      raise exception 'User ID is required' using errcode = '22023';
    end if;
  else
    target := (select auth.uid());
    if target is null then
      raise exception 'User not authenticated' using errcode = '42501';
    end if;
    if use_credits.user_id is not null and use_credits.user_id <> target then
      raise exception 'Cannot use another user''s credits' using errcode = '42501';
    end if;
    if use_credits.call_id is not null then
      raise exception 'Only the metering service charges calls' using errcode = '42501';
    end if;
  end if;
  -- Row lock first, then decide: concurrent debits queue here instead of reading a stale balance.
  select p.credits into balance from public.profiles p where p.id = target for update;
  if not found then
    raise exception 'User not found' using errcode = 'PT404';
  end if;
  if balance < use_credits.amount then
    return false;
  end if;
  insert into public.credit_ledger (user_id, type, amount, call_id)
  values (target, 'usage', -use_credits.amount, use_credits.call_id);
  return true;
end
$$;

-- Purchase by the payment service (20261121193000).
create or replace function public.purchase_credits(user_id uuid, amount integer, pack_id text default null)
returns integer
language plpgsql security definer set search_path = '' as $$
declare
  balance integer;
begin
  if private.request_role() <> 'service_role' then
    raise exception 'Only the payment service can record purchases' using errcode = '42501';
  end if;
  if purchase_credits.amount is null or purchase_credits.amount <= 0 then
    raise exception 'amount must be a positive number of credits' using errcode = '22023';
  end if;
  perform 1 from public.profiles p where p.id = purchase_credits.user_id for update;
  if not found then
    raise exception 'User not found' using errcode = 'PT404';
  end if;
  insert into public.credit_ledger (user_id, type, amount, pack_id)
  values (purchase_credits.user_id, 'purchase', purchase_credits.amount, purchase_credits.pack_id);
  select p.credits into balance from public.profiles p where p.id = purchase_credits.user_id;
  return balance;
end
$$;

-- Admin grant (20261121193000).
create or replace function public.admin_grant_credits(user_id uuid, amount integer, description text default null)
returns integer
language plpgsql security definer set search_path = '' as $$
declare
  balance integer;
begin
  if not private.is_admin() and private.request_role() <> 'service_role' then
    raise exception 'Only an admin can grant credits' using errcode = '42501';
  end if;
  if admin_grant_credits.amount is null or admin_grant_credits.amount <= 0 then
    raise exception 'amount must be a positive number of credits' using errcode = '22023';
  end if;
  perform 1 from public.profiles p where p.id = admin_grant_credits.user_id for update;
  if not found then
    raise exception 'User not found' using errcode = 'PT404';
  end if;
  insert into public.credit_ledger (user_id, type, amount, description)
  values (admin_grant_credits.user_id, 'admin_grant', admin_grant_credits.amount, left(admin_grant_credits.description, 500));
  select p.credits into balance from public.profiles p where p.id = admin_grant_credits.user_id;
  return balance;
end
$$;

-- Admin flag (20261121193000).
create or replace function public.set_user_admin(user_id uuid, is_admin boolean) returns void
language plpgsql security definer set search_path = '' as $$
begin
  if not private.is_admin() and private.request_role() <> 'service_role' then
    raise exception 'Only an admin can change roles' using errcode = '42501';
  end if;
  if set_user_admin.is_admin is null then
    raise exception 'is_admin is required' using errcode = '22023';
  end if;
  update public.profiles p set is_admin = set_user_admin.is_admin where p.id = set_user_admin.user_id;
  if not found then
    raise exception 'User not found' using errcode = 'PT404';
  end if;
end
$$;

-- Subscription start (20261121193000): unknown user or pack.
create or replace function public.create_subscription(user_id uuid, pack_id text) returns public.subscriptions
language plpgsql security definer set search_path = '' as $$
declare
  created public.subscriptions;
begin
  if not private.is_admin() and private.request_role() <> 'service_role' then
    raise exception 'Only the payment service or an admin can create subscriptions' using errcode = '42501';
  end if;
  perform 1 from public.profiles p where p.id = create_subscription.user_id for update;
  if not found then
    raise exception 'User not found' using errcode = 'PT404';
  end if;
  perform 1 from public.packs k where k.id = create_subscription.pack_id;
  if not found then
    raise exception 'Pack not found' using errcode = 'PT404';
  end if;
  update public.subscriptions s set status = 'cancelled', cancel_at_period_end = false
   where s.user_id = create_subscription.user_id and s.status = 'active';
  insert into public.subscriptions (user_id, pack_id, status, current_period_start, current_period_end)
  values (create_subscription.user_id, create_subscription.pack_id, 'active', now(), now() + interval '1 month')
  returning * into created;
  return created;
end
$$;

-- Subscription cancel (20261121193000): no active subscription.
create or replace function public.cancel_subscription(user_id uuid default null) returns public.subscriptions
language plpgsql security definer set search_path = '' as $$
declare
  target uuid := coalesce(cancel_subscription.user_id, (select auth.uid()));
  cancelled public.subscriptions;
begin
  if target is null then
    raise exception 'User not authenticated' using errcode = '42501';
  end if;
  if target is distinct from (select auth.uid()) and not private.is_admin() and private.request_role() <> 'service_role' then
    raise exception 'Cannot cancel another user''s subscription' using errcode = '42501';
  end if;
  update public.subscriptions s set status = 'cancelled', cancel_at_period_end = true
   where s.user_id = target and s.status = 'active'
  returning * into cancelled;
  if cancelled.id is null then
    raise exception 'No active subscription found' using errcode = 'PT404';
  end if;
  return cancelled;
end
$$;

-- Number release (20261121193400): another owner's number answers like a missing one.
create or replace function public.release_phone_number(phone_number_id uuid) returns void
language plpgsql security definer set search_path = '' as $$
begin
  perform 1 from public.phone_numbers n
   where n.id = release_phone_number.phone_number_id
     and (n.user_id = (select auth.uid()) or private.is_admin() or private.request_role() = 'service_role')
   for update;
  if not found then
    raise exception 'Phone number not found' using errcode = 'PT404';
  end if;
  delete from public.phone_number_assignments a where a.phone_number_id = release_phone_number.phone_number_id;
  update public.phone_numbers n set user_id = null where n.id = release_phone_number.phone_number_id;
end
$$;

-- Paid checkout (20261121210100): unknown user or pack (the webhook answers 422).
create or replace function public.record_checkout_payment(event_id text, event_type text, user_id uuid, pack_id text)
returns boolean
language plpgsql security definer set search_path = '' as $$
declare
  pack_credits integer;
begin
  if private.request_role() <> 'service_role' then
    raise exception 'Only the payment service can record payments' using errcode = '42501';
  end if;
  if record_checkout_payment.event_id is null or record_checkout_payment.user_id is null or record_checkout_payment.pack_id is null then
    raise exception 'event_id, user_id and pack_id are required' using errcode = '22023';
  end if;
  perform 1 from public.profiles p where p.id = record_checkout_payment.user_id;
  if not found then
    raise exception 'User not found' using errcode = 'PT404';
  end if;
  select k.credits into pack_credits from public.packs k where k.id = record_checkout_payment.pack_id;
  if not found then
    raise exception 'Pack not found' using errcode = 'PT404';
  end if;
  insert into public.billing_events (id, type, user_id, pack_id, credits)
  values (record_checkout_payment.event_id, coalesce(record_checkout_payment.event_type, 'unknown'),
          record_checkout_payment.user_id, record_checkout_payment.pack_id, nullif(pack_credits, 0))
  on conflict (id) do nothing;
  if not found then
    return false;
  end if;
  if pack_credits > 0 then
    perform public.purchase_credits(record_checkout_payment.user_id, pack_credits, record_checkout_payment.pack_id);
  end if;
  perform public.create_subscription(record_checkout_payment.user_id, record_checkout_payment.pack_id);
  return true;
end
$$;

-- Stock reservation (20261121211000): unknown product.
create or replace function public.reserve_inventory(agent_id uuid, sku text, quantity integer)
returns public.inventory_items
language plpgsql security definer set search_path = '' as $$
declare
  item public.inventory_items;
begin
  if reserve_inventory.quantity is null or reserve_inventory.quantity <= 0 then
    raise exception 'quantity must be a positive number' using errcode = '22023';
  end if;
  update public.inventory_items i set reserved = i.reserved + reserve_inventory.quantity
   where i.agent_id = reserve_inventory.agent_id and i.sku = reserve_inventory.sku
     and i.quantity - i.reserved >= reserve_inventory.quantity
  returning * into item;
  if not found then
    perform 1 from public.inventory_items i where i.agent_id = reserve_inventory.agent_id and i.sku = reserve_inventory.sku;
    if not found then
      raise exception 'Unknown product %', reserve_inventory.sku using errcode = 'PT404';
    end if;
    raise exception 'Not enough stock for %', reserve_inventory.sku using errcode = '23514';
  end if;
  return item;
end
$$;

-- Browser call start (20261124100000). Errors: PT404 'Agent not found', P0001 'no_credits'.
create or replace function public.voice_open_call(
  agent_id uuid,
  storage_path text default null,
  mime_type text default null,
  format text default null
) returns table (call_id uuid, conversation_id uuid, max_duration_seconds integer)
language plpgsql security definer set search_path = '' as $$
declare
  owner uuid;
  agent_name text;
  balance integer;
  cap integer;
  conversation uuid;
  opened uuid;
begin
  select a.user_id, a.name into owner, agent_name from public.agents a where a.id = voice_open_call.agent_id;
  if not found then
    raise exception 'Agent not found' using errcode = 'PT404';
  end if;
  select p.credits into balance from public.profiles p where p.id = owner;
  if coalesce(balance, 0) < 1 then
    raise exception 'no_credits' using errcode = 'P0001';
  end if;
  if voice_open_call.storage_path is not null
     and (voice_open_call.storage_path not like owner::text || '/' || voice_open_call.agent_id::text || '/%'
          or voice_open_call.storage_path like '%..%') then
    raise exception 'The recording must be in the owner''s folder for this agent' using errcode = '22023';
  end if;
  cap := least(balance::bigint * 60, 14400)::integer;
  insert into public.conversations (user_id, agent_id, channel)
  values (owner, voice_open_call.agent_id, 'web_voice')
  returning id into conversation;
  insert into public.voice_calls (user_id, agent_id, agent_name, conversation_id, status, recording_start_time,
                                  max_duration_seconds, storage_path, file_name, mime_type, format)
  values (owner, voice_open_call.agent_id, left(agent_name, 100), conversation, 'recording', now(), cap,
          voice_open_call.storage_path,
          case when voice_open_call.storage_path is not null
               then left(regexp_replace(voice_open_call.storage_path, '^.*/', ''), 255) end,
          case when voice_open_call.storage_path is not null then left(voice_open_call.mime_type, 100) end,
          case when voice_open_call.storage_path is not null then left(voice_open_call.format, 20) end)
  returning id into opened;
  return query select opened, conversation, cap;
end
$$;

revoke all on function public.activate_free_pack(), public.use_credits(integer, uuid, uuid),
  public.purchase_credits(uuid, integer, text), public.admin_grant_credits(uuid, integer, text),
  public.set_user_admin(uuid, boolean),
  public.create_subscription(uuid, text), public.cancel_subscription(uuid)
  from public, anon, authenticated;
grant execute on function public.activate_free_pack(), public.use_credits(integer, uuid, uuid),
  public.admin_grant_credits(uuid, integer, text), public.set_user_admin(uuid, boolean),
  public.create_subscription(uuid, text), public.cancel_subscription(uuid)
  to authenticated, service_role;
grant execute on function public.purchase_credits(uuid, integer, text) to service_role;

revoke all on function public.release_phone_number(uuid) from public, anon, authenticated;
grant execute on function public.release_phone_number(uuid) to authenticated, service_role;

revoke all on function public.record_checkout_payment(text, text, uuid, text) from public, anon, authenticated;
grant execute on function public.record_checkout_payment(text, text, uuid, text) to service_role;

revoke all on function public.reserve_inventory(uuid, text, integer) from public, anon, authenticated;
grant execute on function public.reserve_inventory(uuid, text, integer) to service_role;

revoke all on function public.voice_open_call(uuid, text, text, text) from public, anon, authenticated;
grant execute on function public.voice_open_call(uuid, text, text, text) to service_role;
