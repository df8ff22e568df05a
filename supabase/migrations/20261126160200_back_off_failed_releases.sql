-- The Twilio release queue (20261125110000, 20261126100100), two review findings:
--   * claim_phone_number_releases has had no caller since claim_twilio_releases claims every kind
--     (phone-numbers uses that one): dropped with its grant, so no one can drain numbers through a
--     path that the function no longer watches;
--   * a release that keeps failing (a number Twilio refuses to release, a sub-account already in
--     another state) stayed at the front: claims ran oldest first and a failure only cleared the
--     claim, so every sweep retried it first and newer releases waited behind it. A failure now
--     sets when the row may be tried again, with an exponential backoff (1, 2, 4 … minutes, at most
--     an hour; the scheduler sweeps every minute), and claims take rows due now in that order, so
--     fresh releases go first.

drop function public.claim_phone_number_releases(uuid, integer);

alter table public.phone_number_releases add column next_attempt_at timestamptz not null default now();
-- Rows already queued keep their place (oldest first), as the claim ordered them until now.
update public.phone_number_releases set next_attempt_at = requested_at where released_at is null;
comment on column public.phone_number_releases.next_attempt_at is
  'When the release may be claimed next: its request, then after each failure now + 2^(attempts-1) minutes (at most 1 h). Claims go in this order.';

drop index public.phone_number_releases_pending_idx;
create index phone_number_releases_pending_idx on public.phone_number_releases (user_id, next_attempt_at)
  where released_at is null;
create index phone_number_releases_due_idx on public.phone_number_releases (next_attempt_at)
  where released_at is null;

-- As in 20261126100100, due rows only, the earliest due first.
create or replace function public.claim_twilio_releases(owner_id uuid default null, max_releases integer default 20)
returns table (id uuid, kind text, phone_number text, provider_sid text, account_sid text, sender_sid text,
  auth_token text)
language plpgsql security definer set search_path = '' as $$
begin
  return query
  with claimed as (
    update public.phone_number_releases r
       set claimed_until = now() + interval '2 minutes', attempts = r.attempts + 1
     where r.id in (
       select q.id from public.phone_number_releases q
        where q.released_at is null
          and q.next_attempt_at <= now()
          and (q.claimed_until is null or q.claimed_until < now())
          and (claim_twilio_releases.owner_id is null or q.user_id = claim_twilio_releases.owner_id)
        order by q.next_attempt_at, q.requested_at
        limit greatest(1, least(coalesce(claim_twilio_releases.max_releases, 20), 100))
        for update skip locked)
    returning r.id, r.kind, r.phone_number, r.provider_sid, r.sender_sid)
  select c.id, c.kind, c.phone_number, c.provider_sid, k.account_sid, c.sender_sid, k.auth_token
    from claimed c left join private.twilio_release_credentials k on k.release_id = c.id;
end
$$;

-- As in 20261126100100; a failure also pushes the next attempt back (attempts counts this one).
create or replace function public.finish_phone_number_release(release_id uuid, released boolean, error text default null)
returns void
language plpgsql security definer set search_path = '' as $$
begin
  update public.phone_number_releases r
     set released_at = case when finish_phone_number_release.released then now() else null end,
         claimed_until = null,
         last_error = case when finish_phone_number_release.released then null
                           else left(finish_phone_number_release.error, 500) end,
         next_attempt_at = case when finish_phone_number_release.released then r.next_attempt_at
                                else now() + least(interval '1 minute' * power(2, least(greatest(r.attempts, 1) - 1, 10)),
                                                   interval '1 hour') end
   where r.id = finish_phone_number_release.release_id and r.released_at is null;
  if finish_phone_number_release.released then
    delete from private.twilio_release_credentials c where c.release_id = finish_phone_number_release.release_id;
  end if;
end
$$;
