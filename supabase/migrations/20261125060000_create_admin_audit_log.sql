-- Administration, enforced by Postgres: an append-only audit log of admin actions
-- (who, what, when, before/after) written by the admin RPCs and triggers themselves, never by a
-- client. Admins read it; nobody (service role included) updates or deletes a row.

create table public.admin_audit_log (
  id bigint generated always as identity primary key,
  -- No foreign key: the record outlives the admin who acted and the user acted upon.
  actor_id uuid,
  actor_email text,
  action text not null check (action ~ '^[a-z_]+\.[a-z_]+$'),
  target_type text not null check (char_length(target_type) between 1 and 50),
  target_id text check (char_length(target_id) <= 200),
  before jsonb,
  after jsonb,
  created_at timestamptz not null default now()
);
comment on table public.admin_audit_log is 'Admin actions. Written only by security-definer RPCs and triggers; never updated or deleted.';
create index admin_audit_log_created_at_idx on public.admin_audit_log (created_at desc);
create index admin_audit_log_target_idx on public.admin_audit_log (target_type, target_id, created_at desc);
create index admin_audit_log_actor_id_idx on public.admin_audit_log (actor_id, created_at desc);

create or replace function private.forbid_audit_change() returns trigger
language plpgsql set search_path = '' as $$
begin
  raise exception 'The admin audit log is append-only' using errcode = '42501';
end
$$;
create trigger admin_audit_log_append_only before update or delete on public.admin_audit_log
  for each row execute function private.forbid_audit_change();
create trigger admin_audit_log_no_truncate before truncate on public.admin_audit_log
  for each statement execute function private.forbid_audit_change();

revoke all on table public.admin_audit_log from public, anon, authenticated, service_role;
grant select on table public.admin_audit_log to authenticated, service_role;
alter table public.admin_audit_log enable row level security;
create policy "admins can read the audit log" on public.admin_audit_log for select to authenticated
  using ((select private.is_admin()));

-- The one writer. The actor is the caller's JWT subject (null for the service role / migrations).
create or replace function private.write_admin_audit(action text, target_type text, target_id text,
  before jsonb, after jsonb) returns void
language plpgsql security definer set search_path = '' as $$
declare
  actor uuid := (select auth.uid());
begin
  insert into public.admin_audit_log (actor_id, actor_email, action, target_type, target_id, before, after)
  values (actor, (select p.email from public.profiles p where p.id = actor), write_admin_audit.action,
          write_admin_audit.target_type, write_admin_audit.target_id, write_admin_audit.before, write_admin_audit.after);
end
$$;
revoke all on function private.write_admin_audit(text, text, text, jsonb, jsonb) from public;

-- An admin-only gate for the RPCs below: one message, one code (42501 -> 403 over PostgREST).
create or replace function private.require_admin() returns void
language plpgsql stable security definer set search_path = '' as $$
begin
  if not private.is_admin() then
    raise exception 'Only an admin can do this' using errcode = '42501';
  end if;
end
$$;
revoke all on function private.require_admin() from public;

-- ---------------------------------------------------------------------------------------------
-- Audit triggers: whatever path an admin takes (RPC or a table write their policy allows), the
-- change is recorded. Changes made without a signed-in caller (service role, migrations, seed)
-- are system changes and are not admin actions.
-- ---------------------------------------------------------------------------------------------
create or replace function private.audit_catalogue_change() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  kind text := case tg_table_name when 'tool_catalogue' then 'tool' else 'settings' end;
begin
  if (select auth.uid()) is null then
    return null;
  end if;
  perform private.write_admin_audit(
    kind || '.' || case tg_op when 'INSERT' then 'create' when 'UPDATE' then 'update' else 'delete' end,
    tg_table_name,
    coalesce(new.id, old.id)::text,
    case when tg_op = 'INSERT' then null else to_jsonb(old) - 'updated_at' end,
    case when tg_op = 'DELETE' then null else to_jsonb(new) - 'updated_at' end);
  return null;
end
$$;
create trigger tool_catalogue_audit after insert or update or delete on public.tool_catalogue
  for each row execute function private.audit_catalogue_change();
