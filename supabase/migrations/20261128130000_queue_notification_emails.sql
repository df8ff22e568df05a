-- Email alerts become real ("the profile's notification toggles become real"). The
-- Settings tab's "Email alerts" (profiles.notify_email_alerts, saved since 20261121210000) now
-- means: the notification events that matter when the owner is away (a failed, busy or unanswered
-- call; low credit) are also emailed to the owner. The feed's triggers already write those rows;
-- a trigger on the feed queues one email per row while the toggle is on, and the scheduled
-- notification-emails function sends the queue (through the local inbox locally, the configured
-- email provider when hosted). Only the service role reads or changes the queue.

create table public.notification_emails (
  id uuid primary key default gen_random_uuid(),
  notification_id uuid not null unique references public.notifications (id) on delete cascade,
  user_id uuid not null references public.profiles (id) on delete cascade,
  status text not null default 'queued' check (status in ('queued', 'sent', 'failed', 'cancelled')),
  attempts integer not null default 0 check (attempts >= 0),
  next_attempt_at timestamptz not null default now(),
  -- A sender's claim: another run leaves the row alone until then.
  claimed_until timestamptz,
  last_error text check (char_length(last_error) <= 500),
  created_at timestamptz not null default now(),
  sent_at timestamptz
);
comment on table public.notification_emails is 'Email alerts waiting to be sent (or sent): one per failed-call or low-credit notification of an owner with email alerts on. Written by a trigger, sent by the notification-emails function; service role only.';
create index notification_emails_due_idx on public.notification_emails (next_attempt_at) where status = 'queued';
create index notification_emails_user_id_idx on public.notification_emails (user_id);

alter table public.notification_emails enable row level security;
revoke all on table public.notification_emails from public, anon, authenticated;
grant all on table public.notification_emails to service_role;
-- No client reads or writes the queue, whatever grants say later.
create policy "no client touches notification emails" on public.notification_emails
  as restrictive for all to anon, authenticated using (false) with check (false);

-- One email per notification that warrants one, decided when the notification is written.
create or replace function private.queue_notification_email() returns trigger
  language plpgsql security definer set search_path = '' as $$
begin
  if new.kind in ('failed_call', 'low_credit') and exists (
       select 1 from public.profiles p
       where p.id = new.user_id and p.notify_email_alerts and coalesce(p.email, '') <> '') then
    insert into public.notification_emails (notification_id, user_id)
    values (new.id, new.user_id)
    on conflict (notification_id) do nothing;
  end if;
  return new;
end
$$;
revoke all on function private.queue_notification_email() from public;
create trigger notifications_queue_email after insert on public.notifications
  for each row execute function private.queue_notification_email();

-- The sender's claim: due emails (oldest first), leased for `lease_seconds`, with what the email
-- says. Emails of owners who turned alerts off since are cancelled instead of sent.
create or replace function public.claim_notification_emails(max_emails integer default 20, lease_seconds integer default 300)
returns table (id uuid, recipient text, lang text, kind text, route text, data jsonb, attempts integer)
language sql security definer set search_path = '' as $$
  update public.notification_emails e
  set status = 'cancelled', claimed_until = null
  from public.profiles p
  where p.id = e.user_id and e.status = 'queued' and not p.notify_email_alerts;

  with due as (
    select e.id
    from public.notification_emails e
    where e.status = 'queued' and e.next_attempt_at <= now() and (e.claimed_until is null or e.claimed_until < now())
    order by e.next_attempt_at
    limit greatest(1, least(max_emails, 100))
    for update skip locked
  )
  update public.notification_emails e
  set claimed_until = now() + make_interval(secs => greatest(lease_seconds, 30)), attempts = e.attempts + 1
  from due, public.notifications n, public.profiles p
  where e.id = due.id and n.id = e.notification_id and p.id = e.user_id
  returning e.id, p.email, p.lang, n.kind, n.route, n.data, e.attempts;
$$;
revoke all on function public.claim_notification_emails(integer, integer) from public, anon, authenticated;
grant execute on function public.claim_notification_emails(integer, integer) to service_role;

-- The sender's outcome: sent, retried after `retry_in_seconds`, or failed for good (no retry).
create or replace function public.record_notification_email(
  email_id uuid, sent boolean, error text default null, retry_in_seconds integer default null)
returns void
language sql security definer set search_path = '' as $$
  update public.notification_emails
  set status = case when sent then 'sent' when retry_in_seconds is null then 'failed' else 'queued' end,
      sent_at = case when sent then now() end,
      last_error = case when sent then null else left(error, 500) end,
      next_attempt_at = case
        when not sent and retry_in_seconds is not null then now() + make_interval(secs => retry_in_seconds)
        else next_attempt_at end,
      claimed_until = null
  where id = email_id;
$$;
revoke all on function public.record_notification_email(uuid, boolean, text, integer) from public, anon, authenticated;
grant execute on function public.record_notification_email(uuid, boolean, text, integer) to service_role;
