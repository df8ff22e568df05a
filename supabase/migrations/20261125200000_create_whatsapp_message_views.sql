-- The owner's WhatsApp screens: /agents/{id}/messages and /messages list the
-- conversations of an agent (or of all the owner's agents) grouped by WhatsApp user, newest first,
-- and open one thread with both directions, each message's delivery status and, when a reply could
-- not be sent, why. Both reads are keyset-paged SQL functions run as the caller (security invoker),
-- so the existing policy "owners can read their whatsapp messages" decides what anyone sees.

-- Why a message failed. These columns belong to the inbound part (migration 20261125190000,
-- contracts/whatsapp.ts): Twilio's error code and message from the status callback, and the
-- owner-facing reason our side did not send (monthly_limit, outside_window, …). Restated here with
-- `if not exists` and the same definitions so the screens' functions compile whichever lands first.
alter table public.whatsapp_messages
  add column if not exists error_code integer check (error_code between 0 and 999999),
  add column if not exists error_message text check (char_length(error_message) <= 500),
  add column if not exists not_sent_reason text
    check (not_sent_reason in ('monthly_limit', 'outside_window', 'send_failed', 'not_configured'));

-- The WhatsApp user of a message: the sender of an inbound message, the recipient of a reply,
-- without Twilio's 'whatsapp:' prefix. Generated so no writer can get it wrong.
alter table public.whatsapp_messages
  add column contact_number text generated always as (
    regexp_replace(case when direction = 'inbound' then from_number else coalesce(to_number, '') end, '^whatsapp:', '')
  ) stored;
create index whatsapp_messages_thread_idx
  on public.whatsapp_messages (user_id, assigned_agent, contact_number, "timestamp" desc, id desc);

-- Threads: one row per (agent, WhatsApp user) with its latest message, newest first. The keyset
-- is (last_message_at, thread_key) so a page never repeats or skips a thread when messages of
-- equal time exist; thread_key is text because a deleted agent leaves assigned_agent null.
create or replace function public.whatsapp_threads(
  agent_filter uuid default null,
  before_at timestamptz default null,
  before_key text default null,
  page_size integer default 20
)
returns table (
  thread_key text,
  agent_id uuid,
  agent_name text,
  contact_number text,
  profile_name text,
  conversation_id uuid,
  last_message_at timestamptz,
  last_body text,
  last_direction text,
  last_status text,
  last_media_count integer,
  message_count integer,
  failed_count integer
)
language sql stable security invoker set search_path = '' as $$
  with mine as (
    select m.* from public.whatsapp_messages m
     where m.user_id = (select auth.uid())
       and (whatsapp_threads.agent_filter is null or m.assigned_agent = whatsapp_threads.agent_filter)
  ),
  latest as (
    select distinct on (m.assigned_agent, m.contact_number)
           coalesce(m.assigned_agent::text, '') || '|' || m.contact_number as thread_key,
           m.assigned_agent, m.contact_number, m.conversation_id, m."timestamp", m.body, m.direction, m.status,
           jsonb_array_length(m.media) as media_count
      from mine m
     order by m.assigned_agent, m.contact_number, m."timestamp" desc, m.id desc
  ),
  totals as (
    select m.assigned_agent, m.contact_number, count(*)::integer as message_count,
           (count(*) filter (where m.status in ('failed', 'undelivered', 'not_sent') or m.not_sent_reason is not null))::integer
             as failed_count,
           (array_agg(m.profile_name order by m."timestamp" desc) filter (where m.profile_name is not null))[1]
             as profile_name
      from mine m
     group by m.assigned_agent, m.contact_number
  )
  select l.thread_key, l.assigned_agent, a.name, l.contact_number, t.profile_name, l.conversation_id,
         l."timestamp", l.body, l.direction, l.status, l.media_count, t.message_count, t.failed_count
    from latest l
    join totals t on t.assigned_agent is not distinct from l.assigned_agent and t.contact_number = l.contact_number
    left join public.agents a on a.id = l.assigned_agent
   where whatsapp_threads.before_at is null
      or (l."timestamp", l.thread_key) < (whatsapp_threads.before_at, coalesce(whatsapp_threads.before_key, ''))
   order by l."timestamp" desc, l.thread_key desc
   limit least(greatest(coalesce(whatsapp_threads.page_size, 20), 1), 100)
$$;
comment on function public.whatsapp_threads(uuid, timestamptz, text, integer) is
  'The caller''s WhatsApp conversations grouped by agent and WhatsApp user, newest first, keyset-paged.';

-- One thread's messages, newest first (the screen shows them oldest at the top), keyset-paged on
-- (timestamp, id). A null thread_agent is the thread of a deleted agent.
create or replace function public.whatsapp_thread_messages(
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
  sent_at timestamptz
)
language sql stable security invoker set search_path = '' as $$
  select m.id, m.message_sid, m.conversation_id, m.direction, m.profile_name, m.body, m.media, m.status,
         m.error_code, m.error_message, m.not_sent_reason, m."timestamp"
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

revoke all on function public.whatsapp_threads(uuid, timestamptz, text, integer) from public, anon, authenticated;
revoke all on function public.whatsapp_thread_messages(uuid, text, timestamptz, uuid, integer)
  from public, anon, authenticated;
grant execute on function public.whatsapp_threads(uuid, timestamptz, text, integer) to authenticated, service_role;
grant execute on function public.whatsapp_thread_messages(uuid, text, timestamptz, uuid, integer)
  to authenticated, service_role;

-- Media of WhatsApp messages (inbound images, voice notes, documents the webhook stores; object
-- names {user_id}/{agent_id}/{MessageSid}/{n}), written by functions (service role) and read by
-- their owner through signed URLs. Twilio's own media URLs need the account's credentials, which a
-- browser never holds.
insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types) values
  ('whatsapp-media', 'whatsapp-media', false, 16777216, array['image/jpeg', 'image/png', 'image/webp', 'image/gif',
    'audio/ogg', 'audio/mpeg', 'audio/amr', 'audio/mp4', 'audio/aac', 'audio/wav', 'video/mp4', 'video/3gpp',
    'application/pdf', 'text/plain', 'application/msword',
    'application/vnd.openxmlformats-officedocument.wordprocessingml.document'])
on conflict (id) do update set
  public = excluded.public,
  file_size_limit = excluded.file_size_limit,
  allowed_mime_types = excluded.allowed_mime_types;
create policy "owners can read their whatsapp media" on storage.objects for select to authenticated
  using (bucket_id = 'whatsapp-media' and (storage.foldername(name))[1] = (select auth.uid())::text);

-- A message arriving (or its status changing) reaches the open screens live; Realtime re-checks
-- each change against the subscriber's RLS, so an owner only hears of their own rows.
do $$
begin
  if not exists (
    select 1 from pg_publication_tables
     where pubname = 'supabase_realtime' and schemaname = 'public' and tablename = 'whatsapp_messages'
  ) then
    alter publication supabase_realtime add table public.whatsapp_messages;
  end if;
end
$$;
