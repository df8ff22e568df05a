-- Admin number management, read side: every phone number with its owner and the agent
-- it is assigned to, in one admin-only query instead of a browser join over 1000 agents.
-- Buying a number for a user needs the telephony provider: 20261125110000 adds it.

create or replace function public.admin_phone_numbers(search text default '', page_size integer default 25,
  page integer default 0)
returns table (id uuid, phone_number text, country_code text, locality text, capabilities jsonb,
  added_at timestamptz, owner_id uuid, owner_name text, owner_email text, agent_id uuid, agent_name text,
  assigned_at timestamptz, total_count bigint)
language plpgsql stable security definer set search_path = '' as $$
declare
  pattern text;
begin
  perform private.require_admin();
  if admin_phone_numbers.page_size is null or admin_phone_numbers.page_size not between 1 and 1000
     or admin_phone_numbers.page is null or admin_phone_numbers.page < 0 then
    raise exception 'page_size must be between 1 and 1000 and page at least 0' using errcode = '22023';
  end if;
  if char_length(coalesce(admin_phone_numbers.search, '')) > 100 then
    raise exception 'search is at most 100 characters' using errcode = '22023';
  end if;
  -- The search text is matched literally (no LIKE wildcards from the caller).
  pattern := '%' || replace(replace(replace(btrim(coalesce(admin_phone_numbers.search, '')), '\', '\\'), '%', '\%'), '_', '\_') || '%';
  return query
  select n.id, n.phone_number, n.country_code, n.locality, n.capabilities, n.added_at,
         n.user_id, p.name, p.email, a.id, a.name, pa.assigned_at, count(*) over ()
    from public.phone_numbers n
    left join public.profiles p on p.id = n.user_id
    left join public.phone_number_assignments pa on pa.phone_number_id = n.id
    left join public.agents a on a.id = pa.agent_id
   where pattern = '%%'
      or n.phone_number ilike pattern or p.email ilike pattern or p.name ilike pattern or a.name ilike pattern
   order by n.added_at desc, n.id
   limit admin_phone_numbers.page_size
  offset admin_phone_numbers.page::bigint * admin_phone_numbers.page_size;
end
$$;

revoke all on function public.admin_phone_numbers(text, integer, integer) from public, anon, authenticated;
grant execute on function public.admin_phone_numbers(text, integer, integer) to authenticated;
