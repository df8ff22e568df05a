-- Accounts and money: profiles (1:1 with auth.users), packs, the credit ledger, subscriptions and
-- subscription usage, with the RPCs that are the only way credits, the admin flag and
-- subscriptions change. Written as a security document: each table
-- is created, its client grants revoked then granted minimally, RLS enabled, policies named as
-- sentences using (select auth.uid()), and every policy column indexed.

-- Helpers live in a schema PostgREST does not expose, so they cannot be called over /rest/v1.
create schema if not exists private;
revoke all on schema private from public;
-- Policies run as the requesting role, which needs USAGE to call the helpers they reference.
grant usage on schema private to anon, authenticated, service_role;

create or replace function private.set_updated_at() returns trigger
language plpgsql set search_path = '' as $$
begin
  new.updated_at := now();
  return new;
end
$$;

-- The request's role as PostgREST/GoTrue/Storage set it: definer functions run as their owner, so
-- current_user cannot tell a service-role call from a user call; the JWT claim can.
create or replace function private.request_role() returns text
language sql stable set search_path = '' as $$
  select coalesce(nullif(current_setting('request.jwt.claim.role', true), ''),
                  nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'role', '')
$$;

-- ---------------------------------------------------------------------------------------------
-- packs: the offers shown on the landing page and credits page.
-- ---------------------------------------------------------------------------------------------
create table public.packs (
  id text primary key check (id ~ '^[A-Za-z0-9_-]{1,64}$'),
  name text not null check (char_length(name) between 1 and 100),
  monthly_price numeric(10, 2) not null default 0 check (monthly_price >= 0),
  yearly_price numeric(10, 2) not null default 0 check (yearly_price >= 0),
  -- credits granted when the pack is bought (1 credit = 1 minute of voice calls)
  credits integer not null default 0 check (credits >= 0),
  max_agents integer not null default -1 check (max_agents >= -1),
  monthly_credits integer not null default 0 check (monthly_credits >= 0),
  minutes integer not null default 0 check (minutes >= 0),
  users integer not null default 1 check (users = -1 or users >= 1),
  support text not null default 'Email' check (support in ('Email', 'Priority', '24/7')),
  transcription boolean not null default false,
  ai_call_summary text not null default 'Basic' check (ai_call_summary in ('Basic', 'Advanced', 'Premium')),
  voice_cloning text not null default 'Basic' check (voice_cloning in ('Basic', 'Advanced', 'Premium')),
  crm_integrations text check (crm_integrations in ('None', 'Standard', 'Premium', 'Enterprise')),
  whatsapp_conversations integer not null default 0 check (whatsapp_conversations >= -1),
  active boolean not null default true,
  feature_list text[] not null default '{}',
  sort_order integer not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.packs is 'Credit packs and subscription plans; -1 means unlimited for max_agents, users and whatsapp_conversations.';
create trigger packs_set_updated_at before update on public.packs
  for each row execute function private.set_updated_at();

-- ---------------------------------------------------------------------------------------------
-- profiles. credits is a cache of sum(credit_ledger.amount) kept by the ledger
-- trigger in the same transaction; the check constraint makes overdraft impossible.
-- ---------------------------------------------------------------------------------------------
create table public.profiles (
  id uuid primary key references auth.users (id) on delete cascade,
  name text not null default '' check (char_length(name) <= 200),
  email text,
  avatar text check (char_length(avatar) <= 2048),
  credits integer not null default 0 check (credits >= 0),
  lang text not null default 'en' check (lang in ('en', 'fr')),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  last_login timestamptz,
  email_verified boolean not null default false,
  has_free_pack_activated boolean not null default false,
  is_admin boolean not null default false,
  agent_name text check (char_length(agent_name) <= 100),
  descriptif text check (char_length(descriptif) <= 2000)
);
comment on column public.profiles.credits is 'Balance in credits (1 credit = 1 minute). Equals sum(credit_ledger.amount); only the ledger changes it.';
create index profiles_last_login_idx on public.profiles (last_login desc nulls last);
create index profiles_is_admin_idx on public.profiles (id) where is_admin;

-- Needs profiles to exist (SQL function bodies are checked at creation).
create or replace function private.is_admin() returns boolean
language sql stable security definer set search_path = '' as $$
  select coalesce((select p.is_admin from public.profiles p where p.id = (select auth.uid())), false)
$$;
revoke all on function private.is_admin() from public;
grant execute on function private.is_admin() to anon, authenticated, service_role;

-- Defence in depth behind the column grants: a client role can never change money, role or
-- identity columns, whatever grants a later migration adds. Definer RPCs run as the owner.
create or replace function private.protect_profile_columns() returns trigger
language plpgsql set search_path = '' as $$
begin
  if current_user in ('anon', 'authenticated') and (
       new.id is distinct from old.id or new.email is distinct from old.email
    or new.credits is distinct from old.credits or new.is_admin is distinct from old.is_admin
    or new.has_free_pack_activated is distinct from old.has_free_pack_activated
    or new.email_verified is distinct from old.email_verified or new.created_at is distinct from old.created_at
    or new.last_login is distinct from old.last_login) then
    raise exception 'Only name, avatar, lang, agent_name and descriptif can be changed' using errcode = '42501';
  end if;
  new.updated_at := now();
  return new;
end
$$;
create trigger profiles_protect_columns before update on public.profiles
  for each row execute function private.protect_profile_columns();

-- ---------------------------------------------------------------------------------------------
-- credit_ledger: append-only; amount > 0 except usage.
-- ---------------------------------------------------------------------------------------------
create table public.credit_ledger (
  id bigint generated always as identity primary key,
  user_id uuid not null references public.profiles (id) on delete cascade,
  type text not null check (type in ('signup_bonus', 'free_activation', 'purchase', 'admin_grant', 'usage')),
  amount integer not null check (amount <> 0),
  pack_id text,
  call_id uuid,
  description text check (char_length(description) <= 500),
  created_at timestamptz not null default now(),
  constraint credit_ledger_sign_matches_type check ((type = 'usage') = (amount < 0))
);
comment on table public.credit_ledger is 'Every credit movement. profiles.credits = sum(amount). Rows are written only by security-definer RPCs and never updated.';
create index credit_ledger_user_id_created_at_idx on public.credit_ledger (user_id, created_at desc);
-- Backstop for activate_free_pack(): a second free_activation row cannot exist.
create unique index credit_ledger_one_free_activation_idx on public.credit_ledger (user_id) where type = 'free_activation';

create or replace function private.apply_ledger_entry() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  -- The update takes the profile row lock, so concurrent entries serialise; the check
  -- constraint (credits >= 0) rejects any entry that would overdraw.
  update public.profiles set credits = credits + new.amount where id = new.user_id;
  if new.type = 'usage' then
    insert into public.subscription_usage (user_id, credits_used) values (new.user_id, -new.amount)
    on conflict (user_id) do update
      set credits_used = public.subscription_usage.credits_used + excluded.credits_used, updated_at = now();
  end if;
  return new;
end
$$;

create or replace function private.forbid_ledger_update() returns trigger
language plpgsql set search_path = '' as $$
begin
  raise exception 'The credit ledger is append-only' using errcode = '42501';
end
$$;

-- ---------------------------------------------------------------------------------------------
-- subscriptions and subscription_usage (agents created and credits used per user)
-- ---------------------------------------------------------------------------------------------
create table public.subscriptions (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references public.profiles (id) on delete cascade,
  pack_id text not null references public.packs (id) on update cascade,
  status text not null default 'active' check (status in ('active', 'cancelled')),
  current_period_start timestamptz not null default now(),
  current_period_end timestamptz not null default (now() + interval '1 month'),
  cancel_at_period_end boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint subscriptions_period_order check (current_period_end > current_period_start)
);
create index subscriptions_user_id_idx on public.subscriptions (user_id, created_at desc);
create index subscriptions_pack_id_idx on public.subscriptions (pack_id);
create unique index subscriptions_one_active_per_user_idx on public.subscriptions (user_id) where status = 'active';
create trigger subscriptions_set_updated_at before update on public.subscriptions
  for each row execute function private.set_updated_at();

create table public.subscription_usage (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null unique references public.profiles (id) on delete cascade,
  agents_created integer not null default 0 check (agents_created >= 0),
  credits_used integer not null default 0 check (credits_used >= 0),
  updated_at timestamptz not null default now()
);

create trigger credit_ledger_apply after insert on public.credit_ledger
  for each row execute function private.apply_ledger_entry();
create trigger credit_ledger_append_only before update on public.credit_ledger
  for each row execute function private.forbid_ledger_update();

-- ---------------------------------------------------------------------------------------------
-- Profile lifecycle from auth.users: created with 30 credits (a signup_bonus ledger row), lang en,
-- not admin; email, email_verified and last_login follow the auth record.
-- ---------------------------------------------------------------------------------------------
create or replace function private.handle_new_user() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  insert into public.profiles (id, name, email, avatar, email_verified, last_login)
  values (
    new.id,
    left(coalesce(nullif(new.raw_user_meta_data ->> 'name', ''), nullif(new.raw_user_meta_data ->> 'full_name', ''),
                  split_part(coalesce(new.email, ''), '@', 1)), 200),
    new.email,
    nullif(coalesce(new.raw_user_meta_data ->> 'avatar_url', new.raw_user_meta_data ->> 'picture'), ''),
    new.email_confirmed_at is not null,
    new.last_sign_in_at
  );
  insert into public.subscription_usage (user_id) values (new.id);
  insert into public.credit_ledger (user_id, type, amount, description) values (new.id, 'signup_bonus', 30, 'Welcome credits');
  return new;
end
$$;

create or replace function private.sync_profile_from_auth() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  update public.profiles
     set email = new.email,
         email_verified = new.email_confirmed_at is not null,
         last_login = coalesce(new.last_sign_in_at, last_login)
   where id = new.id;
  return new;
end
$$;

create trigger on_auth_user_created after insert on auth.users
  for each row execute function private.handle_new_user();
create trigger on_auth_user_updated after update of email, email_confirmed_at, last_sign_in_at on auth.users
  for each row execute function private.sync_profile_from_auth();

-- ---------------------------------------------------------------------------------------------
-- Grants and policies
-- ---------------------------------------------------------------------------------------------
revoke all on table public.packs, public.profiles, public.credit_ledger, public.subscriptions, public.subscription_usage
  from public, anon, authenticated;
grant all on table public.packs, public.profiles, public.credit_ledger, public.subscriptions, public.subscription_usage
  to service_role;

alter table public.packs enable row level security;
alter table public.profiles enable row level security;
alter table public.credit_ledger enable row level security;
alter table public.subscriptions enable row level security;
alter table public.subscription_usage enable row level security;

-- packs: visitors see active offers (landing pricing); admins manage all of them.
grant select on table public.packs to anon, authenticated;
grant insert, update, delete on table public.packs to authenticated;
create policy "visitors can read active packs" on public.packs for select to anon
  using (active);
create policy "users can read active packs and admins all packs" on public.packs for select to authenticated
  using (active or (select private.is_admin()));
create policy "admins can create packs" on public.packs for insert to authenticated
  with check ((select private.is_admin()));
create policy "admins can update packs" on public.packs for update to authenticated
  using ((select private.is_admin())) with check ((select private.is_admin()));
create policy "admins can delete packs" on public.packs for delete to authenticated
  using ((select private.is_admin()));

-- profiles: a user reads and edits their own; admins read and edit everyone's editable fields.
grant select on table public.profiles to authenticated;
grant update (name, avatar, lang, agent_name, descriptif) on table public.profiles to authenticated;
-- Deleting a user goes through the auth admin API (a function running as the service role checks
-- that the caller is an admin): on hosted projects only supabase_auth_admin may delete from
-- auth.users. Everything the user owns cascades from auth.users -> profiles.
create policy "users can read their own profile and admins all profiles" on public.profiles for select to authenticated
  using (id = (select auth.uid()) or (select private.is_admin()));
create policy "users can update their own profile and admins any profile" on public.profiles for update to authenticated
  using (id = (select auth.uid()) or (select private.is_admin()))
  with check (id = (select auth.uid()) or (select private.is_admin()));

grant select on table public.credit_ledger to authenticated;
create policy "users can read their own credit transactions and admins all" on public.credit_ledger for select to authenticated
  using (user_id = (select auth.uid()) or (select private.is_admin()));

grant select on table public.subscriptions to authenticated;
create policy "users can read their own subscriptions and admins all" on public.subscriptions for select to authenticated
  using (user_id = (select auth.uid()) or (select private.is_admin()));

grant select on table public.subscription_usage to authenticated;
create policy "users can read their own usage and admins all" on public.subscription_usage for select to authenticated
  using (user_id = (select auth.uid()) or (select private.is_admin()));

-- ---------------------------------------------------------------------------------------------
-- RPCs: the only doors to credits, the admin flag and subscriptions.
-- ---------------------------------------------------------------------------------------------

-- Free pack: +30 once. The profile row lock serialises two concurrent activations; the second
-- sees has_free_pack_activated and fails. Returns the new balance.
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
    raise exception 'User not found' using errcode = 'P0002';
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

-- Usage: debits `amount` credits if the balance allows it, else returns false.
-- A user may only debit themselves; the service role (call metering) names the user.
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
  end if;
  -- Row lock first, then decide: concurrent debits queue here instead of reading a stale balance.
  select p.credits into balance from public.profiles p where p.id = target for update;
  if not found then
    raise exception 'User not found' using errcode = 'P0002';
  end if;
  if balance < use_credits.amount then
    return false;
  end if;
  insert into public.credit_ledger (user_id, type, amount, call_id)
  values (target, 'usage', -use_credits.amount, use_credits.call_id);
  return true;
end
$$;

-- Purchase: only the payment webhook (service role) calls this. Returns the new balance.
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
    raise exception 'User not found' using errcode = 'P0002';
  end if;
  insert into public.credit_ledger (user_id, type, amount, pack_id)
  values (purchase_credits.user_id, 'purchase', purchase_credits.amount, purchase_credits.pack_id);
  select p.credits into balance from public.profiles p where p.id = purchase_credits.user_id;
  return balance;
end
$$;

-- Admin grant: an admin adds credits to a user (support gesture). Returns the new balance.
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
    raise exception 'User not found' using errcode = 'P0002';
  end if;
  insert into public.credit_ledger (user_id, type, amount, description)
  values (admin_grant_credits.user_id, 'admin_grant', admin_grant_credits.amount, left(admin_grant_credits.description, 500));
  select p.credits into balance from public.profiles p where p.id = admin_grant_credits.user_id;
  return balance;
end
$$;

-- The admin flag changes only by an admin (or the service role, to bootstrap the first admin).
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
    raise exception 'User not found' using errcode = 'P0002';
  end if;
end
$$;

-- Subscription: active for one month from creation. Created by the payment service or an admin;
-- a previous active subscription of the user ends (cancelled) in the same transaction.
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
    raise exception 'User not found' using errcode = 'P0002';
  end if;
  perform 1 from public.packs k where k.id = create_subscription.pack_id;
  if not found then
    raise exception 'Pack not found' using errcode = 'P0002';
  end if;
  update public.subscriptions s set status = 'cancelled', cancel_at_period_end = false
   where s.user_id = create_subscription.user_id and s.status = 'active';
  insert into public.subscriptions (user_id, pack_id, status, current_period_start, current_period_end)
  values (create_subscription.user_id, create_subscription.pack_id, 'active', now(), now() + interval '1 month')
  returning * into created;
  return created;
end
$$;

-- Cancel: the owner cancels their active subscription; it stays usable until the period ends.
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
    raise exception 'No active subscription found' using errcode = 'P0002';
  end if;
  return cancelled;
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

revoke all on function private.set_updated_at(), private.request_role(), private.protect_profile_columns(),
  private.apply_ledger_entry(), private.forbid_ledger_update(), private.handle_new_user(),
  private.sync_profile_from_auth() from public;
grant execute on function private.request_role() to anon, authenticated, service_role;
