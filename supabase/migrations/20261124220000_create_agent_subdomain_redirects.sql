-- Renamed subdomains keep working for 30 days. Links, QR codes and the widget
-- snippet printed with the old address must not break the day an owner renames the agent, and must
-- not be taken over either: for 30 days the old name redirects to the agent's current subdomain
-- and nobody else may claim it (an old QR code leading to another business is a phishing page).
--
-- Rows are written only by a trigger on agents (no client grant to write); owners read their own.
-- The public site asks public.subdomain_redirect(old) and answers a redirect to the new host.

create table public.agent_subdomain_redirects (
  old_subdomain text primary key check (old_subdomain ~ '^[a-z0-9-]{3,63}$'),
  agent_id uuid not null,
  user_id uuid not null,
  expires_at timestamptz not null,
  created_at timestamptz not null default now(),
  foreign key (agent_id, user_id) references public.agents (id, user_id) on delete cascade on update cascade
);
comment on table public.agent_subdomain_redirects is
  'Subdomains an agent left: they redirect to its current subdomain and stay unclaimable by others until expires_at.';
create index agent_subdomain_redirects_user_id_idx on public.agent_subdomain_redirects (user_id);
create index agent_subdomain_redirects_agent_id_user_id_idx on public.agent_subdomain_redirects (agent_id, user_id);

revoke all on table public.agent_subdomain_redirects from public, anon, authenticated;
grant all on table public.agent_subdomain_redirects to service_role;
grant select on table public.agent_subdomain_redirects to authenticated;
alter table public.agent_subdomain_redirects enable row level security;
create policy "owners can read their agents' subdomain redirects" on public.agent_subdomain_redirects
  for select to authenticated using (user_id = (select auth.uid()));

-- After a rename: the old name points at the agent for 30 days; a name the agent takes back is its
-- own again. Definer: the owner has no write grant on the table; expired rows are swept here.
create or replace function private.record_subdomain_redirect() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if new.subdomain is not distinct from old.subdomain then
    return null;
  end if;
  delete from public.agent_subdomain_redirects r
   where r.expires_at <= now() or (r.old_subdomain = new.subdomain and r.agent_id = new.id);
  if old.subdomain is not null then
    insert into public.agent_subdomain_redirects (old_subdomain, agent_id, user_id, expires_at)
    values (old.subdomain, new.id, new.user_id, now() + interval '30 days')
    on conflict (old_subdomain) do update
      set agent_id = excluded.agent_id, user_id = excluded.user_id, expires_at = excluded.expires_at,
          created_at = now();
  end if;
  return null;
end
$$;
create trigger agents_record_subdomain_redirect after update of subdomain on public.agents
  for each row execute function private.record_subdomain_redirect();

-- Whether another agent's redirect holds a name (definer: owners cannot read others' redirects).
create or replace function private.is_redirected_subdomain(subdomain text, agent_id uuid) returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (select 1 from public.agent_subdomain_redirects r
                  where r.old_subdomain = is_redirected_subdomain.subdomain and r.expires_at > now()
                    and r.agent_id is distinct from is_redirected_subdomain.agent_id)
$$;

-- Claiming a name another agent left less than 30 days ago is refused like a taken name (23505).
-- Named so it runs after agents_normalise (sees the trimmed, lower-cased value).
create or replace function private.refuse_redirected_subdomain() returns trigger
language plpgsql set search_path = '' as $$
begin
  if new.subdomain is not null
     and (tg_op = 'INSERT' or new.subdomain is distinct from old.subdomain)
     and private.is_redirected_subdomain(new.subdomain, new.id) then
    raise exception 'The subdomain "%" is already taken', new.subdomain
      using errcode = '23505', constraint = 'agents_subdomain_redirected',
            hint = 'Another agent used this subdomain less than 30 days ago.';
  end if;
  return new;
end
$$;
create trigger agents_subdomain_not_redirected before insert or update on public.agents
  for each row execute function private.refuse_redirected_subdomain();

-- The console's live check says "taken" for a name held by a redirect too.
create or replace function public.subdomain_available(subdomain text, agent_id uuid default null) returns boolean
language sql stable security definer set search_path = '' as $$
  select subdomain_available.subdomain ~ '^[a-z0-9-]{3,63}$' and subdomain_available.subdomain !~ '^-|-$'
     and not private.is_reserved_subdomain(subdomain_available.subdomain)
     and not private.is_redirected_subdomain(subdomain_available.subdomain, subdomain_available.agent_id)
     and not exists (select 1 from public.agents a where a.subdomain = subdomain_available.subdomain
                       and a.id is distinct from subdomain_available.agent_id)
$$;

-- For the public site server: the current subdomain a left name leads to, or null. Only for an
-- agent whose public page is on (the page and the widget need it), like public_agent().
create or replace function public.subdomain_redirect(subdomain text) returns text
language sql stable security definer set search_path = '' as $$
  select a.subdomain
  from public.agent_subdomain_redirects r
  join public.agents a on a.id = r.agent_id
  join public.agent_integrations card
    on card.agent_id = a.id and card.kind = 'virtual_business_card' and card.enabled
  where r.old_subdomain = lower(btrim(subdomain_redirect.subdomain)) and r.expires_at > now()
    and a.subdomain is not null
$$;

revoke all on function private.record_subdomain_redirect(), private.is_redirected_subdomain(text, uuid),
  private.refuse_redirected_subdomain() from public;
grant execute on function private.is_redirected_subdomain(text, uuid) to authenticated, service_role;
revoke all on function public.subdomain_available(text, uuid) from public, anon, authenticated;
grant execute on function public.subdomain_available(text, uuid) to authenticated, service_role;
revoke all on function public.subdomain_redirect(text) from public, anon, authenticated;
grant execute on function public.subdomain_redirect(text) to anon, authenticated, service_role;
