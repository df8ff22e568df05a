-- Phone calls answered by the agent ("Both"): the call row is the call's state
-- (the relay keeps none), reserved and billed like a browser voice call, settled once.
--
--   * phone_open_call (the voice webhook, service role): number → assignment → agent → owner; a
--     block of the owner's unreserved balance is reserved (shared with browser voice calls: open
--     phone calls now count in private.voice_unreserved_minutes, so one balance is never
--     overbooked by the two channels); opens the call's conversation (channel 'phone', visitor =
--     the caller's E.164 number). Idempotent on the CallSid: a replayed webhook gets the same call
--     and no second reservation.
--   * phone_open_sandbox_call (the owner, "Call as a phone caller"): the same for the caller's own
--     agent, call_sid 'SB…', conversation channel 'sandbox' with visitor 'sandbox', timed and
--     billed by the server clock only.
--   * phone_attach_call / phone_heartbeat / phone_mark_ended (the relay, service role): one socket
--     per call, a lease on the database clock with the reservation topped up in blocks, the
--     server-timed end.
--   * phone_call_status (status callbacks): the highest state wins (callbacks can arrive out of
--     order); a final state carries Twilio's CallDuration and settles the call.
--   * private.settle_phone_call: ONE ledger entry per call (the ledger's unique call_id).
--   * phone_sweep_calls (voice-call-sweeper): calls whose lease expired and never got Twilio's
--     final callback (or sandbox calls never ended) are settled at their last sign of life.
--   * recordings, transfers and the webhook receipts that make replays no-ops.

-- Existing rows predate metering: they are closed as they are (no reservation, nothing to settle).
alter table public.calls
  add column source text not null default 'twilio' check (source in ('twilio', 'sandbox')),
  add column voice_mode text check (voice_mode in ('any_model', 'natural_voice')),
  add column max_duration_seconds integer not null default 0
    check (max_duration_seconds between 0 and private.voice_call_max_seconds()),
  add column last_seen_at timestamptz,
  add column attached_at timestamptz,
  add column answered_at timestamptz,
  add column ended_reason text check (ended_reason in ('hangup', 'agent_ended', 'transfer', 'no_credit', 'error',
                                                       'lease_expired', 'twilio')),
  add column settled_at timestamptz,
  add column twilio_duration integer check (twilio_duration >= 0),
  add column recording_sid text unique check (char_length(recording_sid) <= 64),
  add column recording_channels smallint check (recording_channels in (1, 2)),
  add column recording_duration integer check (recording_duration >= 0),
  add column transferred_to text check (transferred_to ~ '^\+[1-9][0-9]{6,14}$'),
  add column transferred_at timestamptz;
update public.calls c set settled_at = coalesce(c.ended_at, c."timestamp") where c.settled_at is null;

comment on column public.calls.source is 'twilio: a real call to a number; sandbox: the owner''s "Call as a phone caller" test (not a phone call in history).';
comment on column public.calls.max_duration_seconds is
  'The reservation: the longest billable duration so far, in whole minutes of the owner''s balance (blocks, topped up by the relay''s heartbeats, 4 h at most). Held until the call is settled.';
comment on column public.calls.last_seen_at is 'Liveness lease of the relay socket (database clock).';
comment on column public.calls.attached_at is 'When a relay socket took the call (a call is attached once).';
comment on column public.calls.ended_at is 'Server-timed end: the relay saw the socket close, or the last sign of life of a call whose lease expired.';
comment on column public.calls.settled_at is 'When the call was billed (its one usage ledger entry, keyed by the call id). Null = open, holding its reservation.';
comment on column public.calls.twilio_duration is 'Twilio''s final CallDuration (seconds), from the completed status callback.';
comment on column public.calls.transferred_to is 'The number transfer_call handed the caller to (the agent''s transfer number at that time).';

create index calls_open_idx on public.calls (user_id) where settled_at is null;
create index calls_open_timestamp_idx on public.calls ("timestamp") where settled_at is null;

-- Minutes of the owner's balance that no open call holds (browser voice calls and phone calls),
-- `except_call` left out (ids are UUIDs, unique across both tables). Callers that grant from it
-- lock the profile row first. Redefines 20261124190000's, which counted browser calls only.
create or replace function private.voice_unreserved_minutes(owner uuid, except_call uuid)
returns integer
language sql stable set search_path = '' as $$
  select (coalesce((select p.credits from public.profiles p where p.id = voice_unreserved_minutes.owner), 0)
          - coalesce((select sum((v.max_duration_seconds + 59) / 60) from public.voice_calls v
                       where v.user_id = voice_unreserved_minutes.owner and v.status = 'recording'
                         and v.id is distinct from voice_unreserved_minutes.except_call), 0)
          - coalesce((select sum((c.max_duration_seconds + 59) / 60) from public.calls c
                       where c.user_id = voice_unreserved_minutes.owner and c.settled_at is null
                         and c.id is distinct from voice_unreserved_minutes.except_call), 0))::integer
$$;

-- Seconds a call's server-timed end may trail Twilio's: Twilio counts from its answer to its
-- hang-up, our clock from the webhook to the socket's close; they differ by network and TwiML time.
create or replace function private.phone_duration_tolerance_seconds() returns integer
language sql immutable parallel safe set search_path = '' as $$ select 30 $$;

-- Status order for out-of-order callbacks: a later callback never moves a call back.
create or replace function private.phone_status_rank(status text) returns integer
language sql immutable parallel safe set search_path = '' as $$
  select case status when 'queued' then 0 when 'ringing' then 1 when 'in_progress' then 2
                     when 'completed' then 3 when 'failed' then 3 when 'canceled' then 3
                     when 'busy' then 3 when 'no-answer' then 3 end
$$;

-- What the webhook's TwiML and the relay need about an open call.
create or replace function private.phone_call_view(call public.calls)
returns table (call_id uuid, call_sid text, source text, agent_id uuid, owner_id uuid, conversation_id uuid,
               voice_mode text, language text, voice text, agent_name text, from_number text,
               transfer_number text, reserved_seconds integer, seconds_left integer)
language sql stable set search_path = '' as $$
  select call.id, call.call_sid, call.source, call.assigned_agent, call.user_id, call.conversation_id,
         call.voice_mode, a.default_language, a.voice, a.name, call.from_number, a.transfer_number,
         call.max_duration_seconds,
         greatest(0, ceil(extract(epoch from call."timestamp" + make_interval(secs => call.max_duration_seconds) - now())))::integer
    from public.agents a where a.id = call.assigned_agent
$$;

-- Opens a call for an agent whose owner has unreserved credit: one block reserved (profile row
-- locked, like voice_open_call), conversation and call rows inserted. Null when no credit.
create or replace function private.phone_insert_call(
  agent public.agents, call_sid text, source text, from_number text, to_number text, phone_number_id uuid,
  voice_mode text, conversation_channel text
) returns public.calls
language plpgsql security definer set search_path = '' as $$
declare
  unreserved integer;
  reserved integer;
  conversation uuid;
  opened public.calls;
begin
  perform 1 from public.profiles p where p.id = agent.user_id for update;
  unreserved := private.voice_unreserved_minutes(agent.user_id, null);
  if unreserved < 1 then
    return null;
  end if;
  reserved := least(unreserved::bigint * 60, private.voice_reservation_block_seconds(),
                    private.voice_call_max_seconds())::integer;
  insert into public.conversations (user_id, agent_id, channel, visitor_id)
  values (agent.user_id, agent.id, conversation_channel, left(from_number, 128))
  returning id into conversation;
  insert into public.calls (user_id, assigned_agent, phone_number_id, call_sid, from_number, to_number, direction,
                            status, source, voice_mode, max_duration_seconds, last_seen_at, conversation_id)
  values (agent.user_id, agent.id, phone_number_id, call_sid, left(from_number, 64), left(to_number, 64), 'inbound',
          'in_progress', source, coalesce(agent.phone_voice_mode, voice_mode), reserved, now(), conversation)
  returning * into opened;
  return opened;
end
$$;

-- The voice webhook: outcome 'ok' (with the call), 'no_agent' (the number is unknown or assigned
-- to no agent) or 'no_credits' (the owner's balance holds less than a minute nobody reserved;
-- nothing is written). `default_voice_mode` is the server's default for agents without a setting.
create or replace function public.phone_open_call(call_sid text, to_number text, from_number text,
                                                  default_voice_mode text default 'any_model')
returns table (outcome text, call_id uuid, call_sid_out text, source text, agent_id uuid, owner_id uuid,
               conversation_id uuid, voice_mode text, language text, voice text, agent_name text,
               from_number_out text, transfer_number text, reserved_seconds integer, seconds_left integer)
language plpgsql security definer set search_path = '' as $$
declare
  existing public.calls;
  number_id uuid;
  agent public.agents;
begin
  if coalesce(phone_open_call.call_sid, '') !~ '^CA[0-9a-fA-F]{32}$' then
    raise exception 'call_sid must be a Twilio CallSid' using errcode = '22023';
  end if;
  if phone_open_call.default_voice_mode not in ('any_model', 'natural_voice') then
    raise exception 'default_voice_mode must be any_model or natural_voice' using errcode = '22023';
  end if;
  select * into existing from public.calls c where c.call_sid = phone_open_call.call_sid;
  if not found then
    select n.id into number_id from public.phone_numbers n where n.phone_number = btrim(phone_open_call.to_number);
    select a.* into agent from public.phone_number_assignments pa join public.agents a on a.id = pa.agent_id
     where pa.phone_number_id = number_id;
    if number_id is null or agent.id is null then
      return query select 'no_agent', null::uuid, null, null, null::uuid, null::uuid, null::uuid, null, null, null,
                          null, null, null, null::integer, null::integer;
      return;
    end if;
    -- Serialises replays of one CallSid with each other: a second transaction waits for the first
    -- one's row and then finds it.
    perform pg_advisory_xact_lock(hashtextextended(phone_open_call.call_sid, 7243019912));
    select * into existing from public.calls c where c.call_sid = phone_open_call.call_sid;
    if not found then
      existing := private.phone_insert_call(agent, phone_open_call.call_sid, 'twilio', btrim(phone_open_call.from_number),
                                            btrim(phone_open_call.to_number), number_id,
                                            phone_open_call.default_voice_mode, 'phone');
      if existing.id is null then
        return query select 'no_credits', null::uuid, null, null, agent.id, agent.user_id, null::uuid, null,
                            agent.default_language, agent.voice, agent.name, null, null, null::integer, null::integer;
        return;
      end if;
    end if;
  end if;
  return query select 'ok', v.call_id, v.call_sid, v.source, v.agent_id, v.owner_id, v.conversation_id, v.voice_mode,
                      v.language, v.voice, v.agent_name, v.from_number, v.transfer_number, v.reserved_seconds,
                      v.seconds_left
                 from private.phone_call_view(existing) v;
end
$$;

-- The owner's "Call as a phone caller": a call on the caller's own agent (another owner's agent
-- is not found), timed and billed by the server clock like a browser voice call.
-- Errors: PT404 'Agent not found', P0001 'no_credits', 42501 when not signed in.
create or replace function public.phone_open_sandbox_call(agent_id uuid, default_voice_mode text default 'any_model')
returns table (call_id uuid, call_sid text, source text, conversation_id uuid, voice_mode text,
               reserved_seconds integer)
language plpgsql security definer set search_path = '' as $$
declare
  caller uuid := (select auth.uid());
  agent public.agents;
  opened public.calls;
begin
  if caller is null then
    raise exception 'User not authenticated' using errcode = '42501';
  end if;
  if phone_open_sandbox_call.default_voice_mode not in ('any_model', 'natural_voice') then
    raise exception 'default_voice_mode must be any_model or natural_voice' using errcode = '22023';
  end if;
  select * into agent from public.agents a where a.id = phone_open_sandbox_call.agent_id and a.user_id = caller;
  if not found then
    raise exception 'Agent not found' using errcode = 'PT404';
  end if;
  opened := private.phone_insert_call(agent, 'SB' || replace(gen_random_uuid()::text, '-', ''), 'sandbox',
                                      'sandbox', 'sandbox', null, phone_open_sandbox_call.default_voice_mode, 'sandbox');
  if opened.id is null then
    raise exception 'no_credits' using errcode = 'P0001';
  end if;
  return query select opened.id, opened.call_sid, opened.source, opened.conversation_id, opened.voice_mode,
                      opened.max_duration_seconds;
end
$$;

-- The relay took the call (its token named this call id and CallSid): once, while the call is open.
create or replace function public.phone_attach_call(call_id uuid, call_sid text)
returns table (call_id_out uuid, call_sid_out text, source text, agent_id uuid, owner_id uuid, conversation_id uuid,
               voice_mode text, language text, voice text, agent_name text, from_number text,
               transfer_number text, reserved_seconds integer, seconds_left integer)
language plpgsql security definer set search_path = '' as $$
declare
  attached public.calls;
begin
  update public.calls c
     set attached_at = now(), last_seen_at = now(), answered_at = coalesce(c.answered_at, now())
   where c.id = phone_attach_call.call_id and c.call_sid = phone_attach_call.call_sid
     and c.attached_at is null and c.ended_at is null and c.settled_at is null
     and c."timestamp" + make_interval(secs => c.max_duration_seconds) > now()
  returning * into attached;
  if not found then
    return;
  end if;
  return query select * from private.phone_call_view(attached);
end
$$;

-- When the server considers an open call to have ended: its recorded end, else its last sign of
-- life once the lease has expired, else null (still live).
create or replace function private.phone_call_observed_end(call public.calls, lease_seconds integer)
returns timestamptz
language sql stable set search_path = '' as $$
  select coalesce(call.ended_at,
                  case when coalesce(call.last_seen_at, call."timestamp") + make_interval(secs => lease_seconds) < now()
                       then coalesce(call.last_seen_at, call."timestamp") end)
$$;

-- The relay's heartbeat: renews the lease and, when less than the top-up threshold of the
-- reservation is left, reserves up to another block of what the owner's balance does not already
-- hold (the rule and the lock of voice_heartbeat). open = false: the call has ended, its lease
-- expired or it is past its reservation (say goodbye, hang up). final: nothing more can be
-- reserved, the call ends in seconds_left. No row for an unknown or settled call.
create or replace function public.phone_heartbeat(call_id uuid, lease_seconds integer)
returns table (open boolean, final boolean, seconds_left integer)
language plpgsql security definer set search_path = '' as $$
declare
  call public.calls;
  ends timestamptz;
  reserved integer;
  unreserved integer;
  extra integer;
begin
  if phone_heartbeat.lease_seconds not between 1 and 3600 then
    raise exception 'invalid lease' using errcode = '22023';
  end if;
  select * into call from public.calls c where c.id = phone_heartbeat.call_id and c.settled_at is null for update;
  if not found then
    return;
  end if;
  reserved := call.max_duration_seconds;
  ends := call."timestamp" + make_interval(secs => reserved);
  if now() >= ends or private.phone_call_observed_end(call, phone_heartbeat.lease_seconds) is not null then
    return query select false, true, 0;
    return;
  end if;
  if reserved < private.voice_call_max_seconds()
     and ends - now() < make_interval(secs => private.voice_reservation_top_up_seconds()) then
    perform 1 from public.profiles p where p.id = call.user_id for update;
    unreserved := private.voice_unreserved_minutes(call.user_id, call.id) - (reserved + 59) / 60;
    extra := least(private.voice_reservation_block_seconds(), greatest(unreserved, 0)::bigint * 60,
                   private.voice_call_max_seconds() - reserved)::integer;
    if extra > 0 then
      reserved := reserved + extra;
      unreserved := unreserved - extra / 60;
      ends := ends + make_interval(secs => extra);
    end if;
  else
    unreserved := private.voice_unreserved_minutes(call.user_id, call.id) - (reserved + 59) / 60;
  end if;
  update public.calls c set last_seen_at = now(), max_duration_seconds = reserved where c.id = call.id;
  return query select true, unreserved < 1 or reserved >= private.voice_call_max_seconds(),
                      ceil(extract(epoch from ends - now()))::integer;
end
$$;

-- The billing core of a phone call. Claims the call once (settled_at), then bills
--   started minutes of min(Twilio's final duration, server-timed duration + tolerance, reservation)
-- for Twilio calls that got their final callback, and of min(server-timed duration, reservation)
-- otherwise (sandbox calls, calls Twilio never reported). Twilio's duration is what the carrier
-- really connected; our clock bounds it (a transferred call keeps running at Twilio after the
-- agent is done, and a forged or buggy duration cannot exceed what we saw); the reservation is
-- what the owner's balance held. Never more than the balance, never twice (ledger's unique
-- call_id). The server-timed end is the relay's recorded end, else `observed_end`, else now.
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
  if settled.source = 'twilio' and settled.twilio_duration is not null then
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

-- The relay saw the call end (socket closed, the agent ended or transferred, no credit left).
-- Records the server-timed end once and shrinks the reservation to what can still be billed, so
-- the owner's balance is free again before Twilio's final callback. Sandbox calls settle now;
-- Twilio calls settle on their final status callback (or the sweeper), unless it already came.
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
         max_duration_seconds = least(c.max_duration_seconds,
           greatest(0, ceil(extract(epoch from now() - c."timestamp")))::integer
             + case when c.source = 'twilio' then private.phone_duration_tolerance_seconds() else 0 end)
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

-- A status callback (the function maps Twilio's CallStatus with callStatusFromTwilio). The highest
-- state wins; a final state records Twilio's CallDuration and settles. Unknown CallSid: no row.
create or replace function public.phone_call_status(call_sid text, status text, duration integer default null,
                                                    lease_seconds integer default 60)
returns table (call_id uuid, status_out text, settled boolean, credits_charged integer)
language plpgsql security definer set search_path = '' as $$
declare
  call public.calls;
  outcome record;
begin
  if private.phone_status_rank(phone_call_status.status) is null then
    raise exception 'unknown call status' using errcode = '22023';
  end if;
  if phone_call_status.duration is not null and phone_call_status.duration not between 0 and 86400 then
    raise exception 'invalid duration' using errcode = '22023';
  end if;
  select * into call from public.calls c where c.call_sid = phone_call_status.call_sid and c.source = 'twilio'
    for update;
  if not found then
    return;
  end if;
  if private.phone_status_rank(phone_call_status.status) > private.phone_status_rank(call.status) then
    update public.calls c
       set status = phone_call_status.status,
           answered_at = case when phone_call_status.status = 'in_progress' then coalesce(c.answered_at, now())
                              else c.answered_at end,
           twilio_duration = case when private.phone_status_rank(phone_call_status.status) = 3
                                  then coalesce(phone_call_status.duration, 0) else c.twilio_duration end
     where c.id = call.id
    returning * into call;
  elsif private.phone_status_rank(call.status) = 3 and call.twilio_duration is null then
    -- The open call was marked completed by us (sweeper/settle) before Twilio's final duration.
    update public.calls c set twilio_duration = coalesce(phone_call_status.duration, 0) where c.id = call.id
    returning * into call;
  end if;
  if private.phone_status_rank(call.status) = 3 and call.settled_at is null then
    select * into outcome
      from private.settle_phone_call(call.id, private.phone_call_observed_end(call, phone_call_status.lease_seconds));
    return query select call.id, c.status, true, c.credits_charged from public.calls c where c.id = call.id;
    return;
  end if;
  return query select call.id, c.status, c.settled_at is not null, c.credits_charged from public.calls c
                where c.id = call.id;
end
$$;

-- The sweeper's phone half (voice-call-sweeper): settles open calls whose lease expired (and that
-- Twilio did not report within `grace_seconds`), ended calls Twilio never reported within the grace,
-- and calls past their reservation plus the grace; at their last sign of life, on the server clock.
create or replace function public.phone_sweep_calls(lease_seconds integer, grace_seconds integer default 120,
                                                    max_calls integer default 100)
returns table (call_id uuid, duration_seconds integer, credits_charged integer)
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
            or coalesce(c.ended_at, coalesce(c.last_seen_at, c."timestamp")
                                    + make_interval(secs => phone_sweep_calls.lease_seconds))
               + make_interval(secs => case when c.source = 'twilio' then phone_sweep_calls.grace_seconds else 0 end)
               < now())
     order by c."timestamp"
     limit phone_sweep_calls.max_calls
     for update skip locked
  loop
    if open_call.ended_at is null then
      update public.calls c set ended_reason = 'lease_expired' where c.id = open_call.id;
    end if;
    return query select open_call.id, s.duration_seconds, s.credits_charged
                   from private.settle_phone_call(open_call.id,
                          private.phone_call_observed_end(open_call, phone_sweep_calls.lease_seconds)) s
                  where s.claimed;
  end loop;
