-- The web widget's configuration is written by the server only: the owner
-- gives a domain, configure_web_widget() checks ownership and the host name, generates the `ww_` key
-- and sets the script URL served from the agent's subdomain at /api/live-audio-widget. A browser must
-- not be able to choose the key or point script_url elsewhere, so direct writes to web_widget rows
-- by client roles are refused (the owner may still delete the row, which only switches it off).

-- Where agents' public pages live: a URL template such as `https://{agent}.agents.example.com`.
-- One row. The local product writes it at start once the site's port is known
-- (scripts/lib/product.ts); a hosted deployment sets it once with SQL. Not readable by clients.
create table private.agent_site (
  id boolean primary key default true check (id),
  url_template text not null
    check (url_template ~ '^https?://\{agent\}\.[a-z0-9]([a-z0-9.-]*[a-z0-9])?(:[0-9]{1,5})?$'),
  updated_at timestamptz not null default now()
);
revoke all on table private.agent_site from public, anon, authenticated;
grant all on table private.agent_site to service_role;

-- The widget's host name rule, shared with the console (renderer/src/features/deploy/widgetDomain.ts)
-- and the site server (public-site/server/widget.ts): an optional http(s):// and trailing slash are
-- tolerated and dropped; what remains must be dot-separated DNS labels ending in an alphabetic TLD,
-- or `localhost` (local development). Returns the normalised host or null.
create or replace function private.normalise_widget_domain(raw text) returns text
language sql immutable set search_path = '' as $$
  select case when host ~ '^([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$' and char_length(host) <= 253
                or host = 'localhost'
              then host end
  from (select regexp_replace(regexp_replace(lower(btrim(coalesce(raw, ''))), '^https?://', ''), '/$', '') as host) h
$$;

-- The loader's address for an agent, or null when the site address or the subdomain is missing.
create or replace function private.web_widget_script_url(subdomain text) returns text
language sql stable security definer set search_path = '' as $$
  select replace(s.url_template, '{agent}', web_widget_script_url.subdomain) || '/api/live-audio-widget'
  from private.agent_site s
  where coalesce(web_widget_script_url.subdomain, '') <> ''
$$;

-- The caller's own agent, locked for the change; 404 for anyone else's (existence is not revealed,
-- admins included: integrations belong to the owner).
create or replace function private.owned_agent_for_widget(agent_id uuid) returns public.agents
language plpgsql security definer set search_path = '' as $$
declare
  agent public.agents;
begin
  if (select auth.uid()) is null then
    raise exception 'User not authenticated' using errcode = '42501';
  end if;
  select * into agent from public.agents a
   where a.id = owned_agent_for_widget.agent_id and a.user_id = (select auth.uid())
   for update;
  if not found then
    raise exception 'Agent not found' using errcode = 'PT404';
  end if;
  return agent;
end
$$;

-- The owner's state of the widget, as the deploy page shows it.
create or replace function private.web_widget_state(i public.agent_integrations) returns jsonb
language sql immutable set search_path = '' as $$
  select jsonb_build_object(
    'enabled', i.enabled,
    'domain', i.config ->> 'domain',
    'api_key', i.config ->> 'api_key',
    'script_url', i.config ->> 'script_url',
    'connected_at', i.connected_at,
    'disconnected_at', i.disconnected_at)
$$;

create or replace function public.configure_web_widget(agent_id uuid, domain text) returns jsonb
language plpgsql security definer set search_path = '' as $$
declare
  agent public.agents;
  host text := private.normalise_widget_domain(configure_web_widget.domain);
  script text;
  existing_key text;
  saved public.agent_integrations;
begin
  agent := private.owned_agent_for_widget(configure_web_widget.agent_id);
  if host is null then
    raise exception 'Invalid Domain' using errcode = '22023',
      detail = 'The widget domain must be a host name such as shop.example.com.';
  end if;
  if coalesce(agent.subdomain, '') = '' then
    raise exception 'The agent needs a subdomain before its widget can be enabled' using errcode = 'P0001';
  end if;
  script := private.web_widget_script_url(agent.subdomain);
  if script is null then
    raise exception 'The address of agent pages is not configured on this server' using errcode = 'PT503';
  end if;
  -- The key survives a domain change or a disable/enable cycle; it is generated once.
  select i.config ->> 'api_key' into existing_key from public.agent_integrations i
   where i.agent_id = agent.id and i.kind = 'web_widget';
  insert into public.agent_integrations as i (agent_id, user_id, kind, enabled, config, connected_at, disconnected_at)
  values (agent.id, agent.user_id, 'web_widget', true,
          jsonb_build_object('domain', host,
                             'api_key', coalesce(existing_key, 'ww_' || encode(extensions.gen_random_bytes(24), 'hex')),
                             'script_url', script),
          now(), null)
  on conflict on constraint agent_integrations_pkey do update
    set enabled = true, config = excluded.config, connected_at = now(), disconnected_at = null
  returning * into saved;
  return private.web_widget_state(saved);
end
$$;

create or replace function public.disable_web_widget(agent_id uuid) returns jsonb
language plpgsql security definer set search_path = '' as $$
declare
  agent public.agents;
  saved public.agent_integrations;
begin
  agent := private.owned_agent_for_widget(disable_web_widget.agent_id);
  update public.agent_integrations i set enabled = false, disconnected_at = now()
   where i.agent_id = agent.id and i.kind = 'web_widget'
  returning * into saved;
  if not found then
    raise exception 'The web widget is not configured for this agent' using errcode = 'PT404';
  end if;
  return private.web_widget_state(saved);
end
$$;

-- Defence behind the RPCs: client roles cannot insert or update web_widget rows (nor turn another
-- kind into one). Definer functions run as their owner, so the RPCs above pass.
create or replace function private.protect_web_widget() returns trigger
language plpgsql set search_path = '' as $$
begin
  if current_user in ('anon', 'authenticated')
     and (new.kind = 'web_widget' or (tg_op = 'UPDATE' and old.kind = 'web_widget')) then
    raise exception 'The web widget is configured through configure_web_widget() and disable_web_widget()'
      using errcode = '42501';
  end if;
  return new;
end
$$;
create trigger agent_integrations_protect_web_widget before insert or update on public.agent_integrations
  for each row execute function private.protect_web_widget();

-- A new subdomain moves the agent's site, and with it the widget loader.
create or replace function private.refresh_web_widget_script_url() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  update public.agent_integrations i
     set config = i.config || jsonb_build_object('script_url', private.web_widget_script_url(new.subdomain))
   where i.agent_id = new.id and i.kind = 'web_widget' and i.config ? 'script_url'
     and private.web_widget_script_url(new.subdomain) is not null;
  return null;
end
$$;
create trigger agents_refresh_web_widget_script_url after update of subdomain on public.agents
  for each row when (new.subdomain is distinct from old.subdomain)
  execute function private.refresh_web_widget_script_url();

revoke all on function private.normalise_widget_domain(text), private.web_widget_script_url(text),
  private.owned_agent_for_widget(uuid), private.web_widget_state(public.agent_integrations),
  private.protect_web_widget(), private.refresh_web_widget_script_url() from public;
grant execute on function private.normalise_widget_domain(text) to authenticated, service_role;
revoke all on function public.configure_web_widget(uuid, text), public.disable_web_widget(uuid)
  from public, anon, authenticated;
grant execute on function public.configure_web_widget(uuid, text), public.disable_web_widget(uuid)
  to authenticated, service_role;
