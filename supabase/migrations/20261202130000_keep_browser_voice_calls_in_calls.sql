-- One table for every call: a browser voice call becomes a `public.calls` row with
-- kind = 'browser_voice', and `public.voice_calls` goes.
--
-- Columns a browser call needs that `calls` lacked are added; those that mean the same thing are
-- shared:
--   voice_calls.agent_id           -> calls.assigned_agent
--   voice_calls.created_at         -> calls."timestamp" (the call's start; created_at kept too)
--   voice_calls.recording_start_time -> calls."timestamp" (always the start)
--   voice_calls.recording_end_time -> calls.ended_at (the server-timed end)
--   voice_calls.storage_path       -> calls.recording_path (the file in the `recordings` bucket)
-- and a browser call now gets `settled_at` when it is settled, like a phone call.
--
-- Each kind keeps its own rules: a phone call has both numbers and the phone statuses (its
-- CallSid stays unique, and optional as it always was); a browser call has none of the phone
-- line's fields, keeps its own statuses ('recording' while open, then 'completed' or 'failed'),
-- and only it has a provider call id, hang-up attempts, caller audio and an uncharged reason.
--
-- Rows are copied with their ids, so the ledger's call ids, recording annotations and the voice
-- starts' call ids keep naming the same calls. Every function that read or wrote `voice_calls` is
-- redefined on `calls` (same names, arguments and results), and every phone function that looks
-- calls up now looks at phone calls only.

-- Columns ---------------------------------------------------------------------------------------

alter table public.calls
  add column agent_name text check (char_length(agent_name) <= 100),
  add column file_name text check (char_length(file_name) <= 255),
  add column download_url text check (char_length(download_url) <= 2048),
  add column file_size bigint check (file_size >= 0),
  add column mime_type text check (char_length(mime_type) <= 100),
  add column format text check (char_length(format) <= 20),
  add column is_public boolean not null default false,
  add column is_mobile_compatible boolean not null default false,
  add column installation_id text check (char_length(installation_id) <= 100),
  add column provider_call_id text check (char_length(provider_call_id) <= 200),
  add column provider_hung_up_at timestamptz,
  add column hangup_attempts smallint not null default 0 check (hangup_attempts >= 0),
  add column caller_audio_at timestamptz,
  add column uncharged_reason text constraint calls_uncharged_reason_known check (uncharged_reason = 'no_caller_audio');

comment on column public.calls.agent_name is
  'browser_voice: the agent''s name when the call opened (kept if the agent is deleted).';
comment on column public.calls.file_name is 'browser_voice: the recording''s file name.';
comment on column public.calls.mime_type is 'browser_voice: the recording''s media type.';
comment on column public.calls.file_size is
  'browser_voice: the recording''s size in Storage when the call was settled (null: no file).';
comment on column public.calls.provider_call_id is
  'browser_voice: the realtime provider''s call id (OpenAI rtc_…), to hang the call up. Written only by the voice functions.';
comment on column public.calls.provider_hung_up_at is
  'browser_voice: when the provider call was hung up (or found already gone); null while a hang-up is still due.';
comment on column public.calls.hangup_attempts is 'browser_voice: failed hang-ups of the provider call so far.';
comment on column public.calls.caller_audio_at is
  'browser_voice: the last time the caller''s audio was seen on the call''s control connection (null: never). Written only by the voice functions.';
comment on column public.calls.uncharged_reason is
  'browser_voice: why a settled call was charged nothing although it lasted: no_caller_audio (the caller''s audio never reached the call).';
comment on column public.calls.ended_at is
  'Server-timed end. phone: the relay saw the socket close, or the last sign of life of a call whose lease expired; browser_voice: set when the call is settled (capped by its reservation).';
comment on column public.calls.recording_path is
  'The recording''s object in the private `recordings` bucket, under the owner''s folder (browser_voice: kept only if the file is there when the call is settled).';
comment on column public.calls.conversation_id is
  'The conversation (channel phone, web_voice or sandbox) holding the call''s transcript.';
comment on column public.calls.last_seen_at is
  'Liveness lease (database clock): phone: the relay socket''s last heartbeat; browser_voice: the page''s or the control connection''s last renewal.';
comment on column public.calls.settled_at is
  'When the call was billed (its one usage ledger entry, keyed by the call id). Null = not settled; an open call holds its reservation.';

-- Statuses per kind, and the fields only one kind has.
alter table public.calls drop constraint calls_status_check;
alter table public.calls add constraint calls_status_matches_kind check (
  (kind = 'phone' and status in ('queued', 'ringing', 'in_progress', 'completed', 'failed', 'canceled', 'busy', 'no-answer'))
  or (kind = 'browser_voice' and status in ('recording', 'processing', 'completed', 'failed'))
);
alter table public.calls add constraint calls_phone_has_no_provider_call check (
  kind <> 'phone' or (provider_call_id is null and provider_hung_up_at is null and hangup_attempts = 0
                      and caller_audio_at is null and uncharged_reason is null)
);
alter table public.calls add constraint calls_browser_voice_has_no_line check (
  kind <> 'browser_voice'
  or (call_sid is null and from_number is null and to_number is null and phone_number_id is null
      and recording_sid is null and twilio_duration is null and transferred_to is null and transferred_at is null
      and ended_reason is null and voice_mode is null)
);

-- Indexes the browser calls' queries had on voice_calls.
create index calls_browser_open_idx on public.calls ("timestamp")
  where kind = 'browser_voice' and status = 'recording';
create index calls_hangup_due_idx on public.calls ("timestamp")
  where provider_call_id is not null and provider_hung_up_at is null;
create index calls_voice_insights_user_idx on public.calls (user_id, "timestamp")
  include (assigned_agent, duration, conversation_id)
  where status = 'completed' and kind = 'browser_voice' and source = 'visitor';
create index calls_voice_insights_agent_idx on public.calls (assigned_agent, "timestamp")
  include (duration, conversation_id)
  where status = 'completed' and kind = 'browser_voice' and source = 'visitor';

-- Triggers --------------------------------------------------------------------------------------
-- Redefined before the copy, so copying the browser calls neither forgets their conversations nor
-- counts a contact's call time twice, and the copy does not count them again in insights (their
-- counts are already there): the insights and failure triggers take browser calls only once the
-- rows are in.

