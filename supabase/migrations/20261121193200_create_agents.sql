-- Agents and what hangs off them: integrations state, secrets, interactions
-- and system prompt backups. Owners see and change only their own agents; admins read all (the
-- marketplace and the numbers screen); visitors never read these tables directly (public_agent()).
-- Child tables carry user_id with a composite foreign key (agent_id, user_id) -> agents (id,
-- user_id): a policy on user_id is then enough, and nobody can attach rows to another's agent.

create or replace function private.is_valid_branding(branding jsonb) returns boolean
language sql immutable set search_path = '' as $$
  select jsonb_typeof(branding) = 'object'
     and coalesce(branding ->> 'primary_color', '#000000') ~ '^#[0-9a-fA-F]{6}$'
     and coalesce(branding ->> 'secondary_color', '#000000') ~ '^#[0-9a-fA-F]{6}$'
     and coalesce(branding ->> 'font_family', 'inter') in ('inter', 'roboto', 'poppins', 'open-sans')
     and char_length(coalesce(branding ->> 'hero_title', '')) <= 100
     and char_length(coalesce(branding ->> 'hero_subtitle', '')) <= 100
     and char_length(coalesce(branding ->> 'meta_title', '')) <= 70
     and char_length(coalesce(branding ->> 'meta_description', '')) <= 170
     and char_length(coalesce(branding ->> 'about_text', '')) <= 50000
     and char_length(coalesce(branding ->> 'custom_css', '')) <= 20000
     and case jsonb_typeof(coalesce(branding -> 'social_links', '[]'::jsonb))
           when 'array' then jsonb_array_length(coalesce(branding -> 'social_links', '[]'::jsonb)) <= 5 else false end
     and case jsonb_typeof(coalesce(branding -> 'youtube_videos', '[]'::jsonb))
           when 'array' then jsonb_array_length(coalesce(branding -> 'youtube_videos', '[]'::jsonb)) <= 10 else false end
     and jsonb_typeof(coalesce(branding -> 'albums', '[]'::jsonb)) = 'array'
     and jsonb_typeof(coalesce(branding -> 'content_images', '[]'::jsonb)) = 'array'
     and jsonb_typeof(coalesce(branding -> 'integrations', '{}'::jsonb)) = 'object'
$$;

create table public.agents (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references public.profiles (id) on delete cascade,
  name text not null check (char_length(btrim(name)) between 1 and 100),
  company_name text check (char_length(company_name) <= 200),
  -- the system prompt, kept in `description`; never exposed to visitors
  description text not null default '' check (char_length(description) <= 100000),
  default_language text not null default 'en_US' check (default_language ~ '^[a-z]{2,3}_[A-Z]{2}$'),
  voice text not null default 'male' check (voice in ('male', 'female')),
  avatar_url text check (char_length(avatar_url) <= 2048),
  -- lowercase a-z, 0-9 and hyphen, 3 to 63 characters (one DNS label), not www
  subdomain text unique check (subdomain ~ '^[a-z0-9-]{3,63}$' and subdomain !~ '^-|-$' and subdomain <> 'www'),
  directory_listed boolean not null default false,
  category text check (char_length(category) <= 64),
  sector text references public.sectors (id) on delete set null on update cascade,
  sub_sector text references public.sub_sectors (id) on delete set null on update cascade,
  address text check (char_length(address) <= 500),
  phone text check (char_length(phone) <= 40),
  email text check (char_length(email) <= 320),
  website text check (char_length(website) <= 2048),
  capabilities text[] not null default '{}',
  -- tool entries {id, name, description, type ('system'|'custom'), icon, config, created_at, updated_at}
  tools jsonb not null default '[]' check (jsonb_typeof(tools) = 'array' and jsonb_array_length(tools) <= 50),
  branding jsonb not null default '{"primary_color": "#6366f1", "secondary_color": "#4f46e5", "font_family": "inter",
    "content_images": [], "social_links": [], "albums": [], "youtube_videos": []}'
    check (private.is_valid_branding(branding)),
  google_business_id text check (char_length(google_business_id) <= 200),
  google_business_connected boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint agents_id_user_id_key unique (id, user_id)
);
comment on column public.agents.description is 'The agent''s system prompt. Not public.';
comment on column public.agents.branding is 'Public page branding with snake_case keys: primary_color, secondary_color, font_family, hero_title, hero_subtitle, about_text, description, meta_*, og_*, twitter_*, logo, custom_css, content_images, social_links, albums, youtube_videos, integrations.';
create index agents_user_id_created_at_idx on public.agents (user_id, created_at desc);
create index agents_sector_idx on public.agents (sector);
create index agents_sub_sector_idx on public.agents (sub_sector);
create index agents_directory_listed_idx on public.agents (created_at desc) where directory_listed;

