-- Platform catalogue and configuration: site SEO config, sectors and sub-sectors (wizard and
-- prompt templates), the tools catalogue and platform (AI model) settings. Everyone signed in
-- reads them, visitors read what public pages need, only admins change them.

-- site_config: one row, id 'default'.
create table public.site_config (
  id text primary key default 'default' check (id = 'default'),
  meta_title text check (char_length(meta_title) <= 70),
  meta_description text check (char_length(meta_description) <= 170),
  og_title text check (char_length(og_title) <= 200),
  og_description text check (char_length(og_description) <= 500),
  og_image text check (char_length(og_image) <= 2048),
  favicon text check (char_length(favicon) <= 2048),
  twitter_card text not null default 'summary_large_image'
    check (twitter_card in ('summary', 'summary_large_image', 'app', 'player')),
  twitter_title text check (char_length(twitter_title) <= 200),
  twitter_description text check (char_length(twitter_description) <= 500),
  twitter_image text check (char_length(twitter_image) <= 2048),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create trigger site_config_set_updated_at before update on public.site_config
  for each row execute function private.set_updated_at();

-- sectors and sub_sectors: names and system prompts in English and French.
create table public.sectors (
  id text primary key check (id ~ '^[a-z0-9_-]{1,64}$'),
  name text not null check (char_length(name) between 1 and 100),
  name_fr text not null check (char_length(name_fr) between 1 and 100),
  sort_order integer not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create trigger sectors_set_updated_at before update on public.sectors
  for each row execute function private.set_updated_at();

create table public.sub_sectors (
  id text primary key check (id ~ '^[a-z0-9_-]{1,64}$'),
  sector_id text not null references public.sectors (id) on delete cascade on update cascade,
  name text not null check (char_length(name) between 1 and 100),
  name_fr text not null check (char_length(name_fr) between 1 and 100),
  system_prompt text not null check (char_length(system_prompt) between 1 and 20000),
  system_prompt_fr text not null check (char_length(system_prompt_fr) between 1 and 20000),
  sort_order integer not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index sub_sectors_sector_id_idx on public.sub_sectors (sector_id, sort_order);
create trigger sub_sectors_set_updated_at before update on public.sub_sectors
  for each row execute function private.set_updated_at();

-- tool_catalogue: function_definition is the OpenAI function schema
-- {name, description, parameters {type: object, properties, required}}.
create or replace function private.is_valid_function_definition(definition jsonb) returns boolean
language sql immutable set search_path = '' as $$
  select jsonb_typeof(definition) = 'object'
     and coalesce(definition ->> 'name', '') ~ '^[a-zA-Z0-9_-]{1,64}$'
     and jsonb_typeof(definition -> 'parameters') = 'object'
     and jsonb_typeof(coalesce(definition -> 'parameters' -> 'properties', '{}'::jsonb)) = 'object'
     and jsonb_typeof(coalesce(definition -> 'parameters' -> 'required', '[]'::jsonb)) = 'array'
$$;

create table public.tool_catalogue (
  id text primary key check (id ~ '^[a-z0-9_]{1,64}$'),
  name text not null check (char_length(name) between 1 and 100),
  description text not null default '' check (char_length(description) <= 1000),
  icon text not null default 'default' check (icon in ('calendar', 'map-pin', 'users', 'mail', 'message-square',
    'shopping-cart', 'credit-card', 'package', 'truck', 'award', 'star', 'book', 'wrench', 'settings', 'default')),
  enabled boolean not null default false,
  function_definition jsonb not null check (private.is_valid_function_definition(function_definition)),
  default_config jsonb not null default '{}' check (jsonb_typeof(default_config) = 'object'),
  sort_order integer not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create trigger tool_catalogue_set_updated_at before update on public.tool_catalogue
  for each row execute function private.set_updated_at();

-- platform_settings: one row, id 'default'.
create table public.platform_settings (
  id text primary key default 'default' check (id = 'default'),
  chat_model text not null default 'gpt-4.1' check (char_length(chat_model) between 1 and 100),
  whatsapp_model text not null default 'gpt-4.1' check (char_length(whatsapp_model) between 1 and 100),
  internal_call_model text not null default 'gpt-4o-realtime-preview' check (char_length(internal_call_model) between 1 and 100),
  gsm_call_model text not null default 'gpt-4o-realtime-preview' check (char_length(gsm_call_model) between 1 and 100),
  default_language text not null default 'fr' check (default_language in ('en', 'fr')),
  smtp_port integer not null default 587 check (smtp_port between 1 and 65535),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create trigger platform_settings_set_updated_at before update on public.platform_settings
  for each row execute function private.set_updated_at();

revoke all on table public.site_config, public.sectors, public.sub_sectors, public.tool_catalogue, public.platform_settings
  from public, anon, authenticated;
grant all on table public.site_config, public.sectors, public.sub_sectors, public.tool_catalogue, public.platform_settings
  to service_role;
alter table public.site_config enable row level security;
alter table public.sectors enable row level security;
alter table public.sub_sectors enable row level security;
alter table public.tool_catalogue enable row level security;
alter table public.platform_settings enable row level security;

-- Site SEO and the sector list are public (landing page, wizard); admins edit them.
grant select on table public.site_config, public.sectors, public.sub_sectors to anon, authenticated;
grant insert, update on table public.site_config to authenticated;
grant insert, update, delete on table public.sectors, public.sub_sectors to authenticated;
create policy "anyone can read the site configuration" on public.site_config for select to anon, authenticated
  using (true);
create policy "admins can create the site configuration" on public.site_config for insert to authenticated
  with check ((select private.is_admin()));
create policy "admins can update the site configuration" on public.site_config for update to authenticated
  using ((select private.is_admin())) with check ((select private.is_admin()));

create policy "anyone can read sectors" on public.sectors for select to anon, authenticated using (true);
create policy "admins can create sectors" on public.sectors for insert to authenticated with check ((select private.is_admin()));
create policy "admins can update sectors" on public.sectors for update to authenticated
  using ((select private.is_admin())) with check ((select private.is_admin()));
create policy "admins can delete sectors" on public.sectors for delete to authenticated using ((select private.is_admin()));

create policy "anyone can read sub-sectors" on public.sub_sectors for select to anon, authenticated using (true);
create policy "admins can create sub-sectors" on public.sub_sectors for insert to authenticated with check ((select private.is_admin()));
create policy "admins can update sub-sectors" on public.sub_sectors for update to authenticated
  using ((select private.is_admin())) with check ((select private.is_admin()));
create policy "admins can delete sub-sectors" on public.sub_sectors for delete to authenticated using ((select private.is_admin()));

-- Tools: signed-in users see enabled tools (wizard); admins see and manage all.
grant select, insert, update, delete on table public.tool_catalogue to authenticated;
create policy "users can read enabled tools and admins all tools" on public.tool_catalogue for select to authenticated
  using (enabled or (select private.is_admin()));
create policy "admins can create tools" on public.tool_catalogue for insert to authenticated with check ((select private.is_admin()));
create policy "admins can update tools" on public.tool_catalogue for update to authenticated
  using ((select private.is_admin())) with check ((select private.is_admin()));
create policy "admins can delete tools" on public.tool_catalogue for delete to authenticated using ((select private.is_admin()));

-- Model settings: read by signed-in users (the console shows which model runs), changed by admins.
grant select, update on table public.platform_settings to authenticated;
create policy "users can read platform settings" on public.platform_settings for select to authenticated using (true);
create policy "admins can update platform settings" on public.platform_settings for update to authenticated
  using ((select private.is_admin())) with check ((select private.is_admin()));

revoke all on function private.is_valid_function_definition(jsonb) from public;
-- Check constraints run with the inserting role's privileges, so admins (authenticated) need EXECUTE.
grant execute on function private.is_valid_function_definition(jsonb) to authenticated, service_role;
