-- Transferred phone calls are bounded and billed, and the
-- recording callback learns in one query whether its call already has a recording.
--
-- Before: transfer_call ended the agent's part with phone_mark_ended(…, 'transfer'), which shrank
-- the reservation to the elapsed time + 30 s, and the bill was least(Twilio's duration, server
-- time + 30 s, reservation): the human leg was free, and its <Dial> had no timeLimit, so a caller
-- could stay on a (premium) transfer number for hours on the platform's Twilio account.
--
-- Now (one rule, here):
--   * phone_request_transfer reserves for the call all the minutes of the owner's balance that no
--     other open call holds (4 h at most) and answers the seconds the <Dial> may last:
--     reservation - elapsed - private.phone_transfer_margin_seconds() (the transfer line, ringing,
--     network). Less than a minute of talk left: no transfer (time_limit_seconds 0, nothing recorded).
--   * phone_mark_ended keeps that reservation for a transfer (the call goes on at Twilio).
--   * settle_phone_call bills a transferred call on Twilio's final duration, up to the reservation.
--   * phone_sweep_calls waits for a transferred call's reservation (plus the grace) before
--     settling it without Twilio's report, as the call may legitimately last that long.
--   * phone_transfer_target (the ConversationRelay action) answers the remaining <Dial> seconds too.
--   * phone_sweep_calls also answers each swept call's CallSid and source (the sweeper hangs swept
--     Twilio calls up at Twilio).

-- Seconds of a transferred call's reservation that are not dialled: the transfer line, the
-- human's phone ringing (Twilio's default ring timeout is 30 s) and network time.
create or replace function private.phone_transfer_margin_seconds() returns integer
language sql immutable parallel safe set search_path = '' as $$ select 45 $$;

-- Seconds the transfer <Dial> of an open call may still last within its reservation.
create or replace function private.phone_transfer_seconds_left(call public.calls) returns integer
language sql stable set search_path = '' as $$
  select greatest(0, call.max_duration_seconds - private.phone_transfer_margin_seconds()
                     - ceil(extract(epoch from now() - call."timestamp"))::integer)
$$;

drop function public.phone_request_transfer(uuid);
-- transfer_call: the open call of a conversation (the tool knows its conversation, never a call id
-- from the model) records where it is handed; the number is the agent's, read here. A Twilio call
-- gets the owner's unreserved balance reserved for the human leg; time_limit_seconds is its
-- <Dial timeLimit> (0: the balance cannot pay for a transfer, nothing is recorded).
create function public.phone_request_transfer(conversation_id uuid)
returns table (call_id uuid, call_sid text, source text, transfer_number text, time_limit_seconds integer)
language plpgsql security definer set search_path = '' as $$
declare
  call public.calls;
  target text;
  available integer;
  reserved integer;
  time_limit integer;
begin
  select c.* into call from public.calls c
   where c.conversation_id = phone_request_transfer.conversation_id and c.settled_at is null
   order by c."timestamp" desc limit 1 for update;
  if not found then
    return;
  end if;
  select a.transfer_number into target from public.agents a where a.id = call.assigned_agent;
  if target is null then
    return;
  end if;
  if call.source = 'twilio' then
    -- The lock of voice_open_call / phone_heartbeat: one balance, never overbooked.
    perform 1 from public.profiles p where p.id = call.user_id for update;
    available := greatest(private.voice_unreserved_minutes(call.user_id, call.id), 0);
    reserved := greatest(call.max_duration_seconds,
                         least(available::bigint * 60, private.voice_call_max_seconds())::integer);
    call.max_duration_seconds := reserved;
    time_limit := private.phone_transfer_seconds_left(call);
    if time_limit < 60 then
      return query select call.id, call.call_sid, call.source, target, 0;
      return;
    end if;
  end if;
  update public.calls c
     set transferred_to = target, transferred_at = coalesce(c.transferred_at, now()),
         max_duration_seconds = call.max_duration_seconds
   where c.id = call.id;
  return query select call.id, call.call_sid, call.source, target, time_limit;