-- Only a phone call's unanswered statuses forget its conversation.
create or replace function private.forget_unanswered_call_conversation() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if new.kind = 'phone' and new.status in ('busy', 'no-answer', 'canceled', 'failed') and new.conversation_id is not null
     and (tg_op = 'INSERT' or old.status is distinct from new.status) then
    perform private.forget_call_conversation(new.conversation_id);
  end if;
  return null;
end
$$;

create or replace function private.refresh_contact_call_duration(contact uuid) returns void
language sql security definer set search_path = '' as $$
  update public.contacts k set total_call_duration = (
    select coalesce(sum(c.duration), 0) from public.calls c join public.conversations v on v.id = c.conversation_id
     where v.contact_id = contact and c.status = 'completed')
  where k.id = contact
$$;

drop trigger voice_calls_insights on public.voice_calls;
drop trigger voice_calls_notify_failed on public.voice_calls;
drop trigger voice_calls_refresh_contact on public.voice_calls;

-- A failed call of either kind tells its owner once.
create or replace function private.notify_failed_call() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if not ((new.kind = 'phone' and new.status in ('failed', 'busy', 'no-answer'))
          or (new.kind = 'browser_voice' and new.status = 'failed'))
     or (tg_op = 'UPDATE' and old.status is not distinct from new.status) then
    return new;
  end if;
  insert into public.notifications (user_id, kind, route, data, source_id)
  values (
    new.user_id, 'failed_call', private.call_route(new.assigned_agent, new.id),
    jsonb_strip_nulls(jsonb_build_object(
      'channel', case new.kind when 'phone' then 'phone' else 'web_voice' end,
      'status', new.status, 'from', new.from_number,
      'agentName', private.agent_name(new.assigned_agent))),
    new.id)
  on conflict (kind, source_id) do nothing;
  return new;
end
$$;
revoke all on function private.notify_failed_call() from public, anon, authenticated;

-- Its trigger comes after the copy: copying a failed call is not a new failure.
drop trigger calls_notify_failed on public.calls;
drop function private.notify_failed_phone_call();
drop function private.notify_failed_voice_call();

-- The copy --------------------------------------------------------------------------------------

insert into public.calls (
  id, kind, user_id, assigned_agent, agent_name, conversation_id, direction, status, source, duration,
  "timestamp", created_at, ended_at, settled_at, recording_path, file_name, download_url, file_size, mime_type, format,
  is_public, is_mobile_compatible, installation_id, credits_charged, max_duration_seconds, provider_call_id,
  last_seen_at, provider_hung_up_at, hangup_attempts, caller_audio_at, uncharged_reason)
select v.id, 'browser_voice', v.user_id, v.agent_id, v.agent_name, v.conversation_id, 'inbound', v.status, v.source,
       v.duration, v.created_at, v.created_at, v.recording_end_time,
       case when v.status = 'completed' then coalesce(v.recording_end_time, v.created_at) end,
       v.storage_path, v.file_name, v.download_url, v.file_size, v.mime_type, v.format, v.is_public,
       v.is_mobile_compatible, v.installation_id, v.credits_charged, v.max_duration_seconds, v.provider_call_id,
       v.last_seen_at, v.provider_hung_up_at, v.hangup_attempts, v.caller_audio_at, v.uncharged_reason
  from public.voice_calls v;

-- Helpers that took a voice_calls row take a calls row.
drop function private.voice_call_observed_end(public.voice_calls, integer);
drop function private.voice_call_cap_seconds(public.voice_calls);

drop table public.voice_calls;

create trigger calls_notify_failed after insert or update of status on public.calls
  for each row execute function private.notify_failed_call();

create function private.voice_call_observed_end(call public.calls, lease_seconds integer) returns timestamptz
language sql stable set search_path = '' as $$
  select case when coalesce(call.last_seen_at, call."timestamp") + make_interval(secs => lease_seconds) < now()
              then coalesce(call.last_seen_at, call."timestamp") end
$$;

create function private.voice_call_cap_seconds(call public.calls) returns integer
language sql stable security definer set search_path = '' as $$
  select private.agent_call_cap_seconds(call.assigned_agent)
$$;

revoke all on function private.voice_call_observed_end(public.calls, integer),
  private.voice_call_cap_seconds(public.calls) from public, anon, authenticated;

-- Insights and failure notices, per kind ----------------------------------------------------------

create or replace function private.insights_track_call() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if tg_op <> 'INSERT' and old.status = 'completed' then
    if old.kind = 'phone' and old.source = 'twilio' then
      perform private.insights_bump(old.user_id, old.assigned_agent, 'phone', old."timestamp", d_calls => -1,
                                    d_seconds => -old.duration);
      perform private.insights_recount_person(old.user_id, old.assigned_agent, old.caller_key);
    elsif old.kind = 'browser_voice' and old.source = 'visitor' then
      perform private.insights_bump(old.user_id, old.assigned_agent, 'web_voice', old."timestamp", d_calls => -1,
                                    d_seconds => -old.duration);
      perform private.insights_recount_person(old.user_id, old.assigned_agent,
                                              private.voice_person(old.id, old.conversation_id));
    end if;
  end if;
  if tg_op <> 'DELETE' and new.status = 'completed' then
    if new.kind = 'phone' and new.source = 'twilio' then
      perform private.insights_bump(new.user_id, new.assigned_agent, 'phone', new."timestamp", d_calls => 1,
                                    d_seconds => new.duration);
      perform private.insights_seen(new.user_id, new.assigned_agent, new.caller_key, new."timestamp", null);
    elsif new.kind = 'browser_voice' and new.source = 'visitor' then
      perform private.insights_bump(new.user_id, new.assigned_agent, 'web_voice', new."timestamp", d_calls => 1,
                                    d_seconds => new.duration);
      perform private.insights_seen(new.user_id, new.assigned_agent, private.voice_person(new.id, new.conversation_id),
                                    new."timestamp", null);
    end if;
  end if;
  return null;
