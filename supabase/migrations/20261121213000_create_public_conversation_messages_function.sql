-- A visitor's web chat resumes after a reload: the public site keeps the conversation id
-- and a random visitor key (128 bits, 32 hex characters) in the browser; agent-chat stores that key
-- as 'visitor:<key>' in conversations.visitor_id when it opens a web chat conversation (header x-visitor-key). This
-- function returns the visible turns of that conversation only when both match. Other channels
-- are refused: their visitor_id is a phone number, which is not a secret.
create or replace function public.public_conversation_messages(conversation_id uuid, visitor_key text)
returns table (id uuid, role text, content text, citations jsonb, metadata jsonb, "timestamp" timestamptz)
language sql stable security definer set search_path = '' as $$
  select recent.id, recent.role, recent.content, recent.citations, recent.metadata, recent."timestamp"
  from (
    select m.id, m.role, m.content, coalesce(m.citations, '[]'::jsonb) as citations,
           -- only what the page draws; the rest of the metadata (usage, tool details) stays private
           jsonb_build_object('offline', coalesce(m.metadata -> 'offline' = 'true'::jsonb, false)) as metadata,
           m."timestamp"
    from public.conversations c
    join public.messages m on m.conversation_id = c.id
    where c.id = public_conversation_messages.conversation_id
      and c.channel = 'web_chat'
      and public_conversation_messages.visitor_key ~ '^[0-9a-f]{32}$'
      and c.visitor_id = 'visitor:' || public_conversation_messages.visitor_key
      and m.role in ('user', 'assistant')
    order by m."timestamp" desc, m.id desc
    limit 200
  ) recent
  order by recent."timestamp", recent.id
$$;

revoke all on function public.public_conversation_messages(uuid, text) from public, anon, authenticated;
grant execute on function public.public_conversation_messages(uuid, text) to anon, authenticated, service_role;
