-- Credits follow payments, not provider events.
--   * A payment is granted once whatever the number of events that report it: Stripe sends both
--     checkout.session.completed and checkout.session.async_payment_succeeded for one delayed
--     payment, each with its own event id, and both are correctly signed. The payment is known by
--     its Checkout Session id (checkout_ref) and its payment intent (payment_ref); a second event
--     naming either is acknowledged and changes nothing.
--   * A refund must be in the payment's currency and may not take the refunds of a payment above
--     what was paid; otherwise it is refused with a reason and nothing is recorded.
--   * A refund takes the payment's credits back in proportion to the share refunded (cumulative,
--     so two half refunds take back exactly what one full refund would), never below a zero
--     balance: what could not be taken back is recorded on the refund as a shortfall.

alter table public.billing_events
  add column checkout_ref text check (char_length(checkout_ref) <= 255),
  add column credits_taken integer check (credits_taken >= 0),
  add column credits_shortfall integer check (credits_shortfall >= 0);
comment on column public.billing_events.checkout_ref is 'The provider''s checkout id (Stripe Checkout Session) a payment came from; one payment per checkout.';
comment on column public.billing_events.credits_taken is 'Refunds: credits taken back from the balance for this refund.';
comment on column public.billing_events.credits_shortfall is 'Refunds: credits this refund should have taken back but the balance no longer held.';
create index billing_events_checkout_ref_idx on public.billing_events (checkout_ref) where kind = 'payment';
create index billing_events_refunds_of_payment_idx on public.billing_events (payment_ref) where kind = 'refund';

-- Credits given back with a refund: a negative ledger entry of its own kind, so the owner's
-- history says why the balance went down.
alter table public.credit_ledger drop constraint credit_ledger_type_check;
alter table public.credit_ledger add constraint credit_ledger_type_check
  check (type in ('signup_bonus', 'free_activation', 'purchase', 'admin_grant', 'admin_debit', 'usage', 'refund'));
alter table public.credit_ledger drop constraint credit_ledger_sign_matches_type;
alter table public.credit_ledger add constraint credit_ledger_sign_matches_type
  check ((type in ('usage', 'admin_debit', 'refund')) = (amount < 0));

drop function public.record_checkout_payment(text, text, uuid, text, bigint, text, text);
create function public.record_checkout_payment(event_id text, event_type text, user_id uuid, pack_id text,
  amount_cents bigint default null, currency text default null, payment_ref text default null,
  checkout_ref text default null)
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
  -- The buyer's row lock: two events of one payment arrive together, and the second must see the
  -- first's record before deciding.
  perform 1 from public.profiles p where p.id = record_checkout_payment.user_id for update;
  if not found then
    raise exception 'User not found' using errcode = 'PT404';
  end if;
  select k.credits into pack_credits from public.packs k where k.id = record_checkout_payment.pack_id;
  if not found then
    raise exception 'Pack not found' using errcode = 'PT404';
  end if;
  if exists (select 1 from public.billing_events b
              where b.kind = 'payment'
                and ((record_checkout_payment.checkout_ref is not null and b.checkout_ref = record_checkout_payment.checkout_ref)
                  or (record_checkout_payment.payment_ref is not null and b.payment_ref = record_checkout_payment.payment_ref))) then
    return false;
  end if;
  insert into public.billing_events (id, type, user_id, pack_id, credits, kind, amount_cents, currency, payment_ref,
                                     checkout_ref)
  values (record_checkout_payment.event_id, coalesce(record_checkout_payment.event_type, 'unknown'),
          record_checkout_payment.user_id, record_checkout_payment.pack_id, nullif(pack_credits, 0), 'payment',
          record_checkout_payment.amount_cents, lower(record_checkout_payment.currency), record_checkout_payment.payment_ref,
          record_checkout_payment.checkout_ref)
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
revoke all on function public.record_checkout_payment(text, text, uuid, text, bigint, text, text, text) from public, anon, authenticated;
grant execute on function public.record_checkout_payment(text, text, uuid, text, bigint, text, text, text) to service_role;

-- A refund of a recorded payment, once per provider event: {"status": …} with
--   applied            recorded; credits_taken and credits_shortfall say what came back
--   duplicate          this event was already recorded
--   currency_mismatch  the refund is not in the payment's currency (nothing recorded)
--   exceeds_payment    with the earlier refunds it would give back more than was paid, or the
--                      payment's amount is unknown (nothing recorded)
-- PT404 (answered 404) when the payment is unknown.
drop function public.record_refund(text, text, text, bigint, text);
create function public.record_refund(event_id text, event_type text, payment_ref text, amount_cents bigint,
  currency text default null)
returns jsonb
language plpgsql security definer set search_path = '' as $$
declare
  paid public.billing_events;
  refunded_before bigint;
  taken_before bigint;
  due integer;
  balance integer;
  taken integer;
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
  -- The buyer's row lock serialises refunds of one payment (and every other credit movement).
  if paid.user_id is not null then
    select p.credits into balance from public.profiles p where p.id = paid.user_id for update;
  end if;
  if exists (select 1 from public.billing_events b where b.id = record_refund.event_id) then
    return jsonb_build_object('status', 'duplicate');
  end if;
  if record_refund.currency is not null and paid.currency is not null
     and lower(record_refund.currency) <> paid.currency then
    return jsonb_build_object('status', 'currency_mismatch');
  end if;
  select coalesce(sum(b.amount_cents), 0), coalesce(sum(b.credits_taken), 0) + coalesce(sum(b.credits_shortfall), 0)
    into refunded_before, taken_before
    from public.billing_events b
   where b.kind = 'refund' and b.payment_ref = record_refund.payment_ref;
  if paid.amount_cents is null or paid.amount_cents <= 0
     or refunded_before + record_refund.amount_cents > paid.amount_cents then
    return jsonb_build_object('status', 'exceeds_payment');
  end if;
  -- Credits due after this refund, minus what earlier refunds already accounted for.
  due := greatest(0, (coalesce(paid.credits, 0)::bigint * (refunded_before + record_refund.amount_cents)
                      / paid.amount_cents - taken_before)::integer);
  taken := least(due, greatest(coalesce(balance, 0), 0));
  insert into public.billing_events (id, type, user_id, pack_id, kind, amount_cents, currency, payment_ref,
                                     credits_taken, credits_shortfall)
  values (record_refund.event_id, coalesce(record_refund.event_type, 'unknown'), paid.user_id, paid.pack_id, 'refund',
          record_refund.amount_cents, lower(coalesce(record_refund.currency, paid.currency)), record_refund.payment_ref,
          taken, due - taken);
  if taken > 0 then
    insert into public.credit_ledger (user_id, type, amount, pack_id, description)
    values (paid.user_id, 'refund', -taken, paid.pack_id, 'Refund');
  end if;
  return jsonb_build_object('status', 'applied', 'credits_taken', taken, 'credits_shortfall', due - taken);
end
$$;
revoke all on function public.record_refund(text, text, text, bigint, text) from public, anon, authenticated;
grant execute on function public.record_refund(text, text, text, bigint, text) to service_role;
