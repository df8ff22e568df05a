-- The owner's agent allowance, shown before it bites (the agents list and the wizard's first step
-- say "1 of 1 agents used") and enforced on insert. Both read one definition,
-- private.agent_allowance(user_id): the pack that applies (private.current_pack), its max_agents
-- (-1 = unlimited; a missing free pack row falls back to one agent), and the agents owned. Admins
-- are unlimited. The insert trigger is redefined on top of it so the figure shown and the figure
-- enforced cannot drift apart.

create or replace function private.agent_allowance(user_id uuid)
returns table (pack_id text, pack_name text, max_agents integer, used_agents integer)
language plpgsql stable security definer set search_path = '' as $$
declare
  admin boolean;
  pack public.packs;
begin
  select p.is_admin into admin from public.profiles p where p.id = agent_allowance.user_id;
  pack := private.current_pack(agent_allowance.user_id);
  pack_id := coalesce(pack.id, 'free');
  pack_name := coalesce(pack.name, 'Free');
  -- null: no limit (an admin, or a pack with -1)
  max_agents := case
    when coalesce(admin, false) then null
    when coalesce(pack.max_agents, 1) = -1 then null
    else coalesce(pack.max_agents, 1)
  end;
  select count(*)::integer into used_agents from public.agents a where a.user_id = agent_allowance.user_id;
  return next;
end
$$;

-- Before each agent insert by a client: the owner's profile row is locked first, so two
-- concurrent inserts of one owner run one after the other and the second counts the first.
-- SQLSTATE PT403 makes PostgREST answer 403; the hint names the rule and the detail carries the
-- numbers as JSON, which the console turns into a translated message.
create or replace function private.enforce_agent_limit() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  allowance record;
begin
  if private.request_role() in ('', 'service_role') then
    return new;
  end if;
  perform 1 from public.profiles p where p.id = new.user_id for update;
  select * into allowance from private.agent_allowance(new.user_id);
  if allowance.max_agents is null then
    return new;
  end if;
  if allowance.used_agents >= allowance.max_agents then
    raise exception 'Your % pack allows % agent(s). Delete an agent or upgrade your pack to create another.',
        allowance.pack_name, allowance.max_agents
      using errcode = 'PT403',
            hint = 'pack_limit_reached',
            detail = jsonb_build_object('limit', 'max_agents', 'max', allowance.max_agents,
                                        'pack', allowance.pack_id)::text;
  end if;
  return new;
end
$$;

-- The caller's own allowance (no parameter names a user): definer only to read the pack even
-- when an admin has since deactivated it.
create or replace function public.agent_allowance()
returns table (pack_id text, pack_name text, max_agents integer, used_agents integer)
language plpgsql stable security definer set search_path = '' as $$
declare
  caller uuid := (select auth.uid());
begin
  if caller is null then
    raise exception 'User not authenticated' using errcode = '42501';
  end if;
  return query select * from private.agent_allowance(caller);
end
$$;
comment on function public.agent_allowance() is
  'The caller''s agents used of the number their pack allows (null: unlimited), as the insert trigger counts them.';

revoke all on function private.agent_allowance(uuid), private.enforce_agent_limit() from public;
revoke all on function public.agent_allowance() from public, anon, authenticated;
grant execute on function public.agent_allowance() to authenticated;
