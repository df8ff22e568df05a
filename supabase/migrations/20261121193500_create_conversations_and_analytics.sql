-- Conversations and messages on every channel (the only transcript of any channel: the
-- engine persists both sides of each turn as the service role), contacts with persisted favourite
-- and notes, and tracking events/metrics.

create table public.conversations (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references public.profiles (id) on delete cascade,
  agent_id uuid,
  channel text not null check (channel in ('web_chat', 'web_voice', 'phone', 'whatsapp', 'sandbox')),
  contact_id uuid,
  -- the visitor's phone number or an anonymous browser id
  visitor_id text check (char_length(visitor_id) <= 128),
  language text check (language ~ '^[a-z]{2,3}([_-][A-Za-z]{2})?$'),
  satisfaction numeric(3, 2) check (satisfaction between 0 and 1),
  started_at timestamptz not null default now(),
  last_message_at timestamptz not null default now(),
  ended_at timestamptz,
  foreign key (agent_id, user_id) references public.agents (id, user_id) on delete set null (agent_id)
);
create index conversations_user_id_last_message_at_idx on public.conversations (user_id, last_message_at desc);
create index conversations_agent_id_started_at_idx on public.conversations (agent_id, started_at desc);
create index conversations_agent_user_idx on public.conversations (agent_id, user_id);

create table public.messages (
  id uuid primary key default gen_random_uuid(),
  conversation_id uuid not null references public.conversations (id) on delete cascade,
  user_id uuid not null references public.profiles (id) on delete cascade,
  agent_id uuid,
  role text not null check (role in ('user', 'assistant', 'system', 'tool')),
  content text not null default '' check (char_length(content) <= 50000),
  language text check (language ~ '^[a-z]{2,3}([_-][A-Za-z]{2})?$'),
  tool_calls jsonb check (jsonb_typeof(tool_calls) = 'array'),
  citations jsonb check (jsonb_typeof(citations) = 'array'),
  -- e.g. {"offline": true} when the offline provider answered
  metadata jsonb not null default '{}' check (jsonb_typeof(metadata) = 'object'),
  "timestamp" timestamptz not null default now()
);
create index messages_conversation_id_timestamp_idx on public.messages (conversation_id, "timestamp");
create index messages_user_id_timestamp_idx on public.messages (user_id, "timestamp" desc);
create index messages_agent_id_timestamp_idx on public.messages (agent_id, "timestamp" desc);

-- Contacts: one per caller/sender phone number per owner, key = digits of the number.
create table public.contacts (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references public.profiles (id) on delete cascade,
  phone text not null check (phone ~ '^[0-9]{4,20}$'),
  first_name text not null default '' check (char_length(first_name) <= 100),
  last_name text not null default '' check (char_length(last_name) <= 100),
  favorite boolean not null default false,
  notes text not null default '' check (char_length(notes) <= 5000),
  last_contact_date timestamptz,
  total_call_duration integer not null default 0 check (total_call_duration >= 0),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint contacts_user_id_phone_key unique (user_id, phone)
);
create index contacts_user_id_last_contact_idx on public.contacts (user_id, last_contact_date desc nulls last);
create index contacts_user_id_favorite_idx on public.contacts (user_id) where favorite;
create trigger contacts_set_updated_at before update on public.contacts
  for each row execute function private.set_updated_at();

alter table public.conversations
  add constraint conversations_contact_id_fkey foreign key (contact_id) references public.contacts (id) on delete set null;
create index conversations_contact_id_idx on public.conversations (contact_id);

-- Channel records point at the conversation the engine kept for them.
alter table public.messages
  add constraint messages_agent_id_fkey foreign key (agent_id) references public.agents (id) on delete set null;
alter table public.voice_calls
  add constraint voice_calls_conversation_id_fkey foreign key (conversation_id) references public.conversations (id) on delete set null;
alter table public.whatsapp_messages
  add constraint whatsapp_messages_conversation_id_fkey foreign key (conversation_id) references public.conversations (id) on delete set null;
create index voice_calls_conversation_id_idx on public.voice_calls (conversation_id);
create index whatsapp_messages_conversation_id_idx on public.whatsapp_messages (conversation_id);