create trigger platform_settings_audit after update on public.platform_settings
  for each row execute function private.audit_catalogue_change();

-- Someone else's profile changed by a signed-in caller (only an admin can): name, role, language.
create or replace function private.audit_profile_change() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  fields text[] := array['name', 'avatar', 'lang', 'is_admin', 'agent_name', 'descriptif'];
  before_row jsonb := jsonb_strip_nulls(to_jsonb(old));
  after_row jsonb := jsonb_strip_nulls(to_jsonb(new));
  before_fields jsonb := '{}';
  after_fields jsonb := '{}';
  field text;
begin
  if (select auth.uid()) is null or (select auth.uid()) = new.id then
    return null;
  end if;
  foreach field in array fields loop
    if before_row -> field is distinct from after_row -> field then
      before_fields := before_fields || jsonb_build_object(field, to_jsonb(old) -> field);
      after_fields := after_fields || jsonb_build_object(field, to_jsonb(new) -> field);
    end if;
  end loop;
  if before_fields <> '{}' then
    perform private.write_admin_audit(
      case when before_fields ? 'is_admin' then 'user.set_role' else 'user.update' end,
      'user', new.id::text, before_fields, after_fields);
  end if;
  return null;
end
$$;
create trigger profiles_audit after update of name, avatar, lang, is_admin, agent_name, descriptif on public.profiles
  for each row execute function private.audit_profile_change();

-- ---------------------------------------------------------------------------------------------
-- Credits an admin adds or removes: always a ledger entry with a reason, never an overwrite.
-- ---------------------------------------------------------------------------------------------
alter table public.credit_ledger drop constraint credit_ledger_type_check;
alter table public.credit_ledger add constraint credit_ledger_type_check
  check (type in ('signup_bonus', 'free_activation', 'purchase', 'admin_grant', 'admin_debit', 'usage'));
alter table public.credit_ledger drop constraint credit_ledger_sign_matches_type;
alter table public.credit_ledger add constraint credit_ledger_sign_matches_type
  check ((type in ('usage', 'admin_debit')) = (amount < 0));

create or replace function private.audit_credit_adjustment() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  balance integer;
begin
  if new.type not in ('admin_grant', 'admin_debit') then
    return null;
  end if;
  -- Runs after credit_ledger_apply (triggers fire in name order): the balance already moved.
  select p.credits into balance from public.profiles p where p.id = new.user_id;
  perform private.write_admin_audit('credits.adjust', 'user', new.user_id::text,
    jsonb_build_object('credits', balance - new.amount),
    jsonb_build_object('credits', balance, 'amount', new.amount, 'reason', new.description, 'ledger_id', new.id));
  return null;
end
$$;
create trigger credit_ledger_audit after insert on public.credit_ledger
  for each row execute function private.audit_credit_adjustment();

create or replace function public.admin_adjust_credits(user_id uuid, amount integer, reason text)
returns integer
language plpgsql security definer set search_path = '' as $$
declare
  balance integer;
  why text := btrim(coalesce(admin_adjust_credits.reason, ''));
begin
  perform private.require_admin();
  if admin_adjust_credits.amount is null or admin_adjust_credits.amount = 0 then
    raise exception 'amount must be a non-zero number of credits' using errcode = '22023';
  end if;
  if why = '' then
    raise exception 'A reason is required' using errcode = '22023';
  end if;
  select p.credits into balance from public.profiles p where p.id = admin_adjust_credits.user_id for update;
  if not found then
    raise exception 'User not found' using errcode = 'PT404';
  end if;
  if balance + admin_adjust_credits.amount < 0 then
    raise exception 'The balance cannot go below 0 (it is %)', balance using errcode = '22023';
  end if;
  insert into public.credit_ledger (user_id, type, amount, description)
  values (admin_adjust_credits.user_id,
          case when admin_adjust_credits.amount > 0 then 'admin_grant' else 'admin_debit' end,
          admin_adjust_credits.amount, left(why, 500));
  return balance + admin_adjust_credits.amount;
end
$$;