end
$$;

drop trigger calls_insights on public.calls;
create trigger calls_insights
  after insert or delete or update of status, source, kind, duration, "timestamp", assigned_agent, user_id, from_number,
    conversation_id
  on public.calls for each row execute function private.insights_track_call();
drop function private.insights_track_voice_call();


-- Browser voice functions on calls ----------------------------------------------------------------

create or replace function private.voice_unreserved_minutes(owner uuid, except_call uuid) returns integer
language sql stable set search_path = '' as $$
  select (coalesce((select p.credits from public.profiles p where p.id = voice_unreserved_minutes.owner), 0)
          - coalesce((select sum((c.max_duration_seconds + 59) / 60) from public.calls c
                       where c.user_id = voice_unreserved_minutes.owner
                         and ((c.kind = 'phone' and c.settled_at is null)
                              or (c.kind = 'browser_voice' and c.status = 'recording'))
                         and c.id is distinct from voice_unreserved_minutes.except_call), 0))::integer
$$;

create or replace function private.settle_voice_call(call_id uuid, transcript jsonb, observed_end timestamptz)
returns table (claimed boolean, duration_seconds integer, credits_charged integer)
language plpgsql security definer set search_path = '' as $$
#variable_conflict use_column
declare
  settled public.calls;
  ended timestamptz;
  charged integer := 0;
  size bigint;
  lines integer;
begin
  update public.calls v
     set status = 'completed',
         settled_at = now(),
         ended_at = least(coalesce(settle_voice_call.observed_end, now()), now(),
                          v."timestamp" + make_interval(secs => v.max_duration_seconds)),
         duration = least(v.max_duration_seconds, greatest(0, floor(extract(epoch from
                      least(coalesce(settle_voice_call.observed_end, now()), now()) - v."timestamp")))::integer),
         uncharged_reason = case when v.caller_audio_at is null then 'no_caller_audio' end
   where v.id = settle_voice_call.call_id and v.kind = 'browser_voice' and v.status = 'recording'
  returning v.* into settled;
  if not found then
    return query select false, v.duration, v.credits_charged from public.calls v
                  where v.id = settle_voice_call.call_id and v.kind = 'browser_voice';
    return;
  end if;
  ended := greatest(settled.ended_at, settled."timestamp");

  -- No caller audio ever: nobody was on the call, so nothing is charged.
  charged := private.charge_call_minutes(settled.user_id, settled.id,
                                         case when settled.caller_audio_at is null then 0 else settled.duration end,
                                         'Voice call');

  if settled.recording_path is not null then
    select (o.metadata ->> 'size')::bigint into size
      from storage.objects o where o.bucket_id = 'recordings' and o.name = settled.recording_path;
  end if;
  update public.calls v
     set credits_charged = charged,
         file_size = size,
         recording_path = case when size is null then null else v.recording_path end,
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
      select settled.conversation_id, settled.user_id, settled.assigned_agent, t.line ->> 'role',
             left(t.line ->> 'text', 50000), false, '{"source": "browser_transcript"}'::jsonb,
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

create or replace function public.voice_open_call(agent_id uuid, storage_path text default null,
                                                  mime_type text default null, format text default null,
                                                  caller_id uuid default null)
returns table (call_id uuid, conversation_id uuid, reserved_seconds integer, reservation_final boolean,
               longest_seconds integer)
language plpgsql security definer set search_path = '' as $$
declare
  owner uuid;
  agent_name text;
  unreserved integer;
  reserved integer;
  conversation uuid;
  opened uuid;
  sandbox boolean;
begin
  select a.user_id, a.name into owner, agent_name from public.agents a where a.id = voice_open_call.agent_id;
  if not found then
    raise exception 'Agent not found' using errcode = 'PT404';
  end if;
  -- The owner's own test call (the console sandbox): the caller is whoever the function verified.
  sandbox := coalesce(voice_open_call.caller_id = owner, false);
  perform 1 from public.profiles p where p.id = owner for update;
  unreserved := private.voice_unreserved_minutes(owner, null);
  if unreserved < 1 then
    raise exception 'no_credits' using errcode = 'P0001';
  end if;
  if voice_open_call.storage_path is not null
     and (voice_open_call.storage_path not like owner::text || '/' || voice_open_call.agent_id::text || '/%'
          or voice_open_call.storage_path like '%..%') then
    raise exception 'The recording must be in the owner''s folder for this agent' using errcode = '22023';
  end if;
  reserved := least(unreserved::bigint * 60, private.voice_reservation_block_seconds(),
                    private.voice_call_max_seconds())::integer;
  insert into public.conversations (user_id, agent_id, channel)
  values (owner, voice_open_call.agent_id, case when sandbox then 'sandbox' else 'web_voice' end)
  returning id into conversation;
  insert into public.calls (kind, user_id, assigned_agent, agent_name, conversation_id, status, max_duration_seconds,
                            last_seen_at, recording_path, file_name, mime_type, format, source)
  values ('browser_voice', owner, voice_open_call.agent_id, left(agent_name, 100), conversation, 'recording', reserved,
          now(), voice_open_call.storage_path,
          case when voice_open_call.storage_path is not null
               then left(regexp_replace(voice_open_call.storage_path, '^.*/', ''), 255) end,
          case when voice_open_call.storage_path is not null then left(voice_open_call.mime_type, 100) end,
          case when voice_open_call.storage_path is not null then left(voice_open_call.format, 20) end,
          case when sandbox then 'sandbox' else 'visitor' end)
  returning id into opened;
  return query select opened, conversation, reserved,
                      unreserved - reserved / 60 < 1 or reserved >= private.voice_call_max_seconds(),
                      private.voice_call_max_seconds();