end
$$;

drop function public.phone_transfer_target(text);
-- The ConversationRelay action callback: where a call the agent transferred goes and for how long
-- (no row: hang up).
create function public.phone_transfer_target(call_sid text)
returns table (transfer_number text, time_limit_seconds integer)
language sql stable security definer set search_path = '' as $$
  select c.transferred_to, private.phone_transfer_seconds_left(c) from public.calls c
   where c.call_sid = phone_transfer_target.call_sid and c.source = 'twilio' and c.transferred_at is not null
     and c.settled_at is null and private.phone_transfer_seconds_left(c) > 0
$$;

-- The relay saw the call end. As 20261125120000's, except that a transferred Twilio call keeps the
-- reservation its transfer made (the human leg is still to be billed from Twilio's duration).
create or replace function public.phone_mark_ended(call_id uuid, reason text)
returns void
language plpgsql security definer set search_path = '' as $$
declare
  call public.calls;
begin
  if phone_mark_ended.reason not in ('hangup', 'agent_ended', 'transfer', 'no_credit', 'error') then
    raise exception 'invalid end reason' using errcode = '22023';
  end if;
  update public.calls c
     set ended_at = least(now(), c."timestamp" + make_interval(secs => c.max_duration_seconds)),
         ended_reason = phone_mark_ended.reason,
         max_duration_seconds = case
           when phone_mark_ended.reason = 'transfer' and c.source = 'twilio' and c.transferred_at is not null
             then c.max_duration_seconds
           else least(c.max_duration_seconds,
                      greatest(0, ceil(extract(epoch from now() - c."timestamp")))::integer
                        + case when c.source = 'twilio' then private.phone_duration_tolerance_seconds() else 0 end)
         end
   where c.id = phone_mark_ended.call_id and c.ended_at is null and c.settled_at is null
  returning * into call;
  if not found then
    return;
  end if;
  if call.source = 'sandbox' or call.twilio_duration is not null
     or private.phone_status_rank(call.status) = 3 then
    perform private.settle_phone_call(call.id, null);
  end if;
end
$$;

-- The billing core of a phone call (20261125120000's), with the transferred-call rule above.
create or replace function private.settle_phone_call(call_id uuid, observed_end timestamptz)
returns table (claimed boolean, duration_seconds integer, credits_charged integer)
language plpgsql security definer set search_path = '' as $$
#variable_conflict use_column
declare
  settled public.calls;
  server_end timestamptz;
  server_seconds integer;
  billed integer;
  minutes integer;
  balance integer;
  charged integer := 0;
begin
  update public.calls c set settled_at = now()
   where c.id = settle_phone_call.call_id and c.settled_at is null
  returning c.* into settled;
  if not found then
    return query select false, c.duration, c.credits_charged from public.calls c where c.id = settle_phone_call.call_id;
    return;
  end if;
  server_end := least(coalesce(settled.ended_at, settle_phone_call.observed_end, now()), now());
  server_seconds := greatest(0, floor(extract(epoch from server_end - settled."timestamp")))::integer;
  if settled.source = 'twilio' and settled.twilio_duration is not null and settled.transferred_at is not null
     and settled.ended_reason = 'transfer' then
    -- Handed to a human: the human leg runs at Twilio after the agent's part and costs the
    -- platform as much, so Twilio's duration is the bill, bounded by the reservation the transfer
    -- made (its <Dial timeLimit> was cut to fit in it).
    billed := least(settled.twilio_duration, settled.max_duration_seconds);
  elsif settled.source = 'twilio' and settled.twilio_duration is not null then
    billed := least(settled.twilio_duration, server_seconds + private.phone_duration_tolerance_seconds(),
                    settled.max_duration_seconds);
  else
    billed := least(server_seconds, settled.max_duration_seconds);
  end if;
  minutes := (billed + 59) / 60;
  if minutes > 0 then
    select p.credits into balance from public.profiles p where p.id = settled.user_id for update;
    charged := least(minutes, greatest(coalesce(balance, 0), 0));
    if charged > 0 then
      insert into public.credit_ledger (user_id, type, amount, call_id, description)
      values (settled.user_id, 'usage', -charged, settled.id,
              case settled.source when 'sandbox' then 'Phone call (sandbox)' else 'Phone call' end)
      on conflict (call_id) where type = 'usage' and call_id is not null do nothing;
      if not found then
        charged := 0;
      end if;
    end if;
  end if;
  update public.calls c
     set duration = billed,
         credits_charged = charged,
         ended_at = coalesce(c.ended_at, server_end),
         status = case when private.phone_status_rank(c.status) < 3 then 'completed' else c.status end
   where c.id = settled.id;
  if settled.conversation_id is not null then
    update public.conversations c set ended_at = coalesce(c.ended_at, server_end) where c.id = settled.conversation_id;
  end if;
  return query select true, billed, charged;
end
$$;


drop function public.phone_sweep_calls(integer, integer, integer);
-- The sweeper's phone half (20261125120000's): a transferred Twilio call goes on at Twilio after
-- the agent's part ended, so it is swept only past its reservation plus the grace. Each settled
-- call comes with its CallSid and source: the sweeper hangs swept Twilio calls up at Twilio.
create function public.phone_sweep_calls(lease_seconds integer, grace_seconds integer default 120,
                                         max_calls integer default 100)
returns table (call_id uuid, duration_seconds integer, credits_charged integer, call_sid text, source text)
language plpgsql security definer set search_path = '' as $$
declare
  open_call public.calls;
begin
  if lease_seconds not between 1 and 3600 or grace_seconds not between 0 and 86400 or max_calls not between 1 and 1000 then
    raise exception 'invalid sweeper settings' using errcode = '22023';
  end if;
  for open_call in
    select * from public.calls c
     where c.settled_at is null
       and (c."timestamp" + make_interval(secs => c.max_duration_seconds + phone_sweep_calls.grace_seconds) < now()
            or ((c.source <> 'twilio' or c.ended_reason is distinct from 'transfer')
                and coalesce(c.ended_at, coalesce(c.last_seen_at, c."timestamp")
                                         + make_interval(secs => phone_sweep_calls.lease_seconds))
                    + make_interval(secs => case when c.source = 'twilio' then phone_sweep_calls.grace_seconds else 0 end)
                    < now()))
     order by c."timestamp"
     limit phone_sweep_calls.max_calls
     for update skip locked
  loop
    if open_call.ended_at is null then
      update public.calls c set ended_reason = 'lease_expired' where c.id = open_call.id;
    end if;
    return query select open_call.id, s.duration_seconds, s.credits_charged, open_call.call_sid, open_call.source
                   from private.settle_phone_call(open_call.id,
                          private.phone_call_observed_end(open_call, phone_sweep_calls.lease_seconds)) s
                  where s.claimed;
  end loop;
end
$$;

revoke all on function private.phone_transfer_margin_seconds(), private.phone_transfer_seconds_left(public.calls)
  from public, anon, authenticated;
revoke all on function public.phone_request_transfer(uuid), public.phone_transfer_target(text),
  public.phone_sweep_calls(integer, integer, integer)
  from public, anon, authenticated;
grant execute on function public.phone_request_transfer(uuid), public.phone_transfer_target(text),
  public.phone_sweep_calls(integer, integer, integer)
  to service_role;

-- The recording callback (20261125120000's): `already_linked` now says whether the call has any
-- recording linked (one per call), so the function needs no second query and never copies a
-- second file over the first.
create or replace function public.phone_recording_target(call_sid text, recording_sid text)
returns table (call_id uuid, owner_id uuid, agent_id uuid, already_linked boolean)
language sql stable security definer set search_path = '' as $$
  select c.id, c.user_id, c.assigned_agent, c.recording_sid is not null
    from public.calls c where c.call_sid = phone_recording_target.call_sid and c.source = 'twilio'
$$;
