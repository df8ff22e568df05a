-- The console sidebar's usage box: voice minutes used of the minutes the
-- caller's pack gives this period, aggregated here rather than by downloading ledger rows.
--
-- With a running subscription (the same rule as private.current_pack: active, or cancelled at
-- period end and not over) the period is the subscription's current month, rolled forward month by
-- month when no renewal has moved current_period_start yet, and the included minutes are the
-- pack's `minutes`. Without one (the free pack) the period is the whole account life and the
-- included minutes are every credit granted so far (welcome credits, free pack, grants,
-- purchases), so activating the free pack or buying credits shows at once.
--
-- It reads only the caller's own rows (auth.uid(); no parameter names a user), so it is a
-- definer function only to read the caller's pack even if an admin has since deactivated it.
create or replace function public.minutes_usage()
returns table (
  pack_id text,
  pack_name text,
  subscribed boolean,
  used_minutes integer,
  included_minutes integer,
  period_start timestamptz,
  period_end timestamptz
)
language plpgsql stable security definer set search_path = '' as $$
declare
  caller uuid := (select auth.uid());
  running record;
  months integer;
begin
  if caller is null then
    raise exception 'User not authenticated' using errcode = '42501';
  end if;
  select s.pack_id, s.current_period_start, s.current_period_end, k.name, k.minutes
    into running
    from public.subscriptions s
    join public.packs k on k.id = s.pack_id
   where s.user_id = caller
     and (s.status = 'active' or (s.cancel_at_period_end and s.current_period_end > now()))
   order by s.created_at desc
   limit 1;
  if found then
    -- Whole months since the period began: a subscription nobody renewed keeps a monthly window.
    months := greatest(0, (extract(year from age(now(), running.current_period_start)) * 12
                         + extract(month from age(now(), running.current_period_start)))::integer);
    pack_id := running.pack_id;
    pack_name := running.name;
    subscribed := true;
    period_start := running.current_period_start + make_interval(months => months);
    period_end := period_start + interval '1 month';
    included_minutes := running.minutes;
    select coalesce(-sum(l.amount), 0)::integer into used_minutes
      from public.credit_ledger l
     where l.user_id = caller and l.type = 'usage'
       and l.created_at >= period_start and l.created_at < period_end;
  else
    select k.id, k.name into pack_id, pack_name from public.packs k where k.id = 'free';
    subscribed := false;
    select p.created_at into period_start from public.profiles p where p.id = caller;
    period_end := null;
    select coalesce(sum(l.amount) filter (where l.amount > 0), 0)::integer,
           coalesce(-sum(l.amount) filter (where l.type = 'usage'), 0)::integer
      into included_minutes, used_minutes
      from public.credit_ledger l
     where l.user_id = caller;
  end if;
  return next;
end
$$;
comment on function public.minutes_usage() is
  'The caller''s voice minutes used of their pack''s minutes this period (sidebar usage box).';

revoke all on function public.minutes_usage() from public, anon, authenticated;
grant execute on function public.minutes_usage() to authenticated;

-- The usage box follows the ledger live (a call metered, the free pack, a purchase applied by the
-- payment webhook while the owner is back from checkout). Realtime re-checks each change against
-- the subscriber's RLS, so an owner only hears of their own rows.
alter publication supabase_realtime add table public.credit_ledger, public.subscriptions;