end
$$;

-- transfer_call: the open call of a conversation (the tool knows its conversation, never a call id
-- from the model) records where it is handed; the number is the agent's, read here.
create or replace function public.phone_request_transfer(conversation_id uuid)
returns table (call_id uuid, call_sid text, source text, transfer_number text)
language plpgsql security definer set search_path = '' as $$
declare
  call public.calls;
  target text;
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
  update public.calls c set transferred_to = target, transferred_at = coalesce(c.transferred_at, now())
   where c.id = call.id;
  return query select call.id, call.call_sid, call.source, target;
end
$$;

-- The ConversationRelay action callback: where a call the agent transferred goes (null: hang up).
create or replace function public.phone_transfer_target(call_sid text)
returns text
language sql stable security definer set search_path = '' as $$
  select c.transferred_to from public.calls c
   where c.call_sid = phone_transfer_target.call_sid and c.source = 'twilio' and c.transferred_at is not null
$$;

-- The recording callback: where the file goes ({owner}/{agent}/calls/{call}) and whether this
-- RecordingSid is already linked (a replay: nothing to copy).
create or replace function public.phone_recording_target(call_sid text, recording_sid text)
returns table (call_id uuid, owner_id uuid, agent_id uuid, already_linked boolean)
language sql stable security definer set search_path = '' as $$
  select c.id, c.user_id, c.assigned_agent, c.recording_sid is not null and c.recording_sid = phone_recording_target.recording_sid
    from public.calls c where c.call_sid = phone_recording_target.call_sid and c.source = 'twilio'
