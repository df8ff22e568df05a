-- Payments ("credit purchase"): a pack bought through Stripe Checkout is credited by
-- the billing-webhook function. Stripe retries deliveries, so each event id is recorded once and
-- crediting happens in the same transaction as that record: a replayed event changes nothing.

create table public.billing_events (
  id text primary key check (char_length(id) between 1 and 255),
  type text not null check (char_length(type) between 1 and 100),
  user_id uuid references public.profiles (id) on delete set null,
  pack_id text,
  credits integer check (credits > 0),
  processed_at timestamptz not null default now()
);
comment on table public.billing_events is 'Payment-provider events already applied (idempotency). Written only by record_checkout_payment().';
create index billing_events_user_id_idx on public.billing_events (user_id);

-- Written only by the payment service (through the RPC below); admins may read them (billing
-- overview). No other client access.
revoke all on table public.billing_events from public, anon, authenticated;
grant all on table public.billing_events to service_role;
grant select on table public.billing_events to authenticated;
alter table public.billing_events enable row level security;
create policy "admins can read billing events" on public.billing_events for select to authenticated
  using ((select private.is_admin()));

-- Applies a paid checkout once: records the event, adds the pack's credits (purchase ledger row
-- through purchase_credits) and starts a one-month subscription to the pack. Returns false when the
-- event was already applied.
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
    raise exception 'User not found' using errcode = 'P0002';
  end if;
  select k.credits into pack_credits from public.packs k where k.id = record_checkout_payment.pack_id;
  if not found then
    raise exception 'Pack not found' using errcode = 'P0002';
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
revoke all on function public.record_checkout_payment(text, text, uuid, text) from public, anon, authenticated;
grant execute on function public.record_checkout_payment(text, text, uuid, text) to service_role;
