-- Connectors: when a conversation has finished, each enabled
-- zapier/make integration of its agent receives a signed JSON event. Outbox pattern: the
-- dispatcher (function connector-dispatch, run by a scheduler) enqueues one delivery per finished
-- conversation and connector, then sends due deliveries with retries and backoff, recording every
-- outcome here. Owners read their agents' deliveries; only the service role writes.
--
-- "Finished" means conversations.ended_at is set:
--   * voice (web_voice, phone): the call flow sets it when the call ends;
--   * text (web_chat, whatsapp): the dispatcher sets it to the last message time once the
--     conversation has been idle for N minutes (default 30). A visitor writing again re-opens it
--     (ended_at cleared by the message trigger below) and the next idle end is a new delivery.
--   * sandbox conversations (the owner testing) are never sent.

-- The per-agent signing key of connector events. Service role only, like every agent secret;
-- the owner reads it through connector_signing_secret() to verify signatures on their side.
alter table public.agent_secrets
  add column connector_signing_secret text not null
    default ('whsec_' || replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''));

-- The dialog's rule (a webhook URL must be https) holds for every writer. Loopback http stays
-- possible for local receivers: the dispatcher itself refuses loopback and private addresses
-- unless the local stack allows them (CONNECTOR_ALLOW_LOOPBACK).
alter table public.agent_integrations
  add constraint agent_integrations_connector_webhook_url check (
    kind not in ('zapier', 'make')
    or coalesce(config ->> 'webhook_url', '') = ''
    or (char_length(config ->> 'webhook_url') <= 2048
        and (config ->> 'webhook_url' ~ '^https://[^\s/?#]+[^\s]*$'
             or config ->> 'webhook_url' ~ '^http://(127\.0\.0\.1|localhost)(:[0-9]+)?(/[^\s]*)?$')));

create table public.connector_deliveries (
  id uuid primary key default gen_random_uuid(),
  agent_id uuid not null,
  user_id uuid not null,
  conversation_id uuid not null references public.conversations (id) on delete cascade,
  -- which end of the conversation this event reports (a re-opened chat ends again later)
  conversation_ended_at timestamptz not null,
  kind text not null check (kind in ('zapier', 'make')),
  url text not null check (char_length(url) between 1 and 2048),
  status text not null default 'pending' check (status in ('pending', 'delivered', 'failed', 'cancelled')),
  attempts integer not null default 0 check (attempts between 0 and 100),
  -- HTTP status of the last attempt (null when the receiver could not be reached)
  status_code integer check (status_code between 100 and 599),
  error text check (char_length(error) <= 1000),
  next_attempt_at timestamptz not null default now(),
  last_attempt_at timestamptz,
  delivered_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint connector_deliveries_once unique (conversation_id, conversation_ended_at, kind),
  foreign key (agent_id, user_id) references public.agents (id, user_id) on delete cascade on update cascade
);
create index connector_deliveries_user_id_idx on public.connector_deliveries (user_id);
create index connector_deliveries_agent_id_created_at_idx on public.connector_deliveries (agent_id, user_id, created_at desc);
create index connector_deliveries_due_idx on public.connector_deliveries (next_attempt_at) where status = 'pending';
create trigger connector_deliveries_set_updated_at before update on public.connector_deliveries
  for each row execute function private.set_updated_at();

-- The dispatcher's scans: ended conversations to enqueue, open text conversations to close.
create index conversations_ended_at_idx on public.conversations (ended_at) where ended_at is not null;
create index conversations_open_last_message_at_idx on public.conversations (last_message_at) where ended_at is null;

revoke all on table public.connector_deliveries from public, anon, authenticated;
grant all on table public.connector_deliveries to service_role;
alter table public.connector_deliveries enable row level security;
grant select on table public.connector_deliveries to authenticated;
create policy "owners can read their agents' connector deliveries" on public.connector_deliveries
  for select to authenticated using (user_id = (select auth.uid()));

-- A message after the end re-opens a text conversation (voice calls end once, with their call).
create or replace function private.touch_conversation() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  update public.conversations
     set last_message_at = greatest(last_message_at, new."timestamp"),
         ended_at = case when channel in ('web_chat', 'whatsapp') and ended_at < new."timestamp" then null
                         else ended_at end
   where id = new.conversation_id;
  return new;
end
$$;

-- One dispatcher step in one transaction: close idle text conversations, enqueue a delivery for
-- every finished conversation and enabled connector (only conversations that ended after the
-- connector was connected, so enabling one does not replay history), then claim the due
-- deliveries by pushing their next attempt `lease_seconds` ahead (a crashed dispatcher's claims
-- come back after the lease; two dispatchers never send the same attempt).
create or replace function public.connector_claim_deliveries(
  idle_minutes integer default 30,
  max_deliveries integer default 20,
  lease_seconds integer default 120
) returns setof public.connector_deliveries
language plpgsql security definer set search_path = '' as $$
begin
  if idle_minutes < 1 or max_deliveries < 1 or max_deliveries > 500 or lease_seconds < 10 then
    raise exception 'invalid dispatcher settings' using errcode = '22023';
  end if;

  update public.conversations c
     set ended_at = c.last_message_at
   where c.ended_at is null
     and c.channel in ('web_chat', 'whatsapp')
     and c.last_message_at < now() - make_interval(mins => idle_minutes);

  insert into public.connector_deliveries (agent_id, user_id, conversation_id, conversation_ended_at, kind, url)
  select c.agent_id, c.user_id, c.id, c.ended_at, i.kind, i.config ->> 'webhook_url'
    from public.conversations c
    join public.agent_integrations i
      on i.agent_id = c.agent_id and i.user_id = c.user_id and i.kind in ('zapier', 'make')
   where c.ended_at is not null
     and c.ended_at > now() - interval '7 days'
     and c.channel <> 'sandbox'
     and i.enabled
     and coalesce(i.config ->> 'webhook_url', '') <> ''
     and i.connected_at is not null
     and c.ended_at >= i.connected_at
  on conflict (conversation_id, conversation_ended_at, kind) do nothing;

  return query
  update public.connector_deliveries d
     set next_attempt_at = now() + make_interval(secs => lease_seconds)
   where d.id in (
     select due.id from public.connector_deliveries due
      where due.status = 'pending' and due.next_attempt_at <= now()
      order by due.next_attempt_at
      limit max_deliveries
      for update skip locked)
  returning d.*;
end
$$;
revoke all on function public.connector_claim_deliveries(integer, integer, integer) from public, anon, authenticated;
grant execute on function public.connector_claim_deliveries(integer, integer, integer) to service_role;

-- The owner's copy of the signing key, to verify events on their receiver.
create or replace function public.connector_signing_secret(agent_id uuid) returns text
language sql stable security definer set search_path = '' as $$
  select s.connector_signing_secret
    from public.agent_secrets s
    join public.agents a on a.id = s.agent_id
   where a.id = connector_signing_secret.agent_id and a.user_id = (select auth.uid())
$$;
revoke all on function public.connector_signing_secret(uuid) from public, anon, authenticated;
grant execute on function public.connector_signing_secret(uuid) to authenticated, service_role;

-- The console follows ingestion progress and deliveries live (RLS still decides who sees what).
alter publication supabase_realtime add table public.knowledge_documents, public.connector_deliveries;
