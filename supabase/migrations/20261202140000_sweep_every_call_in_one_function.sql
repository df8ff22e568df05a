-- One sweep for every call. Browser voice and phone calls live in `calls` and are settled by
-- `private.settle_call`; the sweeper now finds every call that will not be ended by its own
-- channel in one query, so a new kind of call (outbound next) is swept by adding its rule here
-- instead of a third function.
--
-- Which calls are swept, per kind:
--   * browser voice: still recording and either its liveness lease lapsed (no heartbeat for
--     `lease_seconds`) or it is `browser_grace_seconds` past the maximum it was granted; charged up
--     to its last sign of life (or its maximum).
--   * phone: not settled and either `phone_grace_seconds` past its maximum, or (unless it was
--     transferred away from the relay) it ended or lost its lease and Twilio's final status
--     callback, which carries the real duration, did not arrive within `phone_grace_seconds`
--     (no wait for the sandbox, which has no carrier). A phone call swept without an end is
--     marked `lease_expired`.
-- Rows another run holds are skipped; `settle_call` lets one settler only charge a call.

create function public.sweep_calls(
  lease_seconds integer,
  browser_grace_seconds integer default 20,
  phone_grace_seconds integer default 120,
  max_calls integer default 100
)
returns table(call_id uuid, kind text, duration_seconds integer, credits_charged integer, call_sid text, source text)
language plpgsql
security definer
set search_path = ''
as $$
declare
  open_call public.calls;
  observed_end timestamptz;
begin
  if lease_seconds not between 1 and 3600
     or browser_grace_seconds not between 0 and 86400
     or phone_grace_seconds not between 0 and 86400
     or max_calls not between 1 and 1000 then
    raise exception 'invalid sweeper settings' using errcode = '22023';
  end if;
  for open_call in
    select * from public.calls c
     where ((c.kind = 'browser_voice' and c.status = 'recording'
             and (c."timestamp" + make_interval(secs => c.max_duration_seconds + sweep_calls.browser_grace_seconds) < now()
                  or coalesce(c.last_seen_at, c."timestamp") + make_interval(secs => sweep_calls.lease_seconds) < now()))
         or (c.kind = 'phone' and c.settled_at is null
             and (c."timestamp" + make_interval(secs => c.max_duration_seconds + sweep_calls.phone_grace_seconds) < now()
                  or ((c.source <> 'twilio' or c.ended_reason is distinct from 'transfer')
                      and coalesce(c.ended_at, coalesce(c.last_seen_at, c."timestamp")
                                               + make_interval(secs => sweep_calls.lease_seconds))
                          + make_interval(secs => case when c.source = 'twilio' then sweep_calls.phone_grace_seconds else 0 end)
                          < now()))))
     order by c."timestamp"
     limit sweep_calls.max_calls
     for update skip locked
  loop
    if open_call.kind = 'phone' then
      if open_call.ended_at is null then
        update public.calls c set ended_reason = 'lease_expired' where c.id = open_call.id;
      end if;
      observed_end := private.phone_call_observed_end(open_call, sweep_calls.lease_seconds);
    else
      observed_end := private.voice_call_observed_end(open_call, sweep_calls.lease_seconds);
    end if;
    return query select open_call.id, open_call.kind, s.duration_seconds, s.credits_charged,
                        open_call.call_sid, open_call.source
                   from private.settle_call(open_call.id, observed_end) s
                  where s.claimed;
  end loop;
end
$$;

revoke all on function public.sweep_calls(integer, integer, integer, integer) from public, anon, authenticated;
grant execute on function public.sweep_calls(integer, integer, integer, integer) to service_role;

drop function public.voice_sweep_calls(integer, integer, integer);
drop function public.phone_sweep_calls(integer, integer, integer);
