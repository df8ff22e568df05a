-- Audit rows for the admin writes that had none: packs (admin_save_packs and any
-- direct table write an admin's grants allow), the site SEO row (update_site_config and direct
-- writes), files of the site-assets bucket (the favicon), and numbers an admin hands to a user.
-- Triggers catch every write path; as for the catalogue, changes without a signed-in caller
-- (service role, migrations, seed) are system changes, not admin actions.

-- The one writer, with the actor named: Storage writes an uploaded object's row as its own
-- superuser after checking the uploader's policies (hosted and embedded alike), so there the actor
-- is the object's owner_id (the uploader's verified JWT subject), not auth.uid().
-- write_admin_audit (the caller as actor) now delegates here, so the insert exists once.
create or replace function private.write_admin_audit_as(actor uuid, action text, target_type text, target_id text,
  before jsonb, after jsonb) returns void
language plpgsql security definer set search_path = '' as $$
begin
  insert into public.admin_audit_log (actor_id, actor_email, action, target_type, target_id, before, after)
  values (write_admin_audit_as.actor, (select p.email from public.profiles p where p.id = write_admin_audit_as.actor),
          write_admin_audit_as.action, write_admin_audit_as.target_type, write_admin_audit_as.target_id,
          write_admin_audit_as.before, write_admin_audit_as.after);
end
$$;
revoke all on function private.write_admin_audit_as(uuid, text, text, text, jsonb, jsonb) from public;

create or replace function private.write_admin_audit(action text, target_type text, target_id text,
  before jsonb, after jsonb) returns void
language sql security definer set search_path = '' as $$
  select private.write_admin_audit_as((select auth.uid()), write_admin_audit.action, write_admin_audit.target_type,
    write_admin_audit.target_id, write_admin_audit.before, write_admin_audit.after)
$$;
revoke all on function private.write_admin_audit(text, text, text, jsonb, jsonb) from public;

-- One row change as an audit row: `kind.create|update|delete`, the row before and after
-- (updated_at left out). An update that changes nothing else (admin_save_packs rewrites every pack
-- of the list) is not an action.
create or replace function private.audit_admin_row_change() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  kind text := tg_argv[0];
  before_row jsonb := case when tg_op = 'INSERT' then null else to_jsonb(old) - 'updated_at' end;
  after_row jsonb := case when tg_op = 'DELETE' then null else to_jsonb(new) - 'updated_at' end;
begin
  if (select auth.uid()) is null or before_row is not distinct from after_row then
    return null;
  end if;
  perform private.write_admin_audit(
    kind || '.' || case tg_op when 'INSERT' then 'create' when 'UPDATE' then 'update' else 'delete' end,
    tg_table_name,
    coalesce(after_row ->> 'id', before_row ->> 'id'),
    before_row,
    after_row);
  return null;
end
$$;
revoke all on function private.audit_admin_row_change() from public;

create trigger packs_audit after insert or update or delete on public.packs
  for each row execute function private.audit_admin_row_change('pack');
create trigger site_config_audit after insert or update or delete on public.site_config
  for each row execute function private.audit_admin_row_change('site_config');

-- Numbers given to (or taken from) a user by an admin ("assign a number to a user").
-- An owner releasing their own number is their own business, not an admin action.
create or replace function private.audit_phone_number_owner_change() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if (select auth.uid()) is null or not private.is_admin()
     or (old.user_id is not distinct from (select auth.uid()) and new.user_id is null) then
    return null;
  end if;
  perform private.write_admin_audit('phone_number.set_owner', 'phone_number', new.id::text,
    jsonb_build_object('phone_number', old.phone_number, 'user_id', old.user_id),
    jsonb_build_object('phone_number', new.phone_number, 'user_id', new.user_id));
  return null;
end
$$;
revoke all on function private.audit_phone_number_owner_change() from public;
create trigger phone_numbers_owner_audit after update of user_id on public.phone_numbers
  for each row when (old.user_id is distinct from new.user_id)
  execute function private.audit_phone_number_owner_change();

-- Files of the site-assets bucket (only admins write it: see its storage policies). The object's
-- name, type and size are recorded, never its bytes.
create or replace function private.audit_site_asset_change() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  row_before jsonb := case when tg_op = 'INSERT' then null
    else jsonb_build_object('name', old.name, 'mimetype', old.metadata ->> 'mimetype', 'size', old.metadata -> 'size') end;
  row_after jsonb := case when tg_op = 'DELETE' then null
    else jsonb_build_object('name', new.name, 'mimetype', new.metadata ->> 'mimetype', 'size', new.metadata -> 'size') end;
  -- Deletes run as the caller; an upload's row is written by Storage for its verified uploader.
  actor uuid := coalesce((select auth.uid()),
    case when tg_op <> 'DELETE' and new.owner_id ~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
         then new.owner_id::uuid end);
begin
  if actor is null then
    return null;
  end if;
  perform private.write_admin_audit_as(actor,
    'site_asset.' || case tg_op when 'INSERT' then 'upload' when 'UPDATE' then 'replace' else 'delete' end,
    'site_asset',
    coalesce(row_after ->> 'name', row_before ->> 'name'),
    row_before,
    row_after);
  return null;
end
$$;
revoke all on function private.audit_site_asset_change() from public;

-- Only this bucket's rows fire it (knowledge uploads do not pay for it).
-- storage.objects belongs to the Storage service. The embedded stack (and a project whose
-- migration role may add triggers there) gets the trigger; a hosted project that refuses it says
-- so loudly at `db push` instead of failing the whole migration.
do $$
begin
  create trigger site_assets_audit_write after insert or update on storage.objects
    for each row when (new.bucket_id = 'site-assets') execute function private.audit_site_asset_change();
  create trigger site_assets_audit_delete after delete on storage.objects
    for each row when (old.bucket_id = 'site-assets') execute function private.audit_site_asset_change();
exception when insufficient_privilege then
  raise warning 'site-assets uploads are not audited: this role may not add triggers to storage.objects';
end
$$;
