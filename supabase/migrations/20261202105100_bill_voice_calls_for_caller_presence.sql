-- A browser voice call is kept alive and billed for a person being there, not for the server's own
-- connection, and every agent bounds its calls.
--
-- Before this migration a call whose page never sent a heartbeat stayed open for 30 minutes and
-- was charged 31 credits: the server's control connection to the call renewed the lease itself, so
-- the lease proved only that the server was connected. And a start storm cost the owner a credit
-- per call held for a second and a half, though no caller ever spoke. Now:
--   * the lease follows evidence of a person: the page's heartbeat, or the caller's audio seen on
--     the control connection (`voice_control_heartbeat` renews it only when it reports caller
--     audio); a call whose lease lapses is settled at the last such evidence, as before;
--   * `caller_audio_at` keeps the last time the caller's audio was seen; a call that never carried
--     any is settled at 0 credits with `uncharged_reason = 'no_caller_audio'` (its duration is
--     still recorded);
--   * each agent has a longest call (`voice_max_call_seconds`, 5 min to 4 h, default 1 h): a
--     call's reservation never grows past it, so the call says goodbye and is cut off there like
--     at the end of the owner's credit; and an idle cut-off (`voice_idle_seconds`, 15 s to 10 min,
--     default 60 s): after that long without the caller's audio the call's control says goodbye
--     and ends the call (the control connection's clock times it; the heartbeat tells it the
--     agent's setting).
-- Latest definitions redefined: private.settle_voice_call from 20261124100000 (same arguments);
-- voice_heartbeat from 20261124190000 (same arguments and result, now over voice_renew_call).

alter table public.agents
  add column voice_max_call_seconds integer not null default 3600
    constraint agents_voice_max_call_seconds_range check (voice_max_call_seconds between 300 and 14400),
  add column voice_idle_seconds integer not null default 60
    constraint agents_voice_idle_seconds_range check (voice_idle_seconds between 15 and 600);
comment on column public.agents.voice_max_call_seconds is
  'Longest voice call of this agent, in seconds (5 min to the platform''s 4 h): the call says goodbye and ends there.';
comment on column public.agents.voice_idle_seconds is
  'Seconds without the caller''s audio after which a voice call of this agent says goodbye and ends.';
-- The owner edits them with the agent's other voice settings (the agents update policy applies).
grant update (voice_max_call_seconds, voice_idle_seconds) on table public.agents to authenticated;

alter table public.voice_calls
  add column caller_audio_at timestamptz,
  add column uncharged_reason text
    constraint voice_calls_uncharged_reason_known check (uncharged_reason in ('no_caller_audio'));
comment on column public.voice_calls.caller_audio_at is
  'The last time the caller''s audio was seen on the call''s control connection (null: never). Written only by the voice functions.';
comment on column public.voice_calls.uncharged_reason is
  'Why a settled call was charged nothing although it lasted: no_caller_audio (the caller''s audio never reached the call).';

-- The billing core (20261124100000) with the presence rule: a call that never carried the caller's
-- audio is charged nothing, with the reason kept on the row. Everything else is unchanged.
create or replace function private.settle_voice_call(call_id uuid, transcript jsonb, observed_end timestamptz)
returns table (claimed boolean, duration_seconds integer, credits_charged integer)
language plpgsql security definer set search_path = '' as $$
-- `on conflict (call_id)` names the ledger column; parameters are always written qualified.
#variable_conflict use_column
declare
  settled public.voice_calls;
  ended timestamptz;
  minutes integer;
  balance integer;
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
  minutes := case when settled.caller_audio_at is null then 0 else (settled.duration + 59) / 60 end;
  if minutes > 0 then
    -- The profile lock serialises this debit with every other one of the owner.
    select p.credits into balance from public.profiles p where p.id = settled.user_id for update;
    charged := least(minutes, greatest(coalesce(balance, 0), 0));
    if charged > 0 then
      insert into public.credit_ledger (user_id, type, amount, call_id, description)
      values (settled.user_id, 'usage', -charged, settled.id, 'Voice call')
      on conflict (call_id) where type = 'usage' and call_id is not null do nothing;
      if not found then
        charged := 0;
      end if;
    end if;
  end if;

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

-- The longest a call may be reserved for: the agent's longest call, never past the platform's.
create or replace function private.voice_call_cap_seconds(call public.voice_calls)
returns integer
language sql stable security definer set search_path = '' as $$
  select least(private.voice_call_max_seconds(),
               coalesce((select a.voice_max_call_seconds from public.agents a where a.id = call.agent_id),
                        private.voice_call_max_seconds()))
$$;

-- One renewal of an open call (voice_heartbeat of 20261124190000, generalised): `renew` says
-- whether this renewal proves a person is there (the page's heartbeat, or caller audio), and only
-- then is the lease renewed; the reservation is topped up either way, up to the agent's longest
-- call. Also gives the agent's idle cut-off. No row for a call not open.
create or replace function private.voice_renew_call(call_id uuid, lease_seconds integer, renew boolean)
returns table (open boolean, seconds_left integer, reservation_final boolean, provider_call_id text,
               idle_seconds integer)
language plpgsql security definer set search_path = '' as $$
declare
  call public.voice_calls;
  ends timestamptz;
  reserved integer;
  unreserved integer;
  extra integer;
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
  if reserved < cap
     and ends - now() < make_interval(secs => private.voice_reservation_top_up_seconds()) then
    -- Same lock as starts and settling: parallel heartbeats of the owner's calls grant one at a time.
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
    -- Only to tell the caller whether the reservation could still grow: no grant, no lock.
    unreserved := private.voice_unreserved_minutes(call.user_id, call.id) - (reserved + 59) / 60;
  end if;
  update public.voice_calls v
     set last_seen_at = case when voice_renew_call.renew then now() else v.last_seen_at end,
         max_duration_seconds = reserved
   where v.id = call.id;
  return query select true, ceil(extract(epoch from ends - now()))::integer,
                      unreserved < 1 or reserved >= cap, null::text, idle;
end
$$;

-- The page's heartbeat (voice-session, with the call token): a person's page is there, so the
-- lease is renewed. Same arguments and result as before.
create or replace function public.voice_heartbeat(call_id uuid, lease_seconds integer)
returns table (open boolean, seconds_left integer, reservation_final boolean, provider_call_id text)
language sql security definer set search_path = '' as $$
  select r.open, r.seconds_left, r.reservation_final, r.provider_call_id
    from private.voice_renew_call(voice_heartbeat.call_id, voice_heartbeat.lease_seconds, true) r
$$;

-- The call's control connection (the server's own): tops the reservation up and tells the control
-- the agent's idle cut-off, but renews the lease only when it saw the caller's audio since its last
-- renewal (and then records when). The connection being open proves nothing about a person.
create or replace function public.voice_control_heartbeat(call_id uuid, lease_seconds integer, caller_audio boolean)
returns table (open boolean, seconds_left integer, reservation_final boolean, provider_call_id text,
               idle_seconds integer)
language plpgsql security definer set search_path = '' as $$
begin
  if coalesce(voice_control_heartbeat.caller_audio, false) then
    update public.voice_calls v set caller_audio_at = now()
     where v.id = voice_control_heartbeat.call_id and v.status = 'recording';
  end if;
  return query select * from private.voice_renew_call(voice_control_heartbeat.call_id,
                                                       voice_control_heartbeat.lease_seconds,
                                                       coalesce(voice_control_heartbeat.caller_audio, false));
end
$$;

revoke all on function private.voice_call_cap_seconds(public.voice_calls),
  private.voice_renew_call(uuid, integer, boolean) from public, anon, authenticated;
revoke all on function public.voice_heartbeat(uuid, integer),
  public.voice_control_heartbeat(uuid, integer, boolean) from public, anon, authenticated;
grant execute on function public.voice_heartbeat(uuid, integer),
  public.voice_control_heartbeat(uuid, integer, boolean) to service_role;
