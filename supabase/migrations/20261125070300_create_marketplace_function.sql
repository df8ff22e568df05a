-- The marketplace: a directory of the agents whose owners listed them,
-- for admins only, searched and filtered on the server and read page by page (infinite scroll).
-- Categories: professional, business, institution, civil (the admin menu's 'civil service') and
-- other, which also holds agents with no or an unknown category.

create index agents_directory_category_idx on public.agents (category, created_at desc) where directory_listed;

create or replace function public.marketplace_agents(search text default null, filter_category text default null,
  page_size integer default 20, page integer default 0)
returns table (id uuid, name text, company_name text, category text, avatar_url text, subdomain text,
  created_at timestamptz)
language plpgsql stable security definer set search_path = '' as $$
declare
  pattern text;
begin
  if not private.is_admin() then
    raise exception 'Access Denied: This marketplace is only accessible to administrators.' using errcode = '42501';
  end if;
  if marketplace_agents.page_size is null or marketplace_agents.page_size not between 1 and 100
     or marketplace_agents.page is null or marketplace_agents.page < 0 then
    raise exception 'page_size must be between 1 and 100 and page at least 0' using errcode = '22023';
  end if;
  if marketplace_agents.filter_category is not null
     and marketplace_agents.filter_category not in ('all', 'professional', 'business', 'institution', 'civil', 'other') then
    raise exception 'unknown category %', marketplace_agents.filter_category using errcode = '22023';
  end if;
  -- The search text is a literal substring: LIKE's wildcards in it are escaped.
  pattern := '%' || replace(replace(replace(btrim(coalesce(marketplace_agents.search, '')), '\', '\\'), '%', '\%'), '_', '\_') || '%';
  return query
  select a.id, a.name, a.company_name, a.category, a.avatar_url, a.subdomain, a.created_at
    from public.agents a
   where a.directory_listed and a.subdomain is not null
     and (a.name ilike pattern or coalesce(a.company_name, '') ilike pattern)
     and case coalesce(marketplace_agents.filter_category, 'all')
           when 'all' then true
           when 'other' then a.category is null or a.category not in ('professional', 'business', 'institution', 'civil')
           else a.category = marketplace_agents.filter_category
         end
   order by a.created_at desc, a.id
   limit marketplace_agents.page_size
  offset marketplace_agents.page::bigint * marketplace_agents.page_size;
end
$$;

revoke all on function public.marketplace_agents(text, text, integer, integer) from public, anon, authenticated;
grant execute on function public.marketplace_agents(text, text, integer, integer) to authenticated;
