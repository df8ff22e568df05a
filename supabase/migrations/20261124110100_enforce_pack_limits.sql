-- Pack limits are enforced by the database, not only by the console. This migration counts
-- `max_agents` on insert: `users` has no team table, minutes/credits are already bounded by the
-- ledger (profiles.credits >= 0), and WhatsApp conversations are counted where they are received
-- (20261125190000, whatsapp messaging).
--
-- Which pack applies: the user's subscription while it runs (active, or cancelled at period end
-- and the period not over); without one, the free pack (every user starts on it,
-- 1 agent). -1 means unlimited. Admins are unlimited. The service role and SQL run outside a
-- request (seed, maintenance) act for the platform and are not limited.

-- The pack that applies to a user now; the free pack when none runs (null if even that is gone).
create or replace function private.current_pack(user_id uuid) returns public.packs
language sql stable security definer set search_path = '' as $$
  select k.*
    from public.packs k
    left join lateral (
      select s.pack_id from public.subscriptions s
       where s.user_id = current_pack.user_id
         and (s.status = 'active' or (s.cancel_at_period_end and s.current_period_end > now()))
       order by s.created_at desc
       limit 1) running on true
   where k.id = coalesce(running.pack_id, 'free')
$$;

-- Before each agent insert by a client: the owner's profile row is locked first, so two
-- concurrent inserts of one owner run one after the other and the second counts the first.
-- SQLSTATE PT403 makes PostgREST answer 403; the hint names the rule and the detail carries the
-- numbers as JSON, which the console turns into a translated message.
create or replace function private.enforce_agent_limit() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  admin boolean;
  pack public.packs;
  allowed integer;
  owned integer;
begin
  if private.request_role() in ('', 'service_role') then
    return new;
  end if;
  select p.is_admin into admin from public.profiles p where p.id = new.user_id for update;
  if coalesce(admin, false) then
    return new;
  end if;
  pack := private.current_pack(new.user_id);
  -- A missing free pack row (deleted by an admin) falls back to the free pack's own limit: one agent.
  allowed := coalesce(pack.max_agents, 1);
  if allowed = -1 then
    return new;
  end if;
  select count(*) into owned from public.agents a where a.user_id = new.user_id;
  if owned >= allowed then
    raise exception 'Your % pack allows % agent(s). Delete an agent or upgrade your pack to create another.',
        coalesce(pack.name, 'Free'), allowed
      using errcode = 'PT403',
            hint = 'pack_limit_reached',
            detail = jsonb_build_object('limit', 'max_agents', 'max', allowed, 'pack', coalesce(pack.id, 'free'))::text;
  end if;
  return new;
end
$$;

create trigger agents_enforce_pack_limit before insert on public.agents
  for each row execute function private.enforce_agent_limit();

revoke all on function private.current_pack(uuid), private.enforce_agent_limit() from public;
