-- Profile notification preferences (Settings tab): email alerts, feature
-- announcements and usage reports. The toggles are saved: Concierge keeps them
-- on the profile row so they follow the user across devices. They are user-editable like name,
-- avatar and lang: same column grant, same owner/admin update policy (unchanged), and the protect
-- trigger keeps refusing money, role and identity columns.
alter table public.profiles
  add column notify_email_alerts boolean not null default true,
  add column notify_feature_announcements boolean not null default true,
  add column notify_usage_reports boolean not null default false;

comment on column public.profiles.notify_email_alerts is 'Settings tab: email alerts (on by default).';
comment on column public.profiles.notify_feature_announcements is 'Settings tab: feature announcements (on by default).';
comment on column public.profiles.notify_usage_reports is 'Settings tab: usage reports (off by default).';

-- Column-level grant: the authenticated role may update exactly the editable columns.
grant update (notify_email_alerts, notify_feature_announcements, notify_usage_reports) on table public.profiles to authenticated;

-- Same protected set as before; only the message names the new editable columns.
create or replace function private.protect_profile_columns() returns trigger
language plpgsql set search_path = '' as $$
begin
  if current_user in ('anon', 'authenticated') and (
       new.id is distinct from old.id or new.email is distinct from old.email
    or new.credits is distinct from old.credits or new.is_admin is distinct from old.is_admin
    or new.has_free_pack_activated is distinct from old.has_free_pack_activated
    or new.email_verified is distinct from old.email_verified or new.created_at is distinct from old.created_at
    or new.last_login is distinct from old.last_login) then
    raise exception 'Only name, avatar, lang, agent_name, descriptif and the notification settings can be changed'
      using errcode = '42501';
  end if;
  new.updated_at := now();
  return new;
end
$$;
revoke all on function private.protect_profile_columns() from public;