$$;

-- Links a copied recording to its call; the object must be in the owner's folder. False when the
-- call already has another recording linked.
create or replace function public.phone_link_recording(call_id uuid, recording_sid text, recording_path text,
                                                       channels integer, duration integer default null)
returns boolean
language plpgsql security definer set search_path = '' as $$
begin
  update public.calls c
     set recording_sid = phone_link_recording.recording_sid, recording_path = phone_link_recording.recording_path,
         recording_channels = phone_link_recording.channels, recording_duration = phone_link_recording.duration,
         recording_url = null
   where c.id = phone_link_recording.call_id
     and (c.recording_sid is null or c.recording_sid = phone_link_recording.recording_sid)
     and phone_link_recording.recording_path like c.user_id::text || '/%'
     and phone_link_recording.recording_path not like '%..%';
  return found;
end
$$;

-- Webhook receipts: a Twilio callback is processed once. Keyed by its natural key (CallSid +
-- status, RecordingSid) and by Twilio's I-Twilio-Idempotency-Token (the same on retries). No
-- client role can read or write it (private schema, RLS on, no grants, no policies).
create table private.twilio_webhook_receipts (
  id bigint generated always as identity primary key,
  kind text not null check (kind in ('incoming', 'status', 'recording', 'relay_action')),
  natural_key text not null check (char_length(natural_key) <= 200),
  idempotency_token text check (char_length(idempotency_token) <= 200),
  received_at timestamptz not null default now(),
  unique (kind, natural_key)
);
create unique index twilio_webhook_receipts_token_idx on private.twilio_webhook_receipts (idempotency_token)
  where idempotency_token is not null;
