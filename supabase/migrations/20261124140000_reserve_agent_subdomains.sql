-- Reserved subdomains: an agent page on admin.{domain}, login.{domain} or
-- billing.{domain} reads as the platform's own page, a ready-made phishing page; www, mail, smtp or
-- autodiscover collide with hosting and mail conventions. Nobody claims them, admins and the
-- service role included. The console shows the same list before asking the database
-- (renderer/src/features/agents/reservedSubdomains.ts); an integration test proves both agree.

create or replace function private.reserved_subdomains() returns text[]
language sql immutable set search_path = '' as $$
  select array[
    'abuse', 'account', 'accounts', 'admin', 'administrator', 'api', 'app', 'apps', 'assets',
    'auth', 'autoconfig', 'autodiscover', 'billing', 'blog', 'cdn', 'checkout', 'concierge',
    'console', 'dashboard', 'dev', 'docs', 'email', 'files', 'ftp', 'graphql', 'help',
    'hostmaster', 'imap', 'internal', 'localhost', 'login', 'logout', 'mail', 'media', 'no-reply',
    'noreply', 'ns1', 'ns2', 'oauth', 'pay', 'payment', 'payments', 'pop', 'pop3', 'portal',
    'postmaster', 'realtime', 'register', 'root', 'secure', 'security', 'settings', 'signin',
    'signup', 'smtp', 'sso', 'staging', 'static', 'status', 'storage', 'support', 'system',
    'webmail', 'webmaster', 'widget', 'www'
  ]::text[]
$$;

create or replace function private.is_reserved_subdomain(subdomain text) returns boolean
language sql immutable set search_path = '' as $$
  select coalesce(is_reserved_subdomain.subdomain = any (private.reserved_subdomains()), false)
$$;

-- A trigger rather than a check constraint: an agent that already holds a now-reserved name keeps
-- working (its other columns stay editable); only claiming one, by insert or rename, is refused.
-- Named after agents_normalise so it runs second and sees the trimmed, lower-cased value.
create or replace function private.refuse_reserved_subdomain() returns trigger
language plpgsql set search_path = '' as $$
begin
  if private.is_reserved_subdomain(new.subdomain)
     and (tg_op = 'INSERT' or new.subdomain is distinct from old.subdomain) then
    raise exception 'The subdomain "%" is reserved', new.subdomain
      using errcode = '23514', constraint = 'agents_subdomain_not_reserved',
            hint = 'Choose another subdomain.';
  end if;
  return new;
end
$$;

create trigger agents_subdomain_not_reserved before insert or update on public.agents
  for each row execute function private.refuse_reserved_subdomain();

-- The console's live check says "not available" for a reserved name too.
create or replace function public.subdomain_available(subdomain text, agent_id uuid default null) returns boolean
language sql stable security definer set search_path = '' as $$
  select subdomain_available.subdomain ~ '^[a-z0-9-]{3,63}$' and subdomain_available.subdomain !~ '^-|-$'
     and subdomain_available.subdomain <> 'www'
     and not private.is_reserved_subdomain(subdomain_available.subdomain)
     and not exists (select 1 from public.agents a where a.subdomain = subdomain_available.subdomain
                       and a.id is distinct from subdomain_available.agent_id)
$$;

revoke all on function private.reserved_subdomains(), private.is_reserved_subdomain(text),
  private.refuse_reserved_subdomain() from public;
grant execute on function private.reserved_subdomains(), private.is_reserved_subdomain(text)
  to authenticated, service_role;
revoke all on function public.subdomain_available(text, uuid) from public, anon, authenticated;
grant execute on function public.subdomain_available(text, uuid) to authenticated, service_role;
