-- Metrics and analytics cannot be forged.
--   * analytics_metrics are usage figures (tokens, embedding tokens, assist calls): only functions
--     (service role) write them. No client code writes metrics, so the client insert goes.
--   * analytics_events may name an agent only where the writer has a right to: a visitor (anon) an
--     agent whose public page is enabled, a signed-in user one of their own agents (admins
--     included: events belong to the owner's dashboards). No agent at all (the landing page) stays
--     allowed.
--   * Rows already had a size cap (name 64, category 64, page_path 2048, session_id 128 characters,
--     properties 8 KB); clients now also have a rate cap per agent (and one for events without an
--     agent), so a flood cannot grow the table faster than that.

revoke insert on table public.analytics_metrics from authenticated;
drop policy "users can record their own metrics" on public.analytics_metrics;

-- Definer helpers: a visitor cannot read agents or integrations, and the owner test must not
-- follow the admins' wider read policy on agents.
create or replace function private.is_public_agent(agent_id uuid) returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (select 1 from public.agent_integrations card
                  where card.agent_id = is_public_agent.agent_id
                    and card.kind = 'virtual_business_card' and card.enabled)
$$;

create or replace function private.is_own_agent(agent_id uuid) returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (select 1 from public.agents a
                  where a.id = is_own_agent.agent_id and a.user_id = (select auth.uid()))
$$;

revoke all on function private.is_public_agent(uuid), private.is_own_agent(uuid) from public;
grant execute on function private.is_public_agent(uuid) to anon, authenticated, service_role;
grant execute on function private.is_own_agent(uuid) to authenticated, service_role;

drop policy "visitors can record anonymous events" on public.analytics_events;
drop policy "users can record their own events" on public.analytics_events;
create policy "visitors can record anonymous events of public agents" on public.analytics_events for insert to anon
  with check (user_id is null and (agent_id is null or (select private.is_public_agent(agent_id))));
create policy "users can record their own events of their own agents" on public.analytics_events for insert to authenticated
  with check ((user_id is null or user_id = (select auth.uid()))
              and (agent_id is null or (select private.is_own_agent(agent_id))));

-- Rate cap: one counter per agent (or 'site' for events without one) per minute. Counters older
-- than a few minutes are removed as new minutes start, so this table stays tiny.
create table private.analytics_event_rate (
  bucket text not null,
  minute timestamptz not null,
  events integer not null default 0,
  primary key (bucket, minute)
);
revoke all on table private.analytics_event_rate from public, anon, authenticated;
grant all on table private.analytics_event_rate to service_role;

create or replace function private.limit_analytics_event_rate() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  -- Far above what a real page sends (one page view per visitor visit), low enough that a loop of
  -- requests cannot add more than ~1.7 million rows a day per agent.
  per_minute constant integer := 1200;
  key text := coalesce(new.agent_id::text, 'site');
  this_minute timestamptz := date_trunc('minute', now());
  counted integer;
begin
  if private.request_role() in ('', 'service_role') then
    return new;
  end if;
  insert into private.analytics_event_rate as r (bucket, minute, events) values (key, this_minute, 1)
  on conflict (bucket, minute) do update set events = r.events + 1
  returning r.events into counted;
  if counted = 1 then
    delete from private.analytics_event_rate r where r.minute < this_minute - interval '5 minutes';
  end if;
  if counted > per_minute then
    raise exception 'Too many analytics events for this page; try again in a minute.'
      using errcode = 'PT429', hint = 'analytics_rate_limited';
  end if;
  return new;
end
$$;
revoke all on function private.limit_analytics_event_rate() from public;

create trigger analytics_events_limit_rate before insert on public.analytics_events
  for each row execute function private.limit_analytics_event_rate();
