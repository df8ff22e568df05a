-- Analytics rate caps per writer, not only per agent. Anonymous visitors shared one counter per
-- agent with the agent's owner, so 1,200 anonymous events a minute (a script on a few addresses)
-- made the owner's own events refused. Now:
--   * an agent's owner writing events of their own agent has a budget of their own (1,200 a
--     minute), which visitors cannot spend;
--   * visitors keep the per-agent cap (1,200 a minute for all of them together) and each client
--     address also has its own (300 a minute), so one address cannot take the whole agent cap.
-- The client address is the first x-forwarded-for entry the API gateway passes in the request
-- headers, kept only as a hash in the counters.
create or replace function private.limit_analytics_event_rate() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  -- Far above what a real page sends (one page view per visitor visit), low enough that a loop of
  -- requests cannot add more than ~1.7 million rows a day per agent.
  per_minute constant integer := 1200;
  per_address_per_minute constant integer := 300;
  this_minute timestamptz := date_trunc('minute', now());
  owner_writing boolean := new.agent_id is not null and private.request_role() = 'authenticated'
                           and (select private.is_own_agent(new.agent_id));
  key text := case when owner_writing then 'owner:' || new.agent_id::text
                   else coalesce(new.agent_id::text, 'site') end;
  address text := nullif(btrim(split_part(coalesce(
                    nullif(current_setting('request.headers', true), '')::json ->> 'x-forwarded-for', ''), ',', 1)), '');
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
  if not owner_writing and address is not null then
    insert into private.analytics_event_rate as r (bucket, minute, events)
    values ('address:' || coalesce(new.agent_id::text, 'site') || ':' || md5(address), this_minute, 1)
    on conflict (bucket, minute) do update set events = r.events + 1
    returning r.events into counted;
    if counted > per_address_per_minute then
      raise exception 'Too many analytics events from this address; try again in a minute.'
        using errcode = 'PT429', hint = 'analytics_rate_limited';
    end if;
  end if;
  return new;
end
$$;
revoke all on function private.limit_analytics_event_rate() from public;