end
$$;

create or replace function public.voice_record_hangup(call_id uuid, hung_up boolean) returns void
language plpgsql security definer set search_path = '' as $$
begin
  update public.calls v
     set provider_hung_up_at = case when voice_record_hangup.hung_up then now() end,
         hangup_attempts = v.hangup_attempts + case when voice_record_hangup.hung_up then 0 else 1 end
   where v.id = voice_record_hangup.call_id and v.kind = 'browser_voice'
     and v.provider_call_id is not null and v.provider_hung_up_at is null;
end
$$;

create or replace function private.voice_renew_call(call_id uuid, lease_seconds integer, renew boolean)
returns table (open boolean, seconds_left integer, reservation_final boolean, provider_call_id text,
               idle_seconds integer)
language plpgsql security definer set search_path = '' as $$
declare
  call public.calls;
  ends timestamptz;
  reserved integer;
  unreserved integer;
  cap integer;
  idle integer;
begin
  if voice_renew_call.lease_seconds not between 1 and 3600 then
    raise exception 'invalid lease' using errcode = '22023';
  end if;
  select * into call from public.calls v
   where v.id = voice_renew_call.call_id and v.kind = 'browser_voice' and v.status = 'recording' for update;
  if not found then
    return;
  end if;
  select a.voice_idle_seconds into idle from public.agents a where a.id = call.assigned_agent;
  idle := coalesce(idle, 60);
  cap := private.voice_call_cap_seconds(call);
  reserved := call.max_duration_seconds;
  ends := call."timestamp" + make_interval(secs => reserved);
  if now() >= ends or private.voice_call_observed_end(call, voice_renew_call.lease_seconds) is not null then
    return query select false, 0, true, call.provider_call_id, idle;
    return;
  end if;
  select g.reserved_seconds, g.unreserved_minutes into reserved, unreserved
    from private.top_up_call_reservation(call.user_id, call.id, reserved, ends, cap) g;
  ends := call."timestamp" + make_interval(secs => reserved);
  update public.calls v
     set last_seen_at = case when voice_renew_call.renew then now() else v.last_seen_at end,
         max_duration_seconds = reserved
   where v.id = call.id;
  return query select true, ceil(extract(epoch from ends - now()))::integer,
                      unreserved < 1 or reserved >= cap, null::text, idle;
end
$$;