create index twilio_webhook_receipts_received_at_idx on private.twilio_webhook_receipts (received_at);
alter table private.twilio_webhook_receipts enable row level security;
revoke all on table private.twilio_webhook_receipts from public, anon, authenticated;

-- True for the first delivery of a callback, false for a replay or a retry. Receipts older than
-- 30 days go (Twilio retries within minutes).
create or replace function public.twilio_claim_webhook(kind text, natural_key text, idempotency_token text default null)
returns boolean
language plpgsql security definer set search_path = '' as $$
begin
  insert into private.twilio_webhook_receipts (kind, natural_key, idempotency_token)
  values (twilio_claim_webhook.kind, left(twilio_claim_webhook.natural_key, 200),
          nullif(left(twilio_claim_webhook.idempotency_token, 200), ''))
  on conflict do nothing;
  if not found then
    return false;
  end if;
  if random() < 0.01 then
    delete from private.twilio_webhook_receipts r where r.received_at < now() - interval '30 days';
  end if;
  return true;
end
$$;

-- Processing a claimed callback failed: forget the claim so Twilio's retry is processed.
create or replace function public.twilio_release_webhook(kind text, natural_key text)
returns void
language sql security definer set search_path = '' as $$
  delete from private.twilio_webhook_receipts r
   where r.kind = twilio_release_webhook.kind and r.natural_key = left(twilio_release_webhook.natural_key, 200)
