-- The two other Settings-tab email toggles become real, on the same queue and sender
-- as email alerts (20261128130000): one `notification_emails` queue, one scheduled
-- notification-emails function.
-- * Usage reports (profiles.notify_usage_reports): once a month, the first sweep after a month
--   ends queues one email per opted-in owner summarising that calendar month (UTC): conversations
--   by channel, calls and minutes, messages (the insights rollups, all agents together) and
--   credits used (the ledger's usage rows). Figures are computed here, when queued; one per
--   (owner, month) by a unique key, so replays and overlapping sweeps never queue it twice.
-- * Feature announcements (profiles.notify_feature_announcements): an admin publishes one with
--   publish_announcement(subject, body); it queues one email per opted-in owner and is recorded
--   in the admin audit log.
-- Turning a toggle off cancels its emails still queued, as for alerts.

alter table public.notification_emails
  alter column notification_id drop not null,
  add column kind text not null default 'alert' check (kind in ('alert', 'usage_report', 'announcement')),
  -- What a report or an announcement says (an alert reads its notification instead).
  add column data jsonb,
  -- One email per owner and key: 'usage_report:YYYY-MM', 'announcement:<id>'.
  add column dedupe_key text check (char_length(dedupe_key) <= 100),
  add constraint notification_emails_alert_has_notification check ((kind = 'alert') = (notification_id is not null)),
  add constraint notification_emails_user_id_dedupe_key_key unique (user_id, dedupe_key);
comment on table public.notification_emails is 'Emails waiting to be sent (or sent): email alerts (one per failed-call or low-credit notification), monthly usage reports and feature announcements, each for an owner whose Settings toggle is on. Sent by the notification-emails function; service role only.';

-- The previous calendar month (UTC) by default; any ended month when given (a replay). Owners who
-- signed up after the month ended get no report for it. Returns how many were queued now.
create or replace function public.queue_usage_reports(report_month date default null) returns integer
language plpgsql security definer set search_path = '' as $$
declare
  month_day date := date_trunc('month',
    coalesce(queue_usage_reports.report_month, ((now() at time zone 'UTC') - interval '1 month')::date)::timestamp)::date;
  month_start timestamptz := month_day::timestamp at time zone 'UTC';
  month_end timestamptz := (month_day + interval '1 month')::timestamp at time zone 'UTC';
  label text := to_char(month_day, 'YYYY-MM');
  queued integer;
begin
  if month_end > now() then
    raise exception 'The month % has not ended yet', label using errcode = '22023';
  end if;
  insert into public.notification_emails (user_id, kind, dedupe_key, data)
  select p.id, 'usage_report', 'usage_report:' || label,
         jsonb_build_object(
           'month', label,
           'conversations', coalesce(h.conversations, '{}'::jsonb),
           'calls', coalesce(h.calls, 0),
           'minutes', coalesce(h.minutes, 0),
           'messages', coalesce(h.messages, 0),
           'creditsUsed', coalesce(c.used, 0))
    from public.profiles p
    left join lateral (
      select jsonb_object_agg(x.channel, x.conversations) filter (where x.conversations > 0) as conversations,
             sum(x.calls)::integer as calls, ceil(sum(x.call_seconds) / 60.0)::integer as minutes,
             sum(x.messages)::integer as messages
        from (select r.channel, sum(r.conversations) as conversations, sum(r.calls) as calls,
                     sum(r.call_seconds) as call_seconds, sum(r.messages) as messages
                from private.insights_hourly r
               where r.user_id = p.id and r.agent_key = 'ffffffff-ffff-ffff-ffff-ffffffffffff'::uuid
                 and r.hour_start >= month_start and r.hour_start < month_end
               group by r.channel) x
    ) h on true
    left join lateral (
      select (-sum(l.amount))::integer as used
        from public.credit_ledger l
       where l.user_id = p.id and l.type = 'usage' and l.created_at >= month_start and l.created_at < month_end
    ) c on true
   where p.notify_usage_reports and coalesce(p.email, '') <> '' and p.created_at < month_end
     -- The sender calls this every minute: owners already queued for the month cost one index
     -- probe, not a month of figures computed and then dropped by the conflict.
     and not exists (select 1 from public.notification_emails e
                      where e.user_id = p.id and e.dedupe_key = 'usage_report:' || label)
  on conflict (user_id, dedupe_key) do nothing;
  get diagnostics queued = row_count;
  return queued;
end
$$;
revoke all on function public.queue_usage_reports(date) from public, anon, authenticated;
grant execute on function public.queue_usage_reports(date) to service_role;

-- An admin's announcement to every owner with feature announcements on. Returns the recipients.
create or replace function public.publish_announcement(subject text, body text) returns integer
language plpgsql security definer set search_path = '' as $$
declare
  title text := btrim(coalesce(publish_announcement.subject, ''));
  content text := btrim(coalesce(publish_announcement.body, ''));
  announcement uuid := gen_random_uuid();
  recipients integer;
begin
  perform private.require_admin();
  if char_length(title) not between 1 and 150 then
    raise exception 'The subject must be 1 to 150 characters' using errcode = '22023';
  end if;
  if char_length(content) not between 1 and 5000 then
    raise exception 'The message must be 1 to 5000 characters' using errcode = '22023';
  end if;
  insert into public.notification_emails (user_id, kind, dedupe_key, data)
  select p.id, 'announcement', 'announcement:' || announcement::text,
         jsonb_build_object('subject', title, 'body', content)
    from public.profiles p
   where p.notify_feature_announcements and coalesce(p.email, '') <> '';
  get diagnostics recipients = row_count;
  perform private.write_admin_audit('announcement.publish', 'announcement', announcement::text, null,
    jsonb_build_object('subject', title, 'body', content, 'recipients', recipients));
  return recipients;
end
$$;
revoke all on function public.publish_announcement(text, text) from public, anon;
grant execute on function public.publish_announcement(text, text) to authenticated;

-- The sender's claim, now for every kind: an alert says what its notification says; a report or
-- an announcement says what was queued. Emails whose toggle was turned off since are cancelled.
create or replace function public.claim_notification_emails(max_emails integer default 20, lease_seconds integer default 300)
returns table (id uuid, recipient text, lang text, kind text, route text, data jsonb, attempts integer)
language sql security definer set search_path = '' as $$
  update public.notification_emails e
  set status = 'cancelled', claimed_until = null
  from public.profiles p
  where p.id = e.user_id and e.status = 'queued'
    and case e.kind
          when 'alert' then not p.notify_email_alerts
          when 'usage_report' then not p.notify_usage_reports
          else not p.notify_feature_announcements
        end;

  with due as (
    select e.id, p.email, p.lang, coalesce(n.kind, e.kind) as kind,
           coalesce(n.route, case e.kind when 'usage_report' then '/dashboard' else '/' end) as route,
           coalesce(n.data, e.data, '{}'::jsonb) as data
    from public.notification_emails e
    join public.profiles p on p.id = e.user_id
    left join public.notifications n on n.id = e.notification_id
    where e.status = 'queued' and e.next_attempt_at <= now() and (e.claimed_until is null or e.claimed_until < now())
    order by e.next_attempt_at
    limit greatest(1, least(max_emails, 100))
    for update of e skip locked
  )
  update public.notification_emails e
  set claimed_until = now() + make_interval(secs => greatest(lease_seconds, 30)), attempts = e.attempts + 1
  from due
  where e.id = due.id
  returning e.id, due.email, due.lang, due.kind, due.route, due.data, e.attempts;
$$;
revoke all on function public.claim_notification_emails(integer, integer) from public, anon, authenticated;
grant execute on function public.claim_notification_emails(integer, integer) to service_role;