create or replace function private.normalise_agent() returns trigger
language plpgsql set search_path = '' as $$
begin
  new.subdomain := nullif(lower(btrim(new.subdomain)), '');
  new.updated_at := now();
  return new;
end
$$;
create trigger agents_normalise before insert or update on public.agents
  for each row execute function private.normalise_agent();

-- agent_secrets: tokens and keys the server needs (calendar OAuth, WhatsApp/Twilio sub-account).
-- No grant to anon or authenticated at all: only functions running as the service role read them.
create table public.agent_secrets (
  agent_id uuid primary key references public.agents (id) on delete cascade,
  google_calendar_access_token text,
  google_calendar_refresh_token text,
  google_calendar_token_expires_at timestamptz,
  whatsapp_account_sid text,
  whatsapp_auth_token text,
  web_widget_signing_key text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create trigger agent_secrets_set_updated_at before update on public.agent_secrets
  for each row execute function private.set_updated_at();

-- agent_integrations ("integrations"): one row per kind; secrets live in agent_secrets.
create table public.agent_integrations (
  agent_id uuid not null,
  user_id uuid not null,
  kind text not null check (kind in ('virtual_business_card', 'web_widget', 'google_calendar', 'whatsapp_business', 'zapier', 'make')),
  enabled boolean not null default false,
  -- kind-specific public state: web_widget {domain, api_key, script_url}; google_calendar {calendar_id};
  -- whatsapp_business {sender_id, phone_number, waba_id, status, last_status_check, business_info,
  -- messaging_limits, quality_rating}; zapier/make {webhook_url}
  config jsonb not null default '{}' check (jsonb_typeof(config) = 'object'
    and not (config ?| array['access_token', 'refresh_token', 'auth_token', 'accessToken', 'refreshToken', 'authToken', 'account_sid', 'accountSid'])),
  connected_at timestamptz,
  disconnected_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (agent_id, kind),
  foreign key (agent_id, user_id) references public.agents (id, user_id) on delete cascade on update cascade
);
create index agent_integrations_user_id_idx on public.agent_integrations (user_id);
create index agent_integrations_agent_id_user_id_idx on public.agent_integrations (agent_id, user_id);
create trigger agent_integrations_set_updated_at before update on public.agent_integrations
  for each row execute function private.set_updated_at();

-- interactions: one per type per agent ("adding a type that exists opens it").
create table public.interactions (
  id uuid primary key default gen_random_uuid(),
  agent_id uuid not null,
  user_id uuid not null,
  type text not null check (type ~ '^[a-z_]{1,50}$'),
  name text not null default '' check (char_length(name) <= 200),
  enabled boolean not null default true,
  instructions jsonb not null default '[]' check (jsonb_typeof(instructions) = 'array' and jsonb_array_length(instructions) <= 50),
  -- share_document {file_name, file_size, file_url, storage_path, send_email, send_whatsapp};
  -- share_url {url, url_title, url_description, send_url_email, send_url_whatsapp}
  config jsonb not null default '{}' check (jsonb_typeof(config) = 'object'),
  sort_order integer not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint interactions_one_per_type unique (agent_id, type),
  foreign key (agent_id, user_id) references public.agents (id, user_id) on delete cascade on update cascade
);
create index interactions_user_id_idx on public.interactions (user_id);
create index interactions_agent_id_user_id_idx on public.interactions (agent_id, user_id);
create trigger interactions_set_updated_at before update on public.interactions
  for each row execute function private.set_updated_at();

-- prompt_backups
create table public.prompt_backups (
  id uuid primary key default gen_random_uuid(),
  agent_id uuid not null,
  user_id uuid not null,
  name text not null check (char_length(btrim(name)) between 1 and 100),
  description text check (char_length(description) <= 500),
  system_prompt text not null check (char_length(system_prompt) <= 100000),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  foreign key (agent_id, user_id) references public.agents (id, user_id) on delete cascade on update cascade
);
create index prompt_backups_user_id_idx on public.prompt_backups (user_id);
create index prompt_backups_agent_id_created_at_idx on public.prompt_backups (agent_id, user_id, created_at desc);
create trigger prompt_backups_set_updated_at before update on public.prompt_backups
  for each row execute function private.set_updated_at();

-- A new agent gets its business card enabled, an empty secrets row, and counts
-- towards the owner's subscription usage.
create or replace function private.handle_new_agent() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  insert into public.agent_integrations (agent_id, user_id, kind, enabled, connected_at)
  values (new.id, new.user_id, 'virtual_business_card', true, now());
  insert into public.agent_secrets (agent_id) values (new.id);
  insert into public.subscription_usage (user_id, agents_created) values (new.user_id, 1)
  on conflict (user_id) do update
    set agents_created = public.subscription_usage.agents_created + 1, updated_at = now();
  return new;
end
$$;
create trigger agents_after_insert after insert on public.agents
  for each row execute function private.handle_new_agent();

-- Grants and policies -------------------------------------------------------------------------
revoke all on table public.agents, public.agent_secrets, public.agent_integrations, public.interactions, public.prompt_backups
  from public, anon, authenticated;
grant all on table public.agents, public.agent_secrets, public.agent_integrations, public.interactions, public.prompt_backups
  to service_role;
alter table public.agents enable row level security;
alter table public.agent_secrets enable row level security;
alter table public.agent_integrations enable row level security;
alter table public.interactions enable row level security;
alter table public.prompt_backups enable row level security;

grant select, insert, delete on table public.agents to authenticated;
grant update (name, company_name, description, default_language, voice, avatar_url, subdomain, directory_listed,
  category, sector, sub_sector, address, phone, email, website, capabilities, tools, branding,
  google_business_id, google_business_connected) on table public.agents to authenticated;
create policy "owners can read their agents and admins all agents" on public.agents for select to authenticated
  using (user_id = (select auth.uid()) or (select private.is_admin()));
create policy "users can create agents they own" on public.agents for insert to authenticated
  with check (user_id = (select auth.uid()));
create policy "owners can update their agents" on public.agents for update to authenticated
  using (user_id = (select auth.uid())) with check (user_id = (select auth.uid()));
create policy "owners can delete their agents" on public.agents for delete to authenticated
  using (user_id = (select auth.uid()));

-- Satisfies the "RLS enabled, no policy" lint while stating the rule: only the service role.
create policy "only the service role uses agent secrets" on public.agent_secrets for all to service_role
  using (true) with check (true);

grant select, insert, delete on table public.agent_integrations to authenticated;
grant update (enabled, config, connected_at, disconnected_at) on table public.agent_integrations to authenticated;
create policy "owners can read their agents' integrations" on public.agent_integrations for select to authenticated
  using (user_id = (select auth.uid()));
create policy "owners can add integrations to their agents" on public.agent_integrations for insert to authenticated
  with check (user_id = (select auth.uid()));
create policy "owners can update their agents' integrations" on public.agent_integrations for update to authenticated
  using (user_id = (select auth.uid())) with check (user_id = (select auth.uid()));
create policy "owners can remove their agents' integrations" on public.agent_integrations for delete to authenticated
  using (user_id = (select auth.uid()));

grant select, insert, delete on table public.interactions to authenticated;
grant update (type, name, enabled, instructions, config, sort_order) on table public.interactions to authenticated;
create policy "owners can read their agents' interactions" on public.interactions for select to authenticated
  using (user_id = (select auth.uid()));
create policy "owners can add interactions to their agents" on public.interactions for insert to authenticated
  with check (user_id = (select auth.uid()));
create policy "owners can update their agents' interactions" on public.interactions for update to authenticated
  using (user_id = (select auth.uid())) with check (user_id = (select auth.uid()));
create policy "owners can delete their agents' interactions" on public.interactions for delete to authenticated
  using (user_id = (select auth.uid()));

grant select, insert, delete on table public.prompt_backups to authenticated;
grant update (name, description, system_prompt) on table public.prompt_backups to authenticated;
create policy "owners can read their prompt backups" on public.prompt_backups for select to authenticated
  using (user_id = (select auth.uid()));
create policy "owners can create prompt backups of their agents" on public.prompt_backups for insert to authenticated
  with check (user_id = (select auth.uid()));
create policy "owners can update their prompt backups" on public.prompt_backups for update to authenticated
  using (user_id = (select auth.uid())) with check (user_id = (select auth.uid()));
create policy "owners can delete their prompt backups" on public.prompt_backups for delete to authenticated
  using (user_id = (select auth.uid()));

-- Subdomain availability without revealing whose agent holds it. `agent_id` lets the
-- configure screen accept the agent's own current subdomain.
create or replace function public.subdomain_available(subdomain text, agent_id uuid default null) returns boolean
language sql stable security definer set search_path = '' as $$
  select subdomain_available.subdomain ~ '^[a-z0-9-]{3,63}$' and subdomain_available.subdomain !~ '^-|-$'
     and subdomain_available.subdomain <> 'www'
     and not exists (select 1 from public.agents a where a.subdomain = subdomain_available.subdomain
                       and a.id is distinct from subdomain_available.agent_id)
$$;

revoke all on function public.subdomain_available(text, uuid) from public, anon, authenticated;
grant execute on function public.subdomain_available(text, uuid) to authenticated, service_role;
revoke all on function private.is_valid_branding(jsonb), private.normalise_agent(), private.handle_new_agent() from public;
grant execute on function private.is_valid_branding(jsonb) to authenticated, service_role;
