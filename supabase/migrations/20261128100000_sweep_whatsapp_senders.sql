-- WhatsApp senders are followed by the server, not only while the owner's Deploy page is open
--. Before, a sender's stored status moved only when the console polled
-- `GET /whatsapp-senders/status`; inbound messages are accepted only for an online sender, so a
-- sender created and left alone stayed CREATING (and unanswered) for ever, and one that went OFFLINE
-- at Meta kept being answered until someone opened the page.
--
-- 1. `claim_whatsapp_sender_polls`: the scheduled sweep (`POST /functions/v1/whatsapp-senders/sweep`,
--    every 30 s) takes the connected senders whose next poll is due. The cadence is the function's
--    (contracts/whatsapp.ts senderSweepInterval: 30 s while CREATING, 60 s otherwise, ERROR never):
--    each stored status carries `config.next_status_check`; a sender without one (stored before
--    this migration) is due at once. The claim pushes it 60 s on, so a concurrent sweep skips it
--    and a failed poll is retried 60 s later; a successful poll stores the
--    status with its own next time.
-- 2. `whatsapp_receive_message`: ONLINE:UPDATING (Twilio applying a profile change to a live
--    sender) is online too, as contracts/whatsapp.ts ONLINE_SENDER_STATUSES says.

create or replace function public.claim_whatsapp_sender_polls(max_senders integer default 50)
returns table (agent_id uuid, config jsonb)
language plpgsql security definer set search_path = '' as $$
begin
  return query
  with due as (
    select i.agent_id
      from public.agent_integrations i
     where i.kind = 'whatsapp_business'
       and i.enabled
       and i.config ? 'sender_id'
       and upper(coalesce(i.config ->> 'status', '')) <> 'ERROR'
       and coalesce((i.config ->> 'next_status_check')::timestamptz, '-infinity'::timestamptz) <= now()
     order by coalesce((i.config ->> 'next_status_check')::timestamptz, '-infinity'::timestamptz)
     limit greatest(1, least(claim_whatsapp_sender_polls.max_senders, 500))
       for update skip locked
  )
  update public.agent_integrations i
     set config = i.config || jsonb_build_object('next_status_check',
                                                 to_char((now() + interval '60 seconds') at time zone 'UTC',
                                                         'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
    from due
   where i.agent_id = due.agent_id and i.kind = 'whatsapp_business'
  returning i.agent_id, i.config;
end
$$;

revoke all on function public.claim_whatsapp_sender_polls(integer) from public, anon, authenticated;
grant execute on function public.claim_whatsapp_sender_polls(integer) to service_role;

-- Unchanged from 20261125235000 but for the online statuses.
create or replace function public.whatsapp_receive_message(
  account_sid text, platform_account_sid text, message_sid text, from_number text, to_number text,
  profile_name text, body text, media jsonb)
returns table (outcome text, agent_id uuid, owner_id uuid, conversation_id uuid, message_id uuid, received_at timestamptz)
language plpgsql security definer set search_path = '' as $$
declare
  target record;
  conversation uuid;
  saved uuid;
begin
  select a.agent_id, a.user_id, s.whatsapp_account_sid into target
    from public.phone_numbers n
    join public.phone_number_assignments a on a.phone_number_id = n.id
    join public.agent_integrations i
      on i.agent_id = a.agent_id and i.kind = 'whatsapp_business'
     and i.enabled and upper(i.config ->> 'status') in ('ONLINE', 'ONLINE:UPDATING')
    left join public.agent_secrets s on s.agent_id = a.agent_id
   where n.phone_number = whatsapp_receive_message.to_number;
  if not found then
    return query select 'no_sender'::text, null::uuid, null::uuid, null::uuid, null::uuid, null::timestamptz;
    return;
  end if;
  -- A sender on a sub-account is signed by that sub-account; otherwise by the platform account.
  if coalesce(target.whatsapp_account_sid, whatsapp_receive_message.platform_account_sid)
     is distinct from whatsapp_receive_message.account_sid then
    return query select 'wrong_account'::text, null::uuid, null::uuid, null::uuid, null::uuid, null::timestamptz;
    return;
  end if;
  insert into public.whatsapp_messages (user_id, assigned_agent, message_sid, direction, from_number, to_number,
                                        profile_name, body, media, status, "timestamp")
  values (target.user_id, target.agent_id, whatsapp_receive_message.message_sid, 'inbound',
          whatsapp_receive_message.from_number, whatsapp_receive_message.to_number,
          nullif(left(whatsapp_receive_message.profile_name, 200), ''), left(coalesce(whatsapp_receive_message.body, ''), 10000),
          coalesce(whatsapp_receive_message.media, '[]'::jsonb), 'received', now())
  on conflict on constraint whatsapp_messages_message_sid_key do nothing
  returning id into saved;
  if saved is null then
    return query select 'duplicate'::text, target.agent_id, target.user_id, null::uuid, null::uuid, null::timestamptz;
    return;
  end if;
  -- One conversation per agent and user; a very long one (near the 200-message cap of
  -- save_chat_message) is followed by a new one.
  perform pg_advisory_xact_lock(hashtextextended('whatsapp:' || target.agent_id::text || whatsapp_receive_message.from_number, 0));
  select c.id into conversation
    from public.conversations c
   where c.agent_id = target.agent_id and c.channel = 'whatsapp' and c.visitor_id = whatsapp_receive_message.from_number
     and (select count(*) from (select 1 from public.messages m where m.conversation_id = c.id limit 190) x) < 190
   order by c.started_at desc
   limit 1;
  if conversation is null then
    insert into public.conversations (user_id, agent_id, channel, visitor_id)
    values (target.user_id, target.agent_id, 'whatsapp', whatsapp_receive_message.from_number)
    returning id into conversation;
  end if;
  update public.whatsapp_messages w set conversation_id = conversation where w.id = saved;
  return query select 'ok'::text, target.agent_id, target.user_id, conversation, saved, now();
end
$$;

revoke all on function public.whatsapp_receive_message(text, text, text, text, text, text, text, jsonb)
  from public, anon, authenticated;
grant execute on function public.whatsapp_receive_message(text, text, text, text, text, text, text, jsonb)
  to service_role;
