-- /map: an owner's agents placed at their business addresses.
-- Addresses are geocoded by the `agent-map` function through the configured provider
-- (GEOCODER_URL, Nominatim-compatible) and cached here, one row per agent, keyed by the address it
-- was computed from: an edited address is geocoded again, an unchanged one never is.
-- Owners read their own agents' rows; only the function (service role) writes them, and only for
-- agents it re-derived from the caller's own (RLS-filtered) agent list.

create table public.agent_locations (
  agent_id uuid primary key,
  user_id uuid not null,
  -- The agent's address as it was when geocoded (trimmed); compared with agents.address.
  address text not null check (char_length(address) between 1 and 500),
  -- 'found' with coordinates, or 'not_found' (the provider knows no such place; retried later).
  status text not null check (status in ('found', 'not_found')),
  latitude double precision check (latitude between -90 and 90),
  longitude double precision check (longitude between -180 and 180),
  display_name text check (char_length(display_name) <= 500),
  geocoded_at timestamptz not null default now(),
  constraint agent_locations_found_has_point
    check ((status = 'found') = (latitude is not null and longitude is not null)),
  -- The row belongs to the agent's owner and disappears with the agent (or a change of owner).
  foreign key (agent_id, user_id) references public.agents (id, user_id) on delete cascade on update cascade
);
comment on table public.agent_locations is 'Geocoded business addresses of agents (cache of the agent-map function).';
create index agent_locations_user_id_idx on public.agent_locations (user_id);
create index agent_locations_agent_id_user_id_idx on public.agent_locations (agent_id, user_id);

revoke all on table public.agent_locations from public, anon, authenticated, service_role;
grant select on table public.agent_locations to authenticated;
grant select, insert, update, delete on table public.agent_locations to service_role;
alter table public.agent_locations enable row level security;
create policy "owners can read their agents' locations" on public.agent_locations for select to authenticated
  using (user_id = (select auth.uid()));
