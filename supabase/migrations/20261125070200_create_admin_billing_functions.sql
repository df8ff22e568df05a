-- Billing from real data: payment events
-- now keep what was paid (amount in cents, currency, the payment's id) and refunds are recorded
-- once per provider event. Admins read revenue, refunds, subscriptions and credit movements by
-- month and the list of transactions through the RPCs below, computed in SQL.

alter table public.billing_events
  add column kind text not null default 'payment' check (kind in ('payment', 'refund')),
  add column amount_cents bigint check (amount_cents >= 0),
  add column currency text check (currency ~ '^[a-z]{3}$'),
  add column payment_ref text check (char_length(payment_ref) <= 255);
comment on column public.billing_events.amount_cents is 'Paid (payment) or given back (refund), in the currency''s minor unit; null for events recorded before amounts were kept.';
comment on column public.billing_events.payment_ref is 'The provider''s payment id (Stripe payment_intent) a refund refers to.';
create index billing_events_processed_at_idx on public.billing_events (processed_at desc);
create index billing_events_payment_ref_idx on public.billing_events (payment_ref) where kind = 'payment';

-- The checkout RPC (latest definition: 20261124150000) gains the amount, currency and payment id
-- (optional: older callers still work).
drop function public.record_checkout_payment(text, text, uuid, text);
create or replace function public.record_checkout_payment(event_id text, event_type text, user_id uuid, pack_id text,
  amount_cents bigint default null, currency text default null, payment_ref text default null)
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
  insert into public.billing_events (id, type, user_id, pack_id, credits, kind, amount_cents, currency, payment_ref)
  values (record_checkout_payment.event_id, coalesce(record_checkout_payment.event_type, 'unknown'),
          record_checkout_payment.user_id, record_checkout_payment.pack_id, nullif(pack_credits, 0), 'payment',
          record_checkout_payment.amount_cents, lower(record_checkout_payment.currency), record_checkout_payment.payment_ref)
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
revoke all on function public.record_checkout_payment(text, text, uuid, text, bigint, text, text) from public, anon, authenticated;
grant execute on function public.record_checkout_payment(text, text, uuid, text, bigint, text, text) to service_role;

-- A refund of a recorded payment, once per provider event. Credits are not taken back: an admin
-- decides that with the user (a usage ledger entry would need the balance to still be there).
-- False when the event was already recorded; PT404 (answered 404) when the payment is unknown.
create or replace function public.record_refund(event_id text, event_type text, payment_ref text, amount_cents bigint,
  currency text default null)
returns boolean
language plpgsql security definer set search_path = '' as $$
declare
  paid public.billing_events;
begin
  if private.request_role() <> 'service_role' then
    raise exception 'Only the payment service can record refunds' using errcode = '42501';
  end if;
  if record_refund.event_id is null or record_refund.payment_ref is null or record_refund.amount_cents is null
     or record_refund.amount_cents <= 0 then
    raise exception 'event_id, payment_ref and a positive amount_cents are required' using errcode = '22023';
  end if;
  select b.* into paid from public.billing_events b
   where b.payment_ref = record_refund.payment_ref and b.kind = 'payment'
   order by b.processed_at limit 1;
  if paid.id is null then
    raise exception 'Payment not found' using errcode = 'PT404';
  end if;
  insert into public.billing_events (id, type, user_id, pack_id, kind, amount_cents, currency, payment_ref)
  values (record_refund.event_id, coalesce(record_refund.event_type, 'unknown'), paid.user_id, paid.pack_id, 'refund',
          record_refund.amount_cents, lower(coalesce(record_refund.currency, paid.currency)), record_refund.payment_ref)
  on conflict (id) do nothing;
  return found;
end
$$;
revoke all on function public.record_refund(text, text, text, bigint, text) from public, anon, authenticated;
grant execute on function public.record_refund(text, text, text, bigint, text) to service_role;

-- Headline figures: all-time revenue and refunds, subscriptions running now, credits bought.
create or replace function public.admin_billing_totals()
returns table (revenue_cents bigint, refunds_cents bigint, active_subscriptions bigint, credits_purchased bigint,
  currency text)
language plpgsql stable security definer set search_path = '' as $$
begin
  if not private.is_admin() then
    raise exception 'Only an admin can read billing' using errcode = '42501';
  end if;
  return query select
    coalesce((select sum(b.amount_cents) from public.billing_events b where b.kind = 'payment'), 0)::bigint,
    coalesce((select sum(b.amount_cents) from public.billing_events b where b.kind = 'refund'), 0)::bigint,
    (select count(*) from public.subscriptions s where s.status = 'active')::bigint,
    coalesce((select sum(l.amount) from public.credit_ledger l where l.type = 'purchase'), 0)::bigint,
    coalesce((select b.currency from public.billing_events b where b.currency is not null
               group by b.currency order by count(*) desc limit 1), 'usd');
end
$$;

-- By calendar month (UTC), the last `months` months including the current one, oldest first.
-- Subscriptions: started in the month, and running at any moment of it.
create or replace function public.admin_billing_months(months integer default 12)
returns table (month date, revenue_cents bigint, refunds_cents bigint, payments bigint, refunds bigint,
  credits_purchased bigint, credits_granted bigint, credits_used bigint, subscriptions_started bigint,
  subscriptions_running bigint)
language plpgsql stable security definer set search_path = '' as $$
begin
  if not private.is_admin() then
    raise exception 'Only an admin can read billing' using errcode = '42501';
  end if;
  if admin_billing_months.months is null or admin_billing_months.months not between 1 and 60 then
    raise exception 'months must be between 1 and 60' using errcode = '22023';
  end if;
  return query
  with bounds as (
    select m::date as month_start, (m + interval '1 month') as month_end
      from generate_series(date_trunc('month', now() at time zone 'utc') - make_interval(months => admin_billing_months.months - 1),
                           date_trunc('month', now() at time zone 'utc'), interval '1 month') m
  )
  select bo.month_start,
    coalesce((select sum(b.amount_cents) from public.billing_events b where b.kind = 'payment'
               and b.processed_at at time zone 'utc' >= bo.month_start and b.processed_at at time zone 'utc' < bo.month_end), 0)::bigint,
    coalesce((select sum(b.amount_cents) from public.billing_events b where b.kind = 'refund'
               and b.processed_at at time zone 'utc' >= bo.month_start and b.processed_at at time zone 'utc' < bo.month_end), 0)::bigint,
    (select count(*) from public.billing_events b where b.kind = 'payment'
               and b.processed_at at time zone 'utc' >= bo.month_start and b.processed_at at time zone 'utc' < bo.month_end)::bigint,
    (select count(*) from public.billing_events b where b.kind = 'refund'
               and b.processed_at at time zone 'utc' >= bo.month_start and b.processed_at at time zone 'utc' < bo.month_end)::bigint,
    coalesce((select sum(l.amount) from public.credit_ledger l where l.type = 'purchase'
               and l.created_at at time zone 'utc' >= bo.month_start and l.created_at at time zone 'utc' < bo.month_end), 0)::bigint,
    coalesce((select sum(l.amount) from public.credit_ledger l where l.type = 'admin_grant'
               and l.created_at at time zone 'utc' >= bo.month_start and l.created_at at time zone 'utc' < bo.month_end), 0)::bigint,
    coalesce((select -sum(l.amount) from public.credit_ledger l where l.type = 'usage'
               and l.created_at at time zone 'utc' >= bo.month_start and l.created_at at time zone 'utc' < bo.month_end), 0)::bigint,
    (select count(*) from public.subscriptions s
      where s.created_at at time zone 'utc' >= bo.month_start and s.created_at at time zone 'utc' < bo.month_end)::bigint,
    (select count(*) from public.subscriptions s
      where s.current_period_start at time zone 'utc' < bo.month_end
        and s.current_period_end at time zone 'utc' > bo.month_start)::bigint
  from bounds bo
  order by bo.month_start;
end
$$;

-- Payments and refunds, newest first, one page at a time; total_count is the whole list's size.
create or replace function public.admin_billing_transactions(page_size integer default 25, page integer default 0)
returns table (id text, kind text, processed_at timestamptz, user_id uuid, user_email text, user_name text,
  pack_id text, pack_name text, amount_cents bigint, currency text, credits integer, total_count bigint)
language plpgsql stable security definer set search_path = '' as $$
begin
  if not private.is_admin() then
    raise exception 'Only an admin can read billing' using errcode = '42501';
  end if;
  if admin_billing_transactions.page_size is null or admin_billing_transactions.page_size not between 1 and 1000
     or admin_billing_transactions.page is null or admin_billing_transactions.page < 0 then
    raise exception 'page_size must be between 1 and 1000 and page at least 0' using errcode = '22023';
  end if;
  return query
  select b.id, b.kind, b.processed_at, b.user_id, p.email, p.name, b.pack_id, k.name, b.amount_cents, b.currency,
         b.credits, count(*) over ()
    from public.billing_events b
    left join public.profiles p on p.id = b.user_id
    left join public.packs k on k.id = b.pack_id
   order by b.processed_at desc, b.id
   limit admin_billing_transactions.page_size
  offset admin_billing_transactions.page::bigint * admin_billing_transactions.page_size;
end
$$;

revoke all on function public.admin_billing_totals(), public.admin_billing_months(integer),
  public.admin_billing_transactions(integer, integer) from public, anon, authenticated;
grant execute on function public.admin_billing_totals(), public.admin_billing_months(integer),
  public.admin_billing_transactions(integer, integer) to authenticated;
