-- One reservation rule for every call's heartbeat: how an open call's reservation grows is
-- decided in one place, whichever kind of call renews it. With less than the top-up margin of its
-- reservation left and below the agent's longest call, a call reserves up to one more block of
-- what the owner's other calls leave unreserved, under the owner's profile lock (the lock of
-- opening and settling, so parallel heartbeats of one owner grant one at a time); otherwise it only
-- reads what is unreserved, to say whether the reservation could still grow.
-- Latest definitions redefined, same arguments and results: private.voice_renew_call from
-- 20261202105100 (under voice_heartbeat and voice_control_heartbeat) and public.phone_heartbeat
-- from 20261202105200; only their top-up moved here.

-- current_seconds: the call's reservation now, reservation_ends: when it ends, cap_seconds: the
-- agent's longest call. reserved_seconds: the call's reservation after the top-up; unreserved_minutes: what the owner
-- still has unreserved besides it (below 1: the reservation is final).
create function private.top_up_call_reservation(owner_id uuid, call_id uuid, current_seconds integer,
                                                reservation_ends timestamptz, cap_seconds integer)
returns table (reserved_seconds integer, unreserved_minutes integer)
language plpgsql security definer set search_path = '' as $$
declare
  reserved integer := top_up_call_reservation.current_seconds;
  unreserved integer;
  extra integer;
begin
  if reserved < top_up_call_reservation.cap_seconds
     and top_up_call_reservation.reservation_ends - now()
         < make_interval(secs => private.voice_reservation_top_up_seconds()) then
    perform 1 from public.profiles p where p.id = top_up_call_reservation.owner_id for update;
    unreserved := private.voice_unreserved_minutes(top_up_call_reservation.owner_id, top_up_call_reservation.call_id)
                  - (reserved + 59) / 60;
    extra := least(private.voice_reservation_block_seconds(), greatest(unreserved, 0)::bigint * 60,
                   top_up_call_reservation.cap_seconds - reserved)::integer;
    if extra > 0 then
      reserved := reserved + extra;
      unreserved := unreserved - extra / 60;
    end if;
  else
    unreserved := private.voice_unreserved_minutes(top_up_call_reservation.owner_id, top_up_call_reservation.call_id)
                  - (reserved + 59) / 60;
  end if;
  return query select reserved, unreserved;
end
$$;
revoke all on function private.top_up_call_reservation(uuid, uuid, integer, timestamptz, integer)
  from public, anon, authenticated;

create or replace function private.voice_renew_call(call_id uuid, lease_seconds integer, renew boolean)
returns table(open boolean, seconds_left integer, reservation_final boolean, provider_call_id text, idle_seconds integer)
language plpgsql security definer set search_path = '' as $$
declare
  call public.voice_calls;
  ends timestamptz;
  reserved integer;
  unreserved integer;
  cap integer;
  idle integer;
begin
  if voice_renew_call.lease_seconds not between 1 and 3600 then
    raise exception 'invalid lease' using errcode = '22023';
  end if;
  select * into call from public.voice_calls v
   where v.id = voice_renew_call.call_id and v.status = 'recording' for update;
  if not found then
    return;
  end if;
  select a.voice_idle_seconds into idle from public.agents a where a.id = call.agent_id;
  idle := coalesce(idle, 60);
  cap := private.voice_call_cap_seconds(call);
  reserved := call.max_duration_seconds;
  ends := call.created_at + make_interval(secs => reserved);
  if now() >= ends or private.voice_call_observed_end(call, voice_renew_call.lease_seconds) is not null then
    return query select false, 0, true, call.provider_call_id, idle;
    return;
  end if;
  select g.reserved_seconds, g.unreserved_minutes into reserved, unreserved
    from private.top_up_call_reservation(call.user_id, call.id, reserved, ends, cap) g;
  ends := call.created_at + make_interval(secs => reserved);
  update public.voice_calls v
     set last_seen_at = case when voice_renew_call.renew then now() else v.last_seen_at end,
         max_duration_seconds = reserved
   where v.id = call.id;
  return query select true, ceil(extract(epoch from ends - now()))::integer,
                      unreserved < 1 or reserved >= cap, null::text, idle;
end
$$;

create or replace function public.phone_heartbeat(call_id uuid, lease_seconds integer)
returns table(open boolean, final boolean, seconds_left integer, idle_seconds integer)
language plpgsql security definer set search_path = '' as $$
declare
  call public.calls;
  ends timestamptz;
  reserved integer;
  unreserved integer;
  cap integer;
  idle integer;
begin
  if phone_heartbeat.lease_seconds not between 1 and 3600 then
    raise exception 'invalid lease' using errcode = '22023';
  end if;
  select * into call from public.calls c where c.id = phone_heartbeat.call_id and c.settled_at is null for update;
  if not found then
    return;
  end if;
  select a.voice_idle_seconds into idle from public.agents a where a.id = call.assigned_agent;
  idle := coalesce(idle, 60);
  cap := private.agent_call_cap_seconds(call.assigned_agent);
  reserved := call.max_duration_seconds;
  ends := call."timestamp" + make_interval(secs => reserved);
  if now() >= ends or private.phone_call_observed_end(call, phone_heartbeat.lease_seconds) is not null then
    return query select false, true, 0, idle;
    return;
  end if;
  select g.reserved_seconds, g.unreserved_minutes into reserved, unreserved
    from private.top_up_call_reservation(call.user_id, call.id, reserved, ends, cap) g;
  ends := call."timestamp" + make_interval(secs => reserved);
  update public.calls c set last_seen_at = now(), max_duration_seconds = reserved where c.id = call.id;
  return query select true, unreserved < 1 or reserved >= cap,
                      ceil(extract(epoch from ends - now()))::integer, idle;
end
$$;
