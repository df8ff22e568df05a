-- Whether the owner wrote an outbound WhatsApp message (typing in /messages) rather than the agent
-- (its answers, and the templates it sends by itself). The owner's thread labelled both 'Agent':
-- an owner who took over a conversation could not tell their own words from the agent's. False
-- for every other row (inbound ones included: the customer wrote them), which is also what every
-- row written before this point was. Written by the whatsapp-webhook function (service role).
alter table public.whatsapp_messages
  add column sent_by_owner boolean not null default false;
comment on column public.whatsapp_messages.sent_by_owner is
  'True when the owner wrote this outbound message in the console; false for the agent''s and inbound ones.';

-- One thread's messages as 20261125200000 reads them, with who wrote each outbound one.
drop function public.whatsapp_thread_messages(uuid, text, timestamptz, uuid, integer);
create function public.whatsapp_thread_messages(
  thread_agent uuid,
  thread_contact text,
  before_at timestamptz default null,
  before_id uuid default null,
  page_size integer default 50
)
returns table (
  id uuid,
  message_sid text,
  conversation_id uuid,
  direction text,
  profile_name text,
  body text,
  media jsonb,
  status text,
  error_code integer,
  error_message text,
  not_sent_reason text,
  sent_at timestamptz,
  sent_by_owner boolean
)
language sql stable security invoker set search_path = '' as $$
  select m.id, m.message_sid, m.conversation_id, m.direction, m.profile_name, m.body, m.media, m.status,
         m.error_code, m.error_message, m.not_sent_reason, m."timestamp", m.sent_by_owner
    from public.whatsapp_messages m
   where m.user_id = (select auth.uid())
     and m.assigned_agent is not distinct from whatsapp_thread_messages.thread_agent
     and m.contact_number = whatsapp_thread_messages.thread_contact
     and (whatsapp_thread_messages.before_at is null
          or (m."timestamp", m.id) < (whatsapp_thread_messages.before_at,
                                       coalesce(whatsapp_thread_messages.before_id, 'ffffffff-ffff-ffff-ffff-ffffffffffff'::uuid)))
   order by m."timestamp" desc, m.id desc
   limit least(greatest(coalesce(whatsapp_thread_messages.page_size, 50), 1), 200)
$$;
comment on function public.whatsapp_thread_messages(uuid, text, timestamptz, uuid, integer) is
  'One WhatsApp thread of the caller (agent + WhatsApp user), newest first, keyset-paged.';
revoke all on function public.whatsapp_thread_messages(uuid, text, timestamptz, uuid, integer)
  from public, anon, authenticated;
grant execute on function public.whatsapp_thread_messages(uuid, text, timestamptz, uuid, integer)
  to authenticated, service_role;
