-- Phone numbers and channel records: purchased numbers,
-- their assignment to agents, phone calls, browser voice calls with recordings and WhatsApp
-- messages. Numbers are bought by the purchase function (service role); owners assign, unassign
-- and release their own; admins see every number and may hand a pool number to a user.

create table public.phone_numbers (
  id uuid primary key default gen_random_uuid(),
  phone_number text not null unique check (phone_number ~ '^\+[1-9][0-9]{6,14}$'),
  -- owner; null while the number sits in the platform pool
  user_id uuid references public.profiles (id) on delete set null,
  country_code text check (country_code ~ '^[A-Z]{2}$'),
  locality text check (char_length(locality) <= 200),
  address_requirements text check (address_requirements in ('none', 'any', 'local', 'foreign')),
  capabilities jsonb not null default '{"voice": true, "sms": false, "mms": false}' check (jsonb_typeof(capabilities) = 'object'),
  provider_sid text unique check (char_length(provider_sid) <= 64),
  added_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint phone_numbers_id_user_id_key unique (id, user_id)
);
create index phone_numbers_user_id_idx on public.phone_numbers (user_id);
create trigger phone_numbers_set_updated_at before update on public.phone_numbers
  for each row execute function private.set_updated_at();

-- A non-admin owns at most one number. The profile row lock serialises two
-- concurrent purchases for the same user.
create or replace function private.enforce_one_number_per_user() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  owner_is_admin boolean;
begin
  if new.user_id is null or (tg_op = 'UPDATE' and new.user_id is not distinct from old.user_id) then
    return new;
  end if;
  select p.is_admin into owner_is_admin from public.profiles p where p.id = new.user_id for update;
  if not coalesce(owner_is_admin, false)
     and exists (select 1 from public.phone_numbers n where n.user_id = new.user_id and n.id <> new.id) then
    raise exception 'You can only purchase one number. Please assign or release your current number before buying another.'
      using errcode = '23P01';
  end if;
  return new;
end
$$;
create trigger phone_numbers_one_per_user before insert or update of user_id on public.phone_numbers
  for each row execute function private.enforce_one_number_per_user();

-- One agent per number and one number per agent; the number and the agent share the owner.
create table public.phone_number_assignments (
  phone_number_id uuid primary key,
  agent_id uuid not null unique,
  user_id uuid not null,
  assigned_at timestamptz not null default now(),
  -- WhatsApp sender settings attached to the number (public state only; tokens in agent_secrets)
  whatsapp jsonb not null default '{}' check (jsonb_typeof(whatsapp) = 'object'
    and not (whatsapp ?| array['auth_token', 'authToken', 'access_token', 'accessToken'])),
  foreign key (phone_number_id, user_id) references public.phone_numbers (id, user_id) on delete cascade,
  foreign key (agent_id, user_id) references public.agents (id, user_id) on delete cascade
);
create index phone_number_assignments_user_id_idx on public.phone_number_assignments (user_id);
create index phone_number_assignments_agent_id_user_id_idx on public.phone_number_assignments (agent_id, user_id);
create index phone_number_assignments_number_user_idx on public.phone_number_assignments (phone_number_id, user_id);

-- Deleting an agent releases its numbers first, so the number returns to its
-- owner unassigned instead of vanishing with the agent.
create or replace function private.release_agent_numbers() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  delete from public.phone_number_assignments a where a.agent_id = old.id;
  return old;
end
$$;
create trigger agents_release_numbers before delete on public.agents
  for each row execute function private.release_agent_numbers();