-- ---------------------------------------------------------------------------------------------
-- Users: searched on the server, paged by last login (never-logged-in last).
-- ---------------------------------------------------------------------------------------------
create index profiles_email_lower_idx on public.profiles (lower(email));

create or replace function public.admin_list_users(search text default null, page_offset integer default 0,
  page_size integer default 10)
returns table (id uuid, name text, email text, avatar text, is_admin boolean, credits integer, lang text,
  created_at timestamptz, updated_at timestamptz, last_login timestamptz, total_count bigint)
language plpgsql stable security definer set search_path = '' as $$
declare
  pattern text := '%' || replace(replace(replace(lower(btrim(coalesce(admin_list_users.search, ''))), '\', '\\'), '%', '\%'), '_', '\_') || '%';
begin
  perform private.require_admin();
  if admin_list_users.page_size is null or admin_list_users.page_size not between 1 and 100
     or admin_list_users.page_offset is null or admin_list_users.page_offset < 0 then
    raise exception 'page_size must be 1..100 and page_offset >= 0' using errcode = '22023';
  end if;
  return query
    select p.id, p.name, p.email, p.avatar, p.is_admin, p.credits, p.lang, p.created_at, p.updated_at, p.last_login,
           count(*) over ()
      from public.profiles p
     where lower(p.name) like pattern or lower(coalesce(p.email, '')) like pattern
     order by p.last_login desc nulls last, p.created_at desc, p.id
     offset admin_list_users.page_offset limit admin_list_users.page_size;
end
$$;

-- Edit: name and role together (the credit change is admin_adjust_credits). An admin cannot take
-- their own admin role away, so the platform always keeps the admin who is acting.
create or replace function public.admin_update_user(user_id uuid, name text, is_admin boolean) returns void
language plpgsql security definer set search_path = '' as $$
begin
  perform private.require_admin();
  if admin_update_user.name is null or char_length(btrim(admin_update_user.name)) not between 1 and 200 then
    raise exception 'Name must be 1 to 200 characters' using errcode = '22023';
  end if;
  if admin_update_user.is_admin is null then
    raise exception 'is_admin is required' using errcode = '22023';
  end if;
  if admin_update_user.user_id = (select auth.uid()) and not admin_update_user.is_admin then
    raise exception 'You cannot remove your own admin role' using errcode = '22023';
  end if;
  update public.profiles p
     set name = btrim(admin_update_user.name), is_admin = admin_update_user.is_admin
   where p.id = admin_update_user.user_id;
  if not found then
    raise exception 'User not found' using errcode = 'PT404';
  end if;
end
$$;

-- Delete: the auth user and, by cascade, everything they own; their numbers go back to the pool
-- first (assignments removed, owner cleared), which is what releasing a number means here.
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
  delete from public.phone_number_assignments a where a.user_id = target;
  update public.phone_numbers n set user_id = null where n.user_id = target;
  perform private.write_admin_audit('user.delete', 'user', target::text,
    coalesce(snapshot, '{}') || jsonb_build_object('agents',
      (select count(*) from public.agents a where a.user_id = target)),
    jsonb_build_object('reason', why, 'released_numbers', released));
  -- Sessions, identities and refresh tokens cascade from auth.users; profiles and all owned rows
  -- cascade from profiles.
  delete from auth.users u where u.id = target;
  return released;
end
$$;
revoke all on function private.delete_user_as_admin(uuid, text) from public;

create or replace function public.admin_delete_user(user_id uuid) returns jsonb
language plpgsql security definer set search_path = '' as $$
begin
  perform private.require_admin();
  if admin_delete_user.user_id = (select auth.uid()) then
    raise exception 'You cannot delete your own account here' using errcode = '22023';
  end if;
  return jsonb_build_object('released_numbers', private.delete_user_as_admin(admin_delete_user.user_id, 'admin'));
end
$$;

-- Recovery: auth users without a profile get one, like sign-up would have made
-- it: 30 credits (a ledger entry), lang en, not admin. The console asks in batches of 5.
create or replace function public.admin_missing_profiles() returns table (id uuid, email text)
language plpgsql stable security definer set search_path = '' as $$
begin
  perform private.require_admin();
  return query
    select u.id, u.email::text from auth.users u
     where not exists (select 1 from public.profiles p where p.id = u.id) and u.deleted_at is null
     order by u.created_at, u.id;
end
$$;

create or replace function public.admin_recover_profile(user_id uuid) returns boolean
language plpgsql security definer set search_path = '' as $$
declare
  account auth.users;
begin
  perform private.require_admin();
  select * into account from auth.users u where u.id = admin_recover_profile.user_id and u.deleted_at is null;
  if not found then
    raise exception 'User not found' using errcode = 'PT404';
  end if;
  insert into public.profiles (id, name, email, avatar, lang, is_admin, email_verified, last_login)
  values (account.id,
    left(coalesce(nullif(account.raw_user_meta_data ->> 'name', ''), nullif(account.raw_user_meta_data ->> 'full_name', ''),
                  split_part(coalesce(account.email, ''), '@', 1)), 200),
    account.email, nullif(coalesce(account.raw_user_meta_data ->> 'avatar_url', account.raw_user_meta_data ->> 'picture'), ''),
    'en', false, account.email_confirmed_at is not null, account.last_sign_in_at)
  on conflict (id) do nothing;
  if not found then
    return false;
  end if;
  insert into public.subscription_usage (user_id) values (account.id)
    on conflict on constraint subscription_usage_user_id_key do nothing;
  insert into public.credit_ledger (user_id, type, amount, description) values (account.id, 'signup_bonus', 30, 'Recovered profile');
  perform private.write_admin_audit('user.recover', 'user', account.id::text, null,
    jsonb_build_object('email', account.email, 'credits', 30, 'lang', 'en', 'is_admin', false));
  return true;
end
$$;

-- Duplicate cleanup: per lower-cased email keep the one that has logged in, then
-- the most recently updated (differences over 1 second count), then the one with most credits;
-- delete the others (as admin_delete_user does). Returns the number deleted.
create or replace function public.admin_cleanup_duplicate_users() returns integer
language plpgsql security definer set search_path = '' as $$
declare
  group_email text;
  keeper public.profiles;
  candidate public.profiles;
  deleted integer := 0;
begin
  perform private.require_admin();
  for group_email in
    select lower(p.email) from public.profiles p where p.email is not null
     group by lower(p.email) having count(*) > 1
  loop
    keeper := null;
    for candidate in
      select * from public.profiles p where lower(p.email) = group_email order by p.created_at, p.id
    loop
      if keeper.id is null
         or (candidate.last_login is not null and keeper.last_login is null)
         or ((candidate.last_login is not null) = (keeper.last_login is not null)
             and (candidate.updated_at > keeper.updated_at + interval '1 second'
                  or (abs(extract(epoch from candidate.updated_at - keeper.updated_at)) <= 1
                      and candidate.credits > keeper.credits))) then
        keeper := candidate;
      end if;
    end loop;
    for candidate in
      select * from public.profiles p where lower(p.email) = group_email and p.id <> keeper.id
    loop
      if candidate.id = (select auth.uid()) then
        continue;
      end if;
      perform private.delete_user_as_admin(candidate.id, 'duplicate of ' || keeper.id::text);
      deleted := deleted + 1;
    end loop;
  end loop;
  return deleted;
end
$$;

-- ---------------------------------------------------------------------------------------------
-- Tools catalogue, saved as a whole (edits apply on Save Changes): rows missing
-- from the list are deleted, the others inserted or updated, in one transaction. The table's
-- constraints validate each tool; the audit trigger records each change.
-- ---------------------------------------------------------------------------------------------
create or replace function public.admin_save_tool_catalogue(tools jsonb) returns integer
language plpgsql security definer set search_path = '' as $$
declare
  item jsonb;
  position integer := 0;
begin
  perform private.require_admin();
  if jsonb_typeof(admin_save_tool_catalogue.tools) <> 'array' or jsonb_array_length(admin_save_tool_catalogue.tools) > 200 then
    raise exception 'tools must be an array of at most 200 tools' using errcode = '22023';
  end if;
  if (select count(distinct t ->> 'id') from jsonb_array_elements(admin_save_tool_catalogue.tools) t)
     <> jsonb_array_length(admin_save_tool_catalogue.tools) then
    raise exception 'Tool ids must be unique' using errcode = '22023';
  end if;
  delete from public.tool_catalogue c
   where c.id not in (select t ->> 'id' from jsonb_array_elements(admin_save_tool_catalogue.tools) t);
  for item in select * from jsonb_array_elements(admin_save_tool_catalogue.tools) loop
    position := position + 1;
    if jsonb_typeof(item -> 'enabled') is distinct from 'boolean' then
      raise exception 'enabled must be true or false' using errcode = '22023';
    end if;
    insert into public.tool_catalogue as c (id, name, description, icon, enabled, function_definition, default_config, sort_order)
    values (item ->> 'id', item ->> 'name', coalesce(item ->> 'description', ''), coalesce(item ->> 'icon', 'default'),
            (item ->> 'enabled')::boolean, item -> 'function_definition', coalesce(item -> 'default_config', '{}'), position)
    on conflict (id) do update
      set name = excluded.name, description = excluded.description, icon = excluded.icon, enabled = excluded.enabled,
          function_definition = excluded.function_definition, default_config = excluded.default_config,
          sort_order = excluded.sort_order
      where (c.name, c.description, c.icon, c.enabled, c.function_definition, c.default_config, c.sort_order)
            is distinct from (excluded.name, excluded.description, excluded.icon, excluded.enabled,
                              excluded.function_definition, excluded.default_config, excluded.sort_order);
  end loop;
  return position;
end
$$;

-- Default config values are text (key to text value).
create or replace function private.jsonb_values_are_text(document jsonb) returns boolean
language sql immutable set search_path = '' as $$
  select not exists (select 1 from jsonb_each(document) e where jsonb_typeof(e.value) <> 'string')
$$;
revoke all on function private.jsonb_values_are_text(jsonb) from public;
-- Check constraints run with the writing role's privileges (an admin writing through PostgREST).
grant execute on function private.jsonb_values_are_text(jsonb) to authenticated, service_role;
alter table public.tool_catalogue add constraint tool_catalogue_default_config_text
  check (private.jsonb_values_are_text(default_config));

-- Model settings: the call models default to the realtime model the voice path runs (the GA
-- successor of the gpt-4o realtime preview, the earlier default); rows still on the old default follow.
alter table public.platform_settings alter column internal_call_model set default 'gpt-realtime';
alter table public.platform_settings alter column gsm_call_model set default 'gpt-realtime';
update public.platform_settings set internal_call_model = 'gpt-realtime' where internal_call_model = 'gpt-4o-realtime-preview';
update public.platform_settings set gsm_call_model = 'gpt-realtime' where gsm_call_model = 'gpt-4o-realtime-preview';

-- ---------------------------------------------------------------------------------------------
-- Grants: every admin RPC is executable by signed-in users only and decides with is_admin().
-- ---------------------------------------------------------------------------------------------
revoke all on function public.admin_adjust_credits(uuid, integer, text), public.admin_list_users(text, integer, integer),
  public.admin_update_user(uuid, text, boolean), public.admin_delete_user(uuid), public.admin_missing_profiles(),
  public.admin_recover_profile(uuid), public.admin_cleanup_duplicate_users(), public.admin_save_tool_catalogue(jsonb)
  from public, anon;
grant execute on function public.admin_adjust_credits(uuid, integer, text), public.admin_list_users(text, integer, integer),
  public.admin_update_user(uuid, text, boolean), public.admin_delete_user(uuid), public.admin_missing_profiles(),
  public.admin_recover_profile(uuid), public.admin_cleanup_duplicate_users(), public.admin_save_tool_catalogue(jsonb)
  to authenticated;
revoke all on function private.forbid_audit_change(), private.audit_catalogue_change(), private.audit_profile_change(),
  private.audit_credit_adjustment() from public;
