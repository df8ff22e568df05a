-- Phone calls (ConversationRelay and Media Streams) keep to the agent's longest call and learn its
-- idle cut-off, like browser voice calls (20261202105100).
--
-- The relay renews a phone call's lease every ~15 s (phone_heartbeat): the reservation now never
-- grows past the agent's `voice_max_call_seconds`, so the relay's goodbye-before-the-end rule ends
-- the call there, and the heartbeat gives the agent's `voice_idle_seconds`, after which the relay
-- says goodbye to a caller who has not said anything. A phone call's lease stays the relay's
-- socket: Twilio carries a real phone line, and the relay ends it when Twilio closes it.
-- Latest definitions redefined: phone_heartbeat from 20261125120000 (dropped: its result gains
-- idle_seconds; only the service role called it); private.voice_call_cap_seconds from
-- 20261202105100 (same arguments, now over the per-agent rule below).

-- The longest call of an agent, never past the platform's: one rule for browser and phone calls.
create or replace function private.agent_call_cap_seconds(agent_id uuid)
returns integer
language sql stable security definer set search_path = '' as $$
  select least(private.voice_call_max_seconds(),
               coalesce((select a.voice_max_call_seconds from public.agents a
                          where a.id = agent_call_cap_seconds.agent_id),
                        private.voice_call_max_seconds()))
$$;

create or replace function private.voice_call_cap_seconds(call public.voice_calls)
returns integer
language sql stable security definer set search_path = '' as $$
  select private.agent_call_cap_seconds(call.agent_id)
$$;

drop function public.phone_heartbeat(uuid, integer);
create function public.phone_heartbeat(call_id uuid, lease_seconds integer)
returns table (open boolean, final boolean, seconds_left integer, idle_seconds integer)
language plpgsql security definer set search_path = '' as $$
declare
  call public.calls;
  ends timestamptz;
  reserved integer;
  unreserved integer;
  extra integer;
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
  if reserved < cap
     and ends - now() < make_interval(secs => private.voice_reservation_top_up_seconds()) then
    perform 1 from public.profiles p where p.id = call.user_id for update;
    unreserved := private.voice_unreserved_minutes(call.user_id, call.id) - (reserved + 59) / 60;
    extra := least(private.voice_reservation_block_seconds(), greatest(unreserved, 0)::bigint * 60,
                   cap - reserved)::integer;
    if extra > 0 then
      reserved := reserved + extra;
      unreserved := unreserved - extra / 60;
      ends := ends + make_interval(secs => extra);
    end if;
  else
    unreserved := private.voice_unreserved_minutes(call.user_id, call.id) - (reserved + 59) / 60;
  end if;
  update public.calls c set last_seen_at = now(), max_duration_seconds = reserved where c.id = call.id;
  return query select true, unreserved < 1 or reserved >= cap,
                      ceil(extract(epoch from ends - now()))::integer, idle;
end
$$;

revoke all on function private.agent_call_cap_seconds(uuid), private.voice_call_cap_seconds(public.voice_calls)
  from public, anon, authenticated;
revoke all on function public.phone_heartbeat(uuid, integer) from public, anon, authenticated;
grant execute on function public.phone_heartbeat(uuid, integer) to service_role;
