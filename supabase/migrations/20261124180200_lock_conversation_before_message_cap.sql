-- The 200-messages cap of a public conversation counted without a lock, so
-- parallel turns on one conversation could all pass it. save_chat_message (as in 20261124130000)
-- now locks the conversation row before counting.

create or replace function public.save_chat_message(conversation jsonb, message jsonb) returns uuid
language plpgsql security definer set search_path = '' as $$
declare
  saved uuid;
  client text := save_chat_message.conversation ->> 'client_key';
  channel text;
begin
  if save_chat_message.conversation is not null then
    if client is not null and (conversation ->> 'channel') in ('web_chat', 'web_voice') then
      perform pg_advisory_xact_lock(hashtextextended('openings:' || (conversation ->> 'agent_id') || client, 0));
      delete from private.conversation_openings o
       where o.id in (select old.id from private.conversation_openings old
                       where old.opened_at < now() - interval '1 day' limit 100);
      if (select count(*) from private.conversation_openings o
           where o.agent_id = (conversation ->> 'agent_id')::uuid and o.client_key = client
             and o.opened_at > now() - interval '1 hour') >= 30 then
        raise exception 'conversation_limit' using errcode = 'P0001',
          detail = 'Too many new conversations from this address; try again later.';
      end if;
      insert into private.conversation_openings (agent_id, client_key)
      values ((conversation ->> 'agent_id')::uuid, client);
    end if;
    insert into public.conversations (id, user_id, agent_id, channel, visitor_id, language, started_at, last_message_at)
    values ((conversation ->> 'id')::uuid, (conversation ->> 'user_id')::uuid, (conversation ->> 'agent_id')::uuid,
            conversation ->> 'channel', conversation ->> 'visitor_id', conversation ->> 'language',
            (conversation ->> 'started_at')::timestamptz, (conversation ->> 'started_at')::timestamptz)
    on conflict (id) do nothing;
  elsif (message ->> 'role') = 'user' then
    -- The row lock serialises the visitor messages of one conversation: parallel turns would
    -- otherwise all count 199 and all insert.
    select c.channel into channel from public.conversations c
     where c.id = (message ->> 'conversation_id')::uuid
       for update;
    if channel is distinct from 'sandbox'
       and (select count(*) from (select 1 from public.messages m
                                   where m.conversation_id = (message ->> 'conversation_id')::uuid
                                   limit 200) capped) >= 200 then
      raise exception 'conversation_full' using errcode = 'P0001',
        detail = 'This conversation has reached its length limit; start a new one.';
    end if;
  end if;
  insert into public.messages (conversation_id, user_id, agent_id, role, content, language, citations, tool_calls, metadata, "timestamp")
  values ((message ->> 'conversation_id')::uuid, (message ->> 'user_id')::uuid, (message ->> 'agent_id')::uuid,
          message ->> 'role', message ->> 'content', message ->> 'language',
          case when jsonb_typeof(message -> 'citations') = 'array' then message -> 'citations' end,
          case when jsonb_typeof(message -> 'tool_calls') = 'array' then message -> 'tool_calls' end,
          coalesce(message -> 'metadata', '{}'::jsonb), (message ->> 'timestamp')::timestamptz)
  returning id into saved;
  return saved;
end
$$;
revoke all on function public.save_chat_message(jsonb, jsonb) from public, anon, authenticated;
grant execute on function public.save_chat_message(jsonb, jsonb) to service_role;
