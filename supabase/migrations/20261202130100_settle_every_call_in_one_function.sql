-- One settle function for every call: private.settle_call claims the call (only one caller can),
-- works out what it is billed by its kind, charges it through the one meter and closes its
-- conversation. The kinds differ only where they really do:
--
--   * a browser voice call is claimed by moving it from 'recording' to 'completed'; its end is the
--     observed end (now, or the last sign of life of a lapsed lease) capped by its reservation, and
--     its billed time the database clock from start to end, or nothing if the caller's audio never
--     reached it; its recording's metadata is kept only if the file is really in Storage; the
--     page's transcript lines are written to the conversation, ending at the call's end.
--   * a phone call is claimed by setting settled_at; its end is the relay's, else the observed
--     end; Twilio's duration bounds the bill when Twilio carried the call (and is the bill of a
--     transferred call, within its reservation); a still open status becomes 'completed'.
--
-- private.settle_voice_call and private.settle_phone_call stay, with their arguments and results,
-- as wrappers for their callers: each settles only a call of its own kind.

create function private.settle_call(call_id uuid, observed_end timestamptz, transcript jsonb default '[]')
returns table (claimed boolean, duration_seconds integer, credits_charged integer)
language plpgsql security definer set search_path = '' as $$
#variable_conflict use_column
declare
  call_kind text;
  settled public.calls;
  server_end timestamptz;
  server_seconds integer;
  billed integer;
  charged integer := 0;
  size bigint;
  lines integer;
begin
  select c.kind into call_kind from public.calls c where c.id = settle_call.call_id;
  if not found then
    return;
  end if;

  if call_kind = 'browser_voice' then
    update public.calls c
       set status = 'completed',
           settled_at = now(),
           ended_at = least(coalesce(settle_call.observed_end, now()), now(),
                            c."timestamp" + make_interval(secs => c.max_duration_seconds)),
           duration = least(c.max_duration_seconds, greatest(0, floor(extract(epoch from
                        least(coalesce(settle_call.observed_end, now()), now()) - c."timestamp")))::integer),
           uncharged_reason = case when c.caller_audio_at is null then 'no_caller_audio' end
     where c.id = settle_call.call_id and c.status = 'recording'
    returning c.* into settled;
  else
    update public.calls c set settled_at = now()
     where c.id = settle_call.call_id and c.settled_at is null
    returning c.* into settled;
  end if;
  if not found then
    return query select false, c.duration, c.credits_charged from public.calls c where c.id = settle_call.call_id;
    return;
  end if;

  if call_kind = 'browser_voice' then
    server_end := greatest(settled.ended_at, settled."timestamp");
    -- No caller audio ever: nobody was on the call, so nothing is charged.
    billed := case when settled.caller_audio_at is null then 0 else settled.duration end;
    charged := private.charge_call_minutes(settled.user_id, settled.id, billed, 'Voice call');
    if settled.recording_path is not null then
      select (o.metadata ->> 'size')::bigint into size
        from storage.objects o where o.bucket_id = 'recordings' and o.name = settled.recording_path;
    end if;
    update public.calls c
       set credits_charged = charged,
           file_size = size,
           recording_path = case when size is null then null else c.recording_path end,
           file_name = case when size is null then null else c.file_name end,
           mime_type = case when size is null then null else c.mime_type end,
           format = case when size is null then null else c.format end
     where c.id = settled.id;
    if settled.conversation_id is not null then
      -- One millisecond apart, ending at the call's end, so the stored order is the spoken order.
      lines := case when jsonb_typeof(settle_call.transcript) = 'array'
                    then least(jsonb_array_length(settle_call.transcript), 400) else 0 end;
      if lines > 0 then
        insert into public.messages (conversation_id, user_id, agent_id, role, content, verified, metadata, "timestamp")
        select settled.conversation_id, settled.user_id, settled.assigned_agent, t.line ->> 'role',
               left(t.line ->> 'text', 50000), false, '{"source": "browser_transcript"}'::jsonb,
               server_end - make_interval(secs => (lines - t.ord)::double precision / 1000)
          from jsonb_array_elements(settle_call.transcript) with ordinality as t(line, ord)
         where t.ord <= lines
           and t.line ->> 'role' in ('user', 'assistant')
           and coalesce(btrim(t.line ->> 'text'), '') <> '';
      end if;
      update public.conversations c
         set ended_at = server_end, last_message_at = greatest(c.last_message_at, server_end)
       where c.id = settled.conversation_id;
    end if;
    return query select true, settled.duration, charged;
    return;
  end if;

  server_end := least(coalesce(settled.ended_at, settle_call.observed_end, now()), now());
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

create or replace function private.settle_voice_call(call_id uuid, transcript jsonb, observed_end timestamptz)
returns table (claimed boolean, duration_seconds integer, credits_charged integer)
language sql security definer set search_path = '' as $$
  select s.claimed, s.duration_seconds, s.credits_charged
    from public.calls c
   cross join lateral private.settle_call(c.id, settle_voice_call.observed_end, settle_voice_call.transcript) s
   where c.id = settle_voice_call.call_id and c.kind = 'browser_voice'
$$;

create or replace function private.settle_phone_call(call_id uuid, observed_end timestamptz)
returns table (claimed boolean, duration_seconds integer, credits_charged integer)
language sql security definer set search_path = '' as $$
  select s.claimed, s.duration_seconds, s.credits_charged
    from public.calls c
   cross join lateral private.settle_call(c.id, settle_phone_call.observed_end) s
   where c.id = settle_phone_call.call_id and c.kind = 'phone'
$$;

revoke all on function private.settle_call(uuid, timestamptz, jsonb) from public, anon, authenticated;