-- Phone calls through the telephony provider ("GSM call record").
create table public.calls (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references public.profiles (id) on delete cascade,
  assigned_agent uuid,
  phone_number_id uuid references public.phone_numbers (id) on delete set null,
  call_sid text unique check (char_length(call_sid) <= 64),
  from_number text not null check (char_length(from_number) <= 64),
  to_number text not null check (char_length(to_number) <= 64),
  direction text not null default 'inbound' check (direction in ('inbound', 'outbound')),
  status text not null default 'in_progress'
    check (status in ('queued', 'ringing', 'in_progress', 'completed', 'failed', 'canceled', 'busy', 'no-answer')),
  duration integer not null default 0 check (duration >= 0),
  -- when the call started
  "timestamp" timestamptz not null default now(),
  ended_at timestamptz,
  recording_url text check (char_length(recording_url) <= 2048),
  recording_path text check (char_length(recording_path) <= 1024),
  -- 1 credit = 1 minute of voice: a started minute counts as a whole one
  billable_minutes integer generated always as ((duration + 59) / 60) stored,
  credits_charged integer not null default 0,
  created_at timestamptz not null default now(),
  constraint calls_credits_match_minutes check (credits_charged between 0 and (duration + 59) / 60),
  foreign key (assigned_agent, user_id) references public.agents (id, user_id) on delete set null (assigned_agent)
);
create index calls_user_id_timestamp_idx on public.calls (user_id, "timestamp" desc);
create index calls_assigned_agent_timestamp_idx on public.calls (assigned_agent, "timestamp" desc) where status = 'completed';
create index calls_agent_user_idx on public.calls (assigned_agent, user_id);
create index calls_phone_number_id_idx on public.calls (phone_number_id);

-- Browser voice calls and their recordings ("voice call recording").
create table public.voice_calls (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references public.profiles (id) on delete cascade,
  agent_id uuid,
  agent_name text check (char_length(agent_name) <= 100),
  conversation_id uuid,
  file_name text check (char_length(file_name) <= 255),
  -- object name in the `recordings` bucket: {user_id}/{agent_id}/{file}
  storage_path text check (char_length(storage_path) <= 1024),
  download_url text check (char_length(download_url) <= 2048),
  duration integer not null default 0 check (duration >= 0),
  file_size bigint check (file_size >= 0),
  mime_type text check (char_length(mime_type) <= 100),
  format text check (char_length(format) <= 20),
  recording_start_time timestamptz,
  recording_end_time timestamptz,
  is_public boolean not null default false,
  is_mobile_compatible boolean not null default false,
  status text not null default 'recording' check (status in ('recording', 'processing', 'completed', 'failed')),
  installation_id text check (char_length(installation_id) <= 100),
  -- 1 credit = 1 minute of voice: a started minute counts as a whole one
  billable_minutes integer generated always as ((duration + 59) / 60) stored,
  credits_charged integer not null default 0,
  created_at timestamptz not null default now(),
  constraint voice_calls_credits_match_minutes check (credits_charged between 0 and (duration + 59) / 60),
  foreign key (agent_id, user_id) references public.agents (id, user_id) on delete set null (agent_id)
);
create index voice_calls_user_id_created_at_idx on public.voice_calls (user_id, created_at desc);
create index voice_calls_agent_id_created_at_idx on public.voice_calls (agent_id, created_at desc) where status = 'completed';
create index voice_calls_agent_user_idx on public.voice_calls (agent_id, user_id);

-- WhatsApp messages ("WhatsApp message record"), both directions.
create table public.whatsapp_messages (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references public.profiles (id) on delete cascade,
  assigned_agent uuid,
  conversation_id uuid,
  message_sid text unique check (char_length(message_sid) <= 64),
  direction text not null default 'inbound' check (direction in ('inbound', 'outbound')),
  from_number text not null check (char_length(from_number) <= 64),
  to_number text check (char_length(to_number) <= 64),
  profile_name text check (char_length(profile_name) <= 200),
  body text not null default '' check (char_length(body) <= 10000),
  media jsonb not null default '[]' check (jsonb_typeof(media) = 'array'),
  status text check (char_length(status) <= 32),
  "timestamp" timestamptz not null default now(),
  created_at timestamptz not null default now(),
  foreign key (assigned_agent, user_id) references public.agents (id, user_id) on delete set null (assigned_agent)
);
create index whatsapp_messages_user_id_timestamp_idx on public.whatsapp_messages (user_id, "timestamp" desc);
create index whatsapp_messages_assigned_agent_timestamp_idx on public.whatsapp_messages (assigned_agent, "timestamp" desc);
create index whatsapp_messages_agent_user_idx on public.whatsapp_messages (assigned_agent, user_id);
create index whatsapp_messages_from_number_idx on public.whatsapp_messages (user_id, from_number);