create or replace function public.voice_sweep_calls(lease_seconds integer, grace_seconds integer default 20,
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
    select * from public.calls v
     where v.kind = 'browser_voice' and v.status = 'recording'
       and (v."timestamp" + make_interval(secs => v.max_duration_seconds + voice_sweep_calls.grace_seconds) < now()
            or coalesce(v.last_seen_at, v."timestamp") + make_interval(secs => voice_sweep_calls.lease_seconds) < now())
     order by v."timestamp"
     limit voice_sweep_calls.max_calls
     for update skip locked
  loop
    return query select open_call.id, s.duration_seconds, s.credits_charged
                   from private.settle_voice_call(open_call.id, '[]'::jsonb,
                          private.voice_call_observed_end(open_call, voice_sweep_calls.lease_seconds)) s
                  where s.claimed;
  end loop;
end
$$;

create or replace function public.voice_attach_provider_call(call_id uuid, provider_call_id text) returns boolean
language plpgsql security definer set search_path = '' as $$
begin
  if coalesce(voice_attach_provider_call.provider_call_id, '') = ''
     or char_length(voice_attach_provider_call.provider_call_id) > 200 then
    raise exception 'provider_call_id is required (at most 200 characters)' using errcode = '22023';
  end if;
  update public.calls v set provider_call_id = voice_attach_provider_call.provider_call_id
   where v.id = voice_attach_provider_call.call_id and v.kind = 'browser_voice' and v.status = 'recording'
     and v.provider_call_id is null;
  return found;
end
$$;

create or replace function public.voice_end_call(call_id uuid, lease_seconds integer, transcript jsonb default '[]')
returns table (claimed boolean, duration_seconds integer, credits_charged integer, provider_call_id text)
language plpgsql security definer set search_path = '' as $$
declare
  call public.calls;
begin
  if voice_end_call.lease_seconds not between 1 and 3600 then
    raise exception 'invalid lease' using errcode = '22023';
  end if;
  select * into call from public.calls v where v.id = voice_end_call.call_id and v.kind = 'browser_voice';
  if not found then
    return;
  end if;
  return query
    select s.claimed, s.duration_seconds, s.credits_charged, case when s.claimed then call.provider_call_id end
      from private.settle_voice_call(call.id, voice_end_call.transcript,
                                     private.voice_call_observed_end(call, voice_end_call.lease_seconds)) s;
end
$$;

create or replace function private.voice_calls_in_progress(scope text, scope_key text) returns integer
language sql stable security definer set search_path = '' as $$
  select count(*)::integer
    from private.voice_call_starts s
   where case voice_calls_in_progress.scope
           when 'visitor' then s.visitor_key = voice_calls_in_progress.scope_key
           else s.address_key = voice_calls_in_progress.scope_key
         end
     and ((s.call_id is null
           and s.started_at > now() - make_interval(secs => private.voice_start_pending_seconds()))
          or exists (select 1 from public.calls v
                      where v.id = s.call_id and v.kind = 'browser_voice' and v.status = 'recording'))
$$;

create or replace function public.voice_abort_call(call_id uuid) returns void
language plpgsql security definer set search_path = '' as $$
declare
  conversation uuid;
begin
  delete from public.calls v
   where v.id = voice_abort_call.call_id and v.kind = 'browser_voice' and v.status = 'recording'
     and v.provider_call_id is null
  returning v.conversation_id into conversation;
  if conversation is not null then
    delete from public.conversations c where c.id = conversation;
  end if;
end
$$;

create or replace function public.voice_control_heartbeat(call_id uuid, lease_seconds integer, caller_audio boolean)
returns table (open boolean, seconds_left integer, reservation_final boolean, provider_call_id text,
               idle_seconds integer)
language plpgsql security definer set search_path = '' as $$
begin
  if coalesce(voice_control_heartbeat.caller_audio, false) then
    update public.calls v set caller_audio_at = now()
     where v.id = voice_control_heartbeat.call_id and v.kind = 'browser_voice' and v.status = 'recording';
  end if;
  return query select * from private.voice_renew_call(voice_control_heartbeat.call_id,
                                                       voice_control_heartbeat.lease_seconds,
                                                       coalesce(voice_control_heartbeat.caller_audio, false));
end
$$;

create or replace function public.voice_hangups_due(max_calls integer default 100)
returns table (call_id uuid, provider_call_id text)
language sql stable security definer set search_path = '' as $$
  select v.id, v.provider_call_id from public.calls v
   where v.provider_call_id is not null and v.provider_hung_up_at is null
     and v.kind = 'browser_voice' and v.status <> 'recording' and v.hangup_attempts < 10
   order by v."timestamp"
   limit least(greatest(voice_hangups_due.max_calls, 1), 1000)
$$;

create or replace function public.rate_voice_call(call_id uuid, rating integer) returns numeric
language plpgsql security definer set search_path = '' as $$
declare
  stored numeric;
begin
  if rate_voice_call.rating is null or rate_voice_call.rating not between 1 and 5 then
    raise exception 'rating must be 1 to 5' using errcode = '22023';
  end if;
  update public.conversations c
     set rating = rate_voice_call.rating,
         satisfaction = round((rate_voice_call.rating - 1)::numeric / 4, 2),
         rated_at = now()
    from public.calls v
   where v.id = rate_voice_call.call_id
     and v.kind = 'browser_voice'
     and v.source = 'visitor'
     and c.id = v.conversation_id
     and c.channel = 'web_voice'
  returning c.satisfaction into stored;
  if not found then
    -- A sandbox call answers like an unknown one: nothing to learn about the owner's tests.
    raise exception 'Conversation not found' using errcode = 'PT404';
  end if;
  return stored;
end
$$;

-- Phone functions look at phone calls only; the rest redefined on the one table ----------------

create or replace function public.voice_call_admit(agent_id uuid, visitor_key text, address_key text, visitor_limit integer, address_limit integer, agent_limit integer, window_seconds integer, newcomer_reserve numeric, visitor_concurrent integer, address_concurrent integer)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  since timestamptz := now() - make_interval(secs => voice_call_admit.window_seconds);
  newcomer boolean;
  agent_share integer;
  retry integer;
  scope text;
  admitted bigint;
begin
  if voice_call_admit.agent_id is null or coalesce(voice_call_admit.visitor_key, '') = ''
     or coalesce(voice_call_admit.address_key, '') = ''
     or least(voice_call_admit.visitor_limit, voice_call_admit.address_limit, voice_call_admit.agent_limit,
              voice_call_admit.visitor_concurrent, voice_call_admit.address_concurrent) < 1
     or voice_call_admit.window_seconds not between 1 and 86400
     or voice_call_admit.newcomer_reserve is null or voice_call_admit.newcomer_reserve < 0
     or voice_call_admit.newcomer_reserve >= 1 then
    raise exception 'invalid rate limit settings' using errcode = '22023';
  end if;
  -- One admission at a time: counting then inserting must not interleave across instances.
  -- Starts are rare (they are what is limited), so a single lock costs nothing.
  perform pg_advisory_xact_lock(7243019911);
  -- Old starts go, except those of calls still open (they count as calls in progress).
  delete from private.voice_call_starts s
   where s.started_at < since
     and (s.call_id is null
          or not exists (select 1 from public.calls v
                           where v.id = s.call_id and v.kind = 'browser_voice' and v.status = 'recording'));

  foreach scope in array array['visitor', 'address'] loop
    if (private.voice_calls_in_progress(scope,
          case scope when 'visitor' then voice_call_admit.visitor_key else voice_call_admit.address_key end)
        >= case scope when 'visitor' then voice_call_admit.visitor_concurrent
                      else voice_call_admit.address_concurrent end) then
      -- A call in progress ends when its caller hangs up: a short wait, not the window.
      return jsonb_build_object('allowed', false, 'scope', scope, 'concurrent', true, 'retry_after_seconds', 30);
    end if;
  end loop;

  newcomer := not exists (select 1 from private.voice_call_starts s
                           where s.address_key = voice_call_admit.address_key and s.started_at >= since);
  -- Known addresses stop short of the agent limit by the newcomers' share (at least one start).
  agent_share := case when newcomer then voice_call_admit.agent_limit
                      else greatest(1, voice_call_admit.agent_limit
                                       - ceil(voice_call_admit.agent_limit * voice_call_admit.newcomer_reserve)::integer)
                 end;
  foreach scope in array array['visitor', 'address', 'agent'] loop
    retry := private.voice_start_retry_after(
      scope,
      case scope when 'visitor' then voice_call_admit.visitor_key else voice_call_admit.address_key end,
      voice_call_admit.agent_id,
      case scope when 'visitor' then voice_call_admit.visitor_limit
                 when 'address' then voice_call_admit.address_limit
                 else agent_share end,
      since,
      voice_call_admit.window_seconds);
    if retry is not null then
      return jsonb_build_object('allowed', false, 'scope', scope, 'concurrent', false, 'retry_after_seconds', retry)
             || case when scope = 'agent' then jsonb_build_object('newcomer', newcomer) else '{}'::jsonb end;
    end if;
  end loop;
  insert into private.voice_call_starts (agent_id, visitor_key, address_key)
  values (voice_call_admit.agent_id, voice_call_admit.visitor_key, voice_call_admit.address_key)
  returning id into admitted;
  return jsonb_build_object('allowed', true, 'start_id', admitted);
end
$$;

create or replace function private.settle_phone_call(call_id uuid, observed_end timestamptz)
returns table (claimed boolean, duration_seconds integer, credits_charged integer)
language plpgsql
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  settled public.calls;
  server_end timestamptz;
  server_seconds integer;
  billed integer;
  charged integer := 0;
begin
  update public.calls c set settled_at = now()
   where c.id = settle_phone_call.call_id and c.kind = 'phone' and c.settled_at is null
  returning c.* into settled;
  if not found then
    return query select false, c.duration, c.credits_charged from public.calls c
                  where c.id = settle_phone_call.call_id and c.kind = 'phone';
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

create or replace function public.phone_heartbeat(call_id uuid, lease_seconds integer)
returns table (open boolean, final boolean, seconds_left integer, idle_seconds integer)
language plpgsql
security definer
set search_path = ''
as $$
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
  select * into call from public.calls c where c.id = phone_heartbeat.call_id and c.kind = 'phone' and c.settled_at is null
   for update;
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

create or replace function public.phone_link_recording(call_id uuid, recording_sid text, recording_path text, channels integer, duration integer DEFAULT NULL::integer)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.calls c
     set recording_sid = phone_link_recording.recording_sid, recording_path = phone_link_recording.recording_path,
         recording_channels = phone_link_recording.channels, recording_duration = phone_link_recording.duration,
         recording_url = null
   where c.id = phone_link_recording.call_id and c.kind = 'phone'
     and (c.recording_sid is null or c.recording_sid = phone_link_recording.recording_sid)
     and phone_link_recording.recording_path like c.user_id::text || '/%'
     and phone_link_recording.recording_path not like '%..%';
  return found;
end
$$;

create or replace function public.phone_mark_ended(call_id uuid, reason text)
returns void
language plpgsql
security definer
set search_path = ''
as $$
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
   where c.id = phone_mark_ended.call_id and c.kind = 'phone' and c.ended_at is null and c.settled_at is null
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

create or replace function public.phone_request_transfer(conversation_id uuid)
returns table (call_id uuid, call_sid text, source text, transfer_number text, time_limit_seconds integer)
language plpgsql
security definer
set search_path = ''
as $$
declare
  call public.calls;
  target text;
  available integer;
  reserved integer;
  time_limit integer;
begin
  select c.* into call from public.calls c
   where c.conversation_id = phone_request_transfer.conversation_id and c.kind = 'phone' and c.settled_at is null
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

create or replace function public.phone_sweep_calls(lease_seconds integer, grace_seconds integer DEFAULT 120, max_calls integer DEFAULT 100)
returns table (call_id uuid, duration_seconds integer, credits_charged integer, call_sid text, source text)
language plpgsql
security definer
set search_path = ''
as $$
declare
  open_call public.calls;
begin
  if lease_seconds not between 1 and 3600 or grace_seconds not between 0 and 86400 or max_calls not between 1 and 1000 then
    raise exception 'invalid sweeper settings' using errcode = '22023';
  end if;
  for open_call in
    select * from public.calls c
     where c.kind = 'phone' and c.settled_at is null
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

create or replace function public.rate_phone_call(call_id uuid, rating integer)
returns numeric
language plpgsql
security definer
set search_path = ''
as $$
declare
  stored numeric;
begin
  if rate_phone_call.rating is null or rate_phone_call.rating not between 1 and 5 then
    raise exception 'rating must be 1 to 5' using errcode = '22023';
  end if;
  update public.conversations c
     set rating = rate_phone_call.rating,
         satisfaction = round((rate_phone_call.rating - 1)::numeric / 4, 2),
         rated_at = now()
    from public.calls k
   where k.id = rate_phone_call.call_id
     and k.kind = 'phone'
     and k.source = 'twilio'
     and c.id = k.conversation_id
     and c.channel = 'phone'
  returning c.satisfaction into stored;
  if not found then
    raise exception 'Conversation not found' using errcode = 'PT404';
  end if;
  return stored;
end
$$;

create or replace function private.sync_recording_annotation(p_call_kind text, p_call_id uuid, p_notes text, p_tags text[], p_rubric jsonb, p_edited_at timestamptz)
returns table (call_kind text, call_id uuid, notes text, tags text[], rubric jsonb, edited_at timestamptz, updated_at timestamptz, lost boolean)
language plpgsql
security definer
set search_path = ''
as $$
declare
  uid uuid := (select auth.uid());
  -- A writer's clock may be wrong: an edit "from the future" is clamped to now + 1 minute.
  edit_time timestamptz := least(p_edited_at, now() + interval '1 minute');
  current public.recording_annotations;
begin
  if uid is null then
    raise exception 'Sign in first' using errcode = '42501';
  end if;
  if p_call_kind is null or p_call_id is null or p_edited_at is null then
    raise exception 'call_kind, call_id and edited_at are required' using errcode = '22023';
  end if;
  -- The call must be the caller's own (never trust an id the client wrote).
  if not (
    exists (select 1 from public.calls c
             where c.id = p_call_id and c.user_id = uid
               and c.kind = case p_call_kind when 'gsm' then 'phone' when 'voice' then 'browser_voice' end)
  ) then
    raise exception 'Call not found' using errcode = 'PT404';
  end if;

  insert into public.recording_annotations as a (user_id, call_kind, call_id, notes, tags, rubric, edited_at, updated_at)
  values (uid, p_call_kind, p_call_id, coalesce(p_notes, ''), coalesce(p_tags, '{}'), coalesce(p_rubric, '{}'),
          edit_time, now())
  on conflict on constraint recording_annotations_one_per_call do update
    set notes = excluded.notes, tags = excluded.tags, rubric = excluded.rubric,
        edited_at = excluded.edited_at, updated_at = excluded.updated_at
    where a.edited_at <= excluded.edited_at
  returning * into current;
  if found then
    return query select current.call_kind, current.call_id, current.notes, current.tags, current.rubric,
                        current.edited_at, current.updated_at, false;
    return;
  end if;

  -- A later edit stands (perhaps a concurrent first save that committed just before ours).
  select * into current from public.recording_annotations a
   where a.user_id = uid and a.call_kind = p_call_kind and a.call_id = p_call_id;
  return query select current.call_kind, current.call_id, current.notes, current.tags, current.rubric,
                      current.edited_at, current.updated_at, true;
end
$$;

create or replace function private.insights_recount_person(owner uuid, agent uuid, person text)
returns void
language sql
set search_path = ''
as $$
  update private.insights_people p
     set last_call_at = greatest(
           (select max(c."timestamp") from public.calls c
             where c.user_id = owner and c.caller_key = person and c.status = 'completed' and c.kind = 'phone'
               and c.source = 'twilio'
               and (p.agent_key = 'ffffffff-ffff-ffff-ffff-ffffffffffff'
                    or coalesce(c.assigned_agent, '00000000-0000-0000-0000-000000000000') = p.agent_key)),
           (select max(v."timestamp") from public.conversations conv join public.calls v on v.conversation_id = conv.id
             where conv.user_id = owner and conv.person_key = person and v.status = 'completed'
               and v.kind = 'browser_voice' and v.source = 'visitor'
               and (p.agent_key = 'ffffffff-ffff-ffff-ffff-ffffffffffff'
                    or coalesce(v.assigned_agent, '00000000-0000-0000-0000-000000000000') = p.agent_key)),
           (select max(v."timestamp") from public.calls v
             where person ~ '^voice:[0-9a-f-]{36}$' and v.id = substr(person, 7)::uuid and v.user_id = owner
               and v.status = 'completed' and v.kind = 'browser_voice' and v.source = 'visitor'
               and (p.agent_key = 'ffffffff-ffff-ffff-ffff-ffffffffffff'
                    or coalesce(v.assigned_agent, '00000000-0000-0000-0000-000000000000') = p.agent_key))),
         last_text_at = (select max(c.last_message_at) from public.conversations c
             where c.user_id = owner and c.person_key = person and c.channel in ('web_chat', 'whatsapp')
               and (p.agent_key = 'ffffffff-ffff-ffff-ffff-ffffffffffff'
                    or coalesce(c.agent_id, '00000000-0000-0000-0000-000000000000') = p.agent_key))
   where p.user_id = owner and p.person_key = person
     and p.agent_key in (coalesce(agent, '00000000-0000-0000-0000-000000000000'), 'ffffffff-ffff-ffff-ffff-ffffffffffff')
$$;

create or replace function private.insights_facts(owner uuid, agent uuid, scan_from timestamptz, scan_to timestamptz)
returns table (kind text, at_time timestamptz, agent_id uuid, person text, seconds integer, channel text, score numeric, rating smallint, from_visitor boolean)
language sql
stable
set search_path = ''
as $$
  with call_rows as (
    select c."timestamp", c.assigned_agent, c.caller_key, c.duration from public.calls c
     where agent is null and c.user_id = owner and c.status = 'completed' and c.kind = 'phone' and c.source = 'twilio'
       and c."timestamp" >= scan_from and c."timestamp" < scan_to
    union all
    select c."timestamp", c.assigned_agent, c.caller_key, c.duration from public.calls c
     where agent is not null and c.assigned_agent = agent and c.user_id = owner
       and c.status = 'completed' and c.kind = 'phone' and c.source = 'twilio'
       and c."timestamp" >= scan_from and c."timestamp" < scan_to
  ), voice_rows as (
    select v.id, v."timestamp", v.assigned_agent, v.duration, v.conversation_id from public.calls v
     where agent is null and v.user_id = owner and v.status = 'completed' and v.kind = 'browser_voice'
       and v.source = 'visitor' and v."timestamp" >= scan_from and v."timestamp" < scan_to
    union all
    select v.id, v."timestamp", v.assigned_agent, v.duration, v.conversation_id from public.calls v
     where agent is not null and v.assigned_agent = agent and v.user_id = owner and v.status = 'completed'
       and v.kind = 'browser_voice' and v.source = 'visitor' and v."timestamp" >= scan_from and v."timestamp" < scan_to
  ), message_rows as (
    select m."timestamp", m.agent_id, m.channel, m.role from public.messages m
     where agent is null and m.user_id = owner and m.role in ('user', 'assistant') and m.channel in ('web', 'whatsapp')
       and m."timestamp" >= scan_from and m."timestamp" < scan_to
    union all
    select m."timestamp", m.agent_id, m.channel, m.role from public.messages m
     where agent is not null and m.agent_id = agent and m.user_id = owner and m.role in ('user', 'assistant')
       and m.channel in ('web', 'whatsapp') and m."timestamp" >= scan_from and m."timestamp" < scan_to
  ), conversation_rows as (
    select c.started_at, c.agent_id, c.channel, c.satisfaction, c.rating from public.conversations c
     where agent is null and c.user_id = owner and c.channel <> 'sandbox'
       and c.started_at >= scan_from and c.started_at < scan_to
    union all
    select c.started_at, c.agent_id, c.channel, c.satisfaction, c.rating from public.conversations c
     where agent is not null and c.agent_id = agent and c.user_id = owner and c.channel <> 'sandbox'
       and c.started_at >= scan_from and c.started_at < scan_to
  ), texter_rows as (
    -- Text conversations active in the window: their people are the messaging users.
    select c.last_message_at, c.agent_id, c.person_key, c.channel from public.conversations c
     where c.user_id = owner and (agent is null or c.agent_id = agent) and c.channel in ('web_chat', 'whatsapp')
       and c.last_message_at >= scan_from and c.started_at < scan_to
  )
  select 'gsm', r."timestamp", r.assigned_agent, r.caller_key, r.duration, 'phone', null::numeric, null::smallint, true
    from call_rows r
  union all
  select 'voice', r."timestamp", r.assigned_agent, private.voice_person(r.id, r.conversation_id), r.duration, 'web_voice',
         null, null, true
    from voice_rows r
  union all
  select 'message', r."timestamp", r.agent_id, null, null, r.channel, null, null, r.role = 'user'
    from message_rows r
  union all
  select 'conversation', r.started_at, r.agent_id, null, null, r.channel, r.satisfaction, r.rating, true
    from conversation_rows r
  union all
  select 'texter', r.last_message_at, r.agent_id, r.person_key, null, r.channel, null, null, true
    from texter_rows r
$$;

-- Readers: one query over the one table -----------------------------------------------------------

create or replace function public.call_history(agent uuid default null, search text default null,
                                               since timestamptz default null, until timestamptz default null,
                                               before_at timestamptz default null, before_id uuid default null,
                                               page_size integer default 20, filter_status text default null,
                                               only_call uuid default null)
returns table (kind text, id uuid, agent_id uuid, agent_name text, from_number text, to_number text, status text,
               duration integer, started_at timestamptz, recording_path text, recording_mime text,
               conversation_id uuid)
language plpgsql stable set search_path = '' as $$
begin
  if filter_status is not null and not (filter_status = any (private.call_history_statuses())) then
    raise exception 'Unknown call status: %', filter_status using errcode = '22023';
  end if;
  -- EXECUTE plans each call with its values, so the cursor, dates and agent bound the index scans
  -- (a generic plan of `param is null or …` cannot). A browser call has no number: only the agent's
  -- name can match it. A browser call is only ever completed or failed.
  return query execute $q$
    with p as (
      select (select auth.uid()) as uid,
             nullif(trim(coalesce($2, '')), '') as q,
             case when trim(coalesce($2, '')) ~ '^\+?[0-9][0-9 ().-]*$' then private.phone_digits($2) end as digits
    ),
    named as (
      select a.id from public.agents a, p
       where p.q is not null and a.user_id = p.uid and a.name ilike private.contains_pattern(p.q)
    )
    select case c.kind when 'phone' then 'gsm' else 'voice' end, c.id, c.assigned_agent, a.name, c.from_number,
           c.to_number, c.status, c.duration, c."timestamp", c.recording_path, c.mime_type, c.conversation_id
      from public.calls c cross join p
      left join public.agents a on a.id = c.assigned_agent
     where c.user_id = (select auth.uid())
       and c.status in ('completed', 'no-answer', 'busy', 'failed', 'canceled')
       and ($8 is null or c.status = $8)
       and ($9 is null or c.id = $9)
       -- the owner's own test calls (the sandbox of either kind) are not calls anyone made
       and c.source <> 'sandbox'
       and ($1 is null or c.assigned_agent = $1)
       and c."timestamp" >= coalesce($3, '-infinity') and c."timestamp" < coalesce($4, 'infinity')
       and c."timestamp" <= coalesce($5, 'infinity')
       and (c."timestamp" < coalesce($5, 'infinity') or c.id < coalesce($6, 'ffffffff-ffff-ffff-ffff-ffffffffffff'))
       and (p.q is null
            or (p.digits is not null and c.from_number like private.contains_pattern(p.digits))
            or c.assigned_agent in (select named.id from named))
     order by c."timestamp" desc, c.id desc
     limit least(greatest(coalesce($7, 20), 1), 100)
  $q$
  using agent, search, since, until, before_at, before_id, page_size, filter_status, only_call;
end
$$;

create or replace function public.contact_timeline(contact uuid, before_at timestamptz default null,
                                                   before_id uuid default null, page_size integer default 50)
returns table (conversation_id uuid, channel text, agent_id uuid, agent_name text, started_at timestamptz,
               last_message_at timestamptz, satisfaction numeric, message_count integer, preview text,
               call_kind text, call_id uuid, call_status text, call_duration integer, from_number text,
               recording_path text, recording_mime text)
language sql stable set search_path = '' as $$
  select c.id, c.channel, c.agent_id, a.name, c.started_at, c.last_message_at, c.satisfaction,
         (select count(*)::integer from public.messages m where m.conversation_id = c.id),
         (select left(m.content, 200) from public.messages m
           where m.conversation_id = c.id and m.content <> ''
           order by m."timestamp" desc limit 1),
         case g.kind when 'phone' then 'gsm' when 'browser_voice' then 'voice' end,
         g.id, g.status, g.duration, g.from_number, g.recording_path, g.mime_type
    from public.conversations c
    left join public.agents a on a.id = c.agent_id
    left join lateral (select x.* from public.calls x where x.conversation_id = c.id
                        order by x."timestamp" desc limit 1) g on true
   where c.contact_id = contact_timeline.contact
     and c.user_id = (select auth.uid())
     and c.started_at <= coalesce(before_at, 'infinity')
     and (c.started_at < coalesce(before_at, 'infinity') or c.id < coalesce(before_id, 'ffffffff-ffff-ffff-ffff-ffffffffffff'))
   order by c.started_at desc, c.id desc
   limit least(greatest(coalesce(page_size, 50), 1), 200)
$$;
