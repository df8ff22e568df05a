-- One meter for every call: the minutes a settled call costs and its one ledger entry are
-- computed in one place, whichever kind of call is settled. A started minute counts as a whole
-- one; the charge never takes the balance below zero; the ledger's unique call_id makes a second
-- charge of the same call a no-op, so parallel ends and sweeps charge once.
-- Latest definitions redefined, same arguments and results: private.settle_voice_call from
-- 20261202105100, private.settle_phone_call from 20261125220000; only their charging moved here.

-- Returns the credits charged: 0 when nothing was billed, the balance is empty, or the call was
-- already charged.
create function private.charge_call_minutes(owner_id uuid, call_id uuid, billed_seconds integer, description text)
returns integer
language plpgsql security definer set search_path = '' as $$
-- `on conflict (call_id)` names the ledger column; parameters are always written qualified.
#variable_conflict use_column
declare
  minutes integer := (greatest(coalesce(charge_call_minutes.billed_seconds, 0), 0) + 59) / 60;
  balance integer;
  charged integer;
begin
  if minutes = 0 then
    return 0;
  end if;
  -- The profile lock serialises this debit with every other one of the owner.
  select p.credits into balance from public.profiles p where p.id = charge_call_minutes.owner_id for update;
  charged := least(minutes, greatest(coalesce(balance, 0), 0));
  if charged = 0 then
    return 0;
  end if;
  insert into public.credit_ledger (user_id, type, amount, call_id, description)
  values (charge_call_minutes.owner_id, 'usage', -charged, charge_call_minutes.call_id, charge_call_minutes.description)
  on conflict (call_id) where type = 'usage' and call_id is not null do nothing;
  if not found then
    return 0;
  end if;
  return charged;
end
$$;
revoke all on function private.charge_call_minutes(uuid, uuid, integer, text) from public, anon, authenticated;

create or replace function private.settle_voice_call(call_id uuid, transcript jsonb, observed_end timestamp with time zone)
returns table(claimed boolean, duration_seconds integer, credits_charged integer)
language plpgsql security definer set search_path = '' as $$
#variable_conflict use_column
declare
  settled public.voice_calls;
  ended timestamptz;
  charged integer := 0;
  size bigint;
  lines integer;
begin
  update public.voice_calls v
     set status = 'completed',
         recording_end_time = least(coalesce(settle_voice_call.observed_end, now()), now(),
                                    v.created_at + make_interval(secs => v.max_duration_seconds)),
         duration = least(v.max_duration_seconds, greatest(0, floor(extract(epoch from
                      least(coalesce(settle_voice_call.observed_end, now()), now()) - v.created_at)))::integer),
         uncharged_reason = case when v.caller_audio_at is null then 'no_caller_audio' end
   where v.id = settle_voice_call.call_id and v.status = 'recording'
  returning v.* into settled;
  if not found then
    return query select false, v.duration, v.credits_charged from public.voice_calls v
                  where v.id = settle_voice_call.call_id;
    return;
  end if;
  ended := greatest(settled.recording_end_time, settled.created_at);

  -- No caller audio ever: nobody was on the call, so nothing is charged.
  charged := private.charge_call_minutes(settled.user_id, settled.id,
                                         case when settled.caller_audio_at is null then 0 else settled.duration end,
                                         'Voice call');

  if settled.storage_path is not null then
    select (o.metadata ->> 'size')::bigint into size
      from storage.objects o where o.bucket_id = 'recordings' and o.name = settled.storage_path;
  end if;
  update public.voice_calls v
     set credits_charged = charged,
         file_size = size,
         storage_path = case when size is null then null else v.storage_path end,
         file_name = case when size is null then null else v.file_name end,
         mime_type = case when size is null then null else v.mime_type end,
         format = case when size is null then null else v.format end
   where v.id = settled.id;

  if settled.conversation_id is not null then
    -- One millisecond apart, ending at the call's end, so the stored order is the spoken order.
    lines := case when jsonb_typeof(settle_voice_call.transcript) = 'array'
                  then least(jsonb_array_length(settle_voice_call.transcript), 400) else 0 end;
    if lines > 0 then
      insert into public.messages (conversation_id, user_id, agent_id, role, content, verified, metadata, "timestamp")
      select settled.conversation_id, settled.user_id, settled.agent_id, t.line ->> 'role', left(t.line ->> 'text', 50000),
             false, '{"source": "browser_transcript"}'::jsonb,
             ended - make_interval(secs => (lines - t.ord)::double precision / 1000)
        from jsonb_array_elements(settle_voice_call.transcript) with ordinality as t(line, ord)
       where t.ord <= lines
         and t.line ->> 'role' in ('user', 'assistant')
         and coalesce(btrim(t.line ->> 'text'), '') <> '';
    end if;
    update public.conversations c
       set ended_at = ended, last_message_at = greatest(c.last_message_at, ended)
     where c.id = settled.conversation_id;
  end if;

  return query select true, settled.duration, charged;
end
$$;

create or replace function private.settle_phone_call(call_id uuid, observed_end timestamp with time zone)
returns table(claimed boolean, duration_seconds integer, credits_charged integer)
language plpgsql security definer set search_path = '' as $$
#variable_conflict use_column
declare
  settled public.calls;
  server_end timestamptz;
  server_seconds integer;
  billed integer;
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
  charged := private.charge_call_minutes(settled.user_id, settled.id, billed,
                                         case settled.source when 'sandbox' then 'Phone call (sandbox)'
                                                             else 'Phone call' end);
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