-- Release: the owner gives a number back (unassigned and returned to the pool); the telephony
-- function releases it at the provider.
create or replace function public.release_phone_number(phone_number_id uuid) returns void
language plpgsql security definer set search_path = '' as $$
begin
  perform 1 from public.phone_numbers n
   where n.id = release_phone_number.phone_number_id
     and (n.user_id = (select auth.uid()) or private.is_admin() or private.request_role() = 'service_role')
   for update;
  if not found then
    raise exception 'Phone number not found' using errcode = 'P0002';
  end if;
  delete from public.phone_number_assignments a where a.phone_number_id = release_phone_number.phone_number_id;
  update public.phone_numbers n set user_id = null where n.id = release_phone_number.phone_number_id;
end
$$;

-- Grants and policies -------------------------------------------------------------------------
revoke all on table public.phone_numbers, public.phone_number_assignments, public.calls, public.voice_calls,
  public.whatsapp_messages from public, anon, authenticated;
grant all on table public.phone_numbers, public.phone_number_assignments, public.calls, public.voice_calls,
  public.whatsapp_messages to service_role;
alter table public.phone_numbers enable row level security;
alter table public.phone_number_assignments enable row level security;
alter table public.calls enable row level security;
alter table public.voice_calls enable row level security;
alter table public.whatsapp_messages enable row level security;

-- Numbers: bought by the purchase function (service role). Admins read all and move pool numbers
-- to users ("assign a number to a user").
grant select on table public.phone_numbers to authenticated;
grant update (user_id) on table public.phone_numbers to authenticated;
create policy "owners can read their numbers and admins all numbers" on public.phone_numbers for select to authenticated
  using (user_id = (select auth.uid()) or (select private.is_admin()));
create policy "admins can give numbers to users" on public.phone_numbers for update to authenticated
  using ((select private.is_admin())) with check ((select private.is_admin()));

grant select, insert, delete on table public.phone_number_assignments to authenticated;
grant update (whatsapp) on table public.phone_number_assignments to authenticated;
create policy "owners can read their number assignments and admins all" on public.phone_number_assignments
  for select to authenticated using (user_id = (select auth.uid()) or (select private.is_admin()));
create policy "owners can assign their numbers to their agents" on public.phone_number_assignments
  for insert to authenticated with check (user_id = (select auth.uid()));
create policy "owners can update their number assignments" on public.phone_number_assignments
  for update to authenticated using (user_id = (select auth.uid())) with check (user_id = (select auth.uid()));
create policy "owners can unassign their numbers" on public.phone_number_assignments
  for delete to authenticated using (user_id = (select auth.uid()));

-- Channel records are written by the telephony/voice functions (service role); owners read theirs.
grant select on table public.calls, public.voice_calls, public.whatsapp_messages to authenticated;
create policy "owners can read their calls" on public.calls for select to authenticated
  using (user_id = (select auth.uid()));
create policy "owners can read their voice calls" on public.voice_calls for select to authenticated
  using (user_id = (select auth.uid()));
create policy "owners can read their whatsapp messages" on public.whatsapp_messages for select to authenticated
  using (user_id = (select auth.uid()));

revoke all on function public.release_phone_number(uuid) from public, anon, authenticated;
grant execute on function public.release_phone_number(uuid) to authenticated, service_role;
revoke all on function private.enforce_one_number_per_user(), private.release_agent_numbers() from public;