$$;

-- The transfer_call tool, a 'system' tool like every catalogue tool. Not picked by owners
-- (enabled = false keeps it out of the tools page and agent_for_turn): the phone channel offers it
-- on calls of agents that have a transfer number (_shared/tools/transfer.ts).
insert into public.tool_catalogue (id, name, description, icon, enabled, function_definition, default_config, sort_order)
values ('transfer_call', 'Call transfer', 'Hands a phone caller to a human at the agent''s transfer number.', 'default',
        false,
        '{"name": "transfer_call", "description": "Transfer the phone caller to a human colleague. Use it when the caller asks for a person or when you cannot help. Tell the caller you are transferring them before calling it.",
          "parameters": {"type": "object", "properties": {
            "reason": {"type": "string", "description": "Why the caller is transferred, in a few words"}},
          "required": []}}',
        '{}', 100)
on conflict (id) do nothing;

revoke all on function private.phone_duration_tolerance_seconds(), private.phone_status_rank(text),
  private.phone_call_view(public.calls),
  private.phone_insert_call(public.agents, text, text, text, text, uuid, text, text),
  private.phone_call_observed_end(public.calls, integer), private.settle_phone_call(uuid, timestamptz)
  from public, anon, authenticated;
revoke all on function public.phone_open_call(text, text, text, text), public.phone_open_sandbox_call(uuid, text),
  public.phone_attach_call(uuid, text), public.phone_heartbeat(uuid, integer), public.phone_mark_ended(uuid, text),
  public.phone_call_status(text, text, integer, integer), public.phone_sweep_calls(integer, integer, integer),
  public.phone_request_transfer(uuid), public.phone_transfer_target(text), public.phone_recording_target(text, text),
  public.phone_link_recording(uuid, text, text, integer, integer), public.twilio_claim_webhook(text, text, text),
  public.twilio_release_webhook(text, text)
  from public, anon, authenticated;
grant execute on function public.phone_open_call(text, text, text, text),
  public.phone_attach_call(uuid, text), public.phone_heartbeat(uuid, integer), public.phone_mark_ended(uuid, text),
  public.phone_call_status(text, text, integer, integer), public.phone_sweep_calls(integer, integer, integer),
  public.phone_request_transfer(uuid), public.phone_transfer_target(text), public.phone_recording_target(text, text),
  public.phone_link_recording(uuid, text, text, integer, integer), public.twilio_claim_webhook(text, text, text),
  public.twilio_release_webhook(text, text)
  to service_role;
-- The sandbox opener checks the caller itself (the agent's owner).
grant execute on function public.phone_open_sandbox_call(uuid, text) to authenticated;
