-- Notifications: new conversations, failed calls and low credit, written only by the
-- triggers below (security definer, in the non-exposed schema `private`); owners read theirs and
-- mark them read. The desktop app raises a native notification for a new row when the owner's
-- toggle for its kind is on (profiles.notify_desktop_*, saved from Profile › Settings).

alter table public.profiles
  add column notify_desktop_conversations boolean not null default true,
  add column notify_desktop_failed_calls boolean not null default true,
  add column notify_desktop_low_credit boolean not null default true;
comment on column public.profiles.notify_desktop_conversations is 'Settings tab: desktop notification for each new conversation (on by default).';
comment on column public.profiles.notify_desktop_failed_calls is 'Settings tab: desktop notification for failed, busy and unanswered calls (on by default).';
comment on column public.profiles.notify_desktop_low_credit is 'Settings tab: desktop notification when the balance falls under the low-credit threshold (on by default).';
grant update (notify_desktop_conversations, notify_desktop_failed_calls, notify_desktop_low_credit)
  on table public.profiles to authenticated;

create table public.notifications (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references public.profiles (id) on delete cascade,
  kind text not null check (kind in ('new_conversation', 'failed_call', 'low_credit')),
  -- The console route a click opens: an in-app path, never a URL nor `//host` (NOTIFICATION_ROUTE_PATTERN).
  route text not null check (char_length(route) <= 200 and route ~ '^/([A-Za-z0-9_?=&.-][A-Za-z0-9/_?=&.-]*)?$'),
  -- Facts the feed words the notification with (agent name, channel, call status, balance).
  data jsonb not null default '{}' check (jsonb_typeof(data) = 'object' and pg_column_size(data) <= 2048),
  -- The conversation or call it is about: one notification per source and kind.
  source_id uuid,
  created_at timestamptz not null default now(),
  read_at timestamptz,
  unique (kind, source_id)
);
comment on table public.notifications is 'The owner''s notification feed. Written only by triggers (private.notify_*); owners read and mark read their own rows.';
create index notifications_user_id_created_at_idx on public.notifications (user_id, created_at desc);
create index notifications_user_id_unread_idx on public.notifications (user_id) where read_at is null;

alter table public.notifications enable row level security;
revoke all on table public.notifications from public, anon, authenticated;
grant select on table public.notifications to authenticated;
grant update (read_at) on table public.notifications to authenticated;
grant all on table public.notifications to service_role;

create policy "owners read their own notifications" on public.notifications
  for select to authenticated using (user_id = (select auth.uid()));
create policy "owners mark their own notifications read" on public.notifications
  for update to authenticated using (user_id = (select auth.uid())) with check (user_id = (select auth.uid()));
-- Only the triggers write rows: no client role creates or deletes one, whatever grants say later.
create policy "no client creates notifications" on public.notifications
  as restrictive for insert to anon, authenticated with check (false);
create policy "no client deletes notifications" on public.notifications
  as restrictive for delete to anon, authenticated using (false);
create policy "visitors read no notifications" on public.notifications
  as restrictive for select to anon using (false);

-- The threshold, stated once more for SQL; equals LOW_CREDIT_THRESHOLD in
-- supabase/functions/_shared/contracts/notifications.ts (a test proves it).
create or replace function private.low_credit_threshold() returns integer
  language sql immutable set search_path = '' as $$ select 10 $$;
revoke all on function private.low_credit_threshold() from public;

create or replace function private.agent_name(agent uuid) returns text
  language sql stable security definer set search_path = '' as $$
  select a.name from public.agents a where a.id = agent
$$;
revoke all on function private.agent_name(uuid) from public;

-- A conversation someone started with an agent (the owner's own sandbox tests are not news).
create or replace function private.notify_new_conversation() returns trigger
  language plpgsql security definer set search_path = '' as $$
begin
  if new.channel = 'sandbox' then
    return new;
  end if;
  insert into public.notifications (user_id, kind, route, data, source_id)
  values (
    new.user_id, 'new_conversation', '/conversations/' || new.id,
    jsonb_strip_nulls(jsonb_build_object('channel', new.channel, 'agentName', private.agent_name(new.agent_id))),
    new.id)
  on conflict (kind, source_id) do nothing;
  return new;
end
$$;
revoke all on function private.notify_new_conversation() from public;
create trigger conversations_notify_new after insert on public.conversations
  for each row execute function private.notify_new_conversation();

-- A phone call that failed, was busy or went unanswered (once, when it reaches that status).
create or replace function private.notify_failed_phone_call() returns trigger
  language plpgsql security definer set search_path = '' as $$
begin
  if new.status not in ('failed', 'busy', 'no-answer')
     or (tg_op = 'UPDATE' and old.status is not distinct from new.status) then
    return new;
  end if;
  insert into public.notifications (user_id, kind, route, data, source_id)
  values (
    new.user_id, 'failed_call',
    case when new.assigned_agent is null then '/calls' else '/agents/' || new.assigned_agent || '/calls' end,
    jsonb_strip_nulls(jsonb_build_object('channel', 'phone', 'status', new.status, 'from', new.from_number,
      'agentName', private.agent_name(new.assigned_agent))),
    new.id)
  on conflict (kind, source_id) do nothing;
  return new;
end
$$;
revoke all on function private.notify_failed_phone_call() from public;
create trigger calls_notify_failed after insert or update of status on public.calls
  for each row execute function private.notify_failed_phone_call();

-- A browser voice call that failed.
create or replace function private.notify_failed_voice_call() returns trigger
  language plpgsql security definer set search_path = '' as $$
begin
  if new.status <> 'failed' or (tg_op = 'UPDATE' and old.status is not distinct from new.status) then
    return new;
  end if;
  insert into public.notifications (user_id, kind, route, data, source_id)
  values (
    new.user_id, 'failed_call',
    case when new.agent_id is null then '/calls' else '/agents/' || new.agent_id || '/calls' end,
    jsonb_strip_nulls(jsonb_build_object('channel', 'web_voice', 'status', new.status,
      'agentName', private.agent_name(new.agent_id))),
    new.id)
  on conflict (kind, source_id) do nothing;
  return new;
end
$$;
revoke all on function private.notify_failed_voice_call() from public;
create trigger voice_calls_notify_failed after insert or update of status on public.voice_calls
  for each row execute function private.notify_failed_voice_call();

-- Low credit, once per crossing: only the change that takes the balance from at or above the
-- threshold to under it notifies; further charges under it do not, a top-up re-arms it.
create or replace function private.notify_low_credit() returns trigger
  language plpgsql security definer set search_path = '' as $$
declare
  threshold constant integer := private.low_credit_threshold();
begin
  if old.credits >= threshold and new.credits < threshold then
    insert into public.notifications (user_id, kind, route, data)
    values (new.id, 'low_credit', '/credits', jsonb_build_object('balance', new.credits));
  end if;
  return new;
end
$$;
revoke all on function private.notify_low_credit() from public;
create trigger profiles_notify_low_credit after update of credits on public.profiles
  for each row execute function private.notify_low_credit();

-- Live feed: owners subscribe to their rows (Realtime applies RLS).
alter publication supabase_realtime add table public.notifications;