-- Tracking: events are written by the site (visitors included); metrics by signed-in clients and
-- functions. Admins read everything, users their own rows.
create table public.analytics_events (
  id bigint generated always as identity primary key,
  user_id uuid references public.profiles (id) on delete set null,
  agent_id uuid references public.agents (id) on delete set null,
  name text not null check (name ~ '^[a-z0-9_.:-]{1,64}$'),
  category text check (char_length(category) <= 64),
  page_path text check (char_length(page_path) <= 2048),
  session_id text check (char_length(session_id) <= 128),
  properties jsonb not null default '{}' check (jsonb_typeof(properties) = 'object' and pg_column_size(properties) <= 8192),
  "timestamp" timestamptz not null default now()
);
create index analytics_events_user_id_timestamp_idx on public.analytics_events (user_id, "timestamp" desc);
create index analytics_events_agent_id_timestamp_idx on public.analytics_events (agent_id, "timestamp" desc);
create index analytics_events_name_timestamp_idx on public.analytics_events (name, "timestamp" desc);

create table public.analytics_metrics (
  id bigint generated always as identity primary key,
  user_id uuid references public.profiles (id) on delete set null,
  agent_id uuid references public.agents (id) on delete set null,
  name text not null check (name ~ '^[a-z0-9_.:-]{1,64}$'),
  value double precision not null,
  dimensions jsonb not null default '{}' check (jsonb_typeof(dimensions) = 'object' and pg_column_size(dimensions) <= 4096),
  "timestamp" timestamptz not null default now()
);
create index analytics_metrics_user_id_timestamp_idx on public.analytics_metrics (user_id, "timestamp" desc);
create index analytics_metrics_agent_id_timestamp_idx on public.analytics_metrics (agent_id, "timestamp" desc);

-- Grants and policies -------------------------------------------------------------------------
revoke all on table public.conversations, public.messages, public.contacts, public.analytics_events, public.analytics_metrics
  from public, anon, authenticated;
grant all on table public.conversations, public.messages, public.contacts, public.analytics_events, public.analytics_metrics
  to service_role;
alter table public.conversations enable row level security;
alter table public.messages enable row level security;
alter table public.contacts enable row level security;
alter table public.analytics_events enable row level security;
alter table public.analytics_metrics enable row level security;

grant select, delete on table public.conversations to authenticated;
create policy "owners can read their conversations" on public.conversations for select to authenticated
  using (user_id = (select auth.uid()));
create policy "owners can delete their conversations" on public.conversations for delete to authenticated
  using (user_id = (select auth.uid()));

grant select on table public.messages to authenticated;
create policy "owners can read their messages" on public.messages for select to authenticated
  using (user_id = (select auth.uid()));

grant select, insert, delete on table public.contacts to authenticated;
grant update (first_name, last_name, favorite, notes) on table public.contacts to authenticated;
create policy "owners can read their contacts" on public.contacts for select to authenticated
  using (user_id = (select auth.uid()));
create policy "owners can add contacts" on public.contacts for insert to authenticated
  with check (user_id = (select auth.uid()));
create policy "owners can update their contacts" on public.contacts for update to authenticated
  using (user_id = (select auth.uid())) with check (user_id = (select auth.uid()));
create policy "owners can delete their contacts" on public.contacts for delete to authenticated
  using (user_id = (select auth.uid()));

grant insert (agent_id, name, category, page_path, session_id, properties) on table public.analytics_events to anon;
grant insert (user_id, agent_id, name, category, page_path, session_id, properties) on table public.analytics_events to authenticated;
grant select on table public.analytics_events to authenticated;
create policy "visitors can record anonymous events" on public.analytics_events for insert to anon
  with check (user_id is null);
create policy "users can record their own events" on public.analytics_events for insert to authenticated
  with check (user_id is null or user_id = (select auth.uid()));
create policy "users can read their own events and admins all" on public.analytics_events for select to authenticated
  using (user_id = (select auth.uid()) or (select private.is_admin()));

grant insert (user_id, agent_id, name, value, dimensions) on table public.analytics_metrics to authenticated;
grant select on table public.analytics_metrics to authenticated;
create policy "users can record their own metrics" on public.analytics_metrics for insert to authenticated
  with check (user_id = (select auth.uid()));
create policy "users can read their own metrics and admins all" on public.analytics_metrics for select to authenticated
  using (user_id = (select auth.uid()) or (select private.is_admin()));
