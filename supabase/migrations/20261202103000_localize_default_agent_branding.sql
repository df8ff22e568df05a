-- A French agent's default page texts are French: the meta, Open Graph and Twitter titles and
-- descriptions a new agent gets from the database follow its own language (default_language
-- fr_*: French wording, the sector's French name, 'Entreprise' when nothing names the business;
-- any other language: the English texts as before). Keys the insert carries still win, and the
-- texts are cut to the limits private.is_valid_branding enforces (meta title 70, description 170).

create or replace function private.default_agent_branding(
  agent_name text, company_name text, sector_id text, agent_language text
) returns jsonb
language sql stable security definer set search_path = '' as $$
  with label as (
    select coalesce(agent_language, '') like 'fr%' as french, btrim(agent_name) as agent
  ), named as (
    select l.french, l.agent, coalesce(
      nullif(btrim(company_name), ''),
      (select case when l.french then s.name_fr else s.name end from public.sectors s where s.id = sector_id),
      case when l.french then 'Entreprise' else 'Business' end) as business
    from label l
  )
  select jsonb_build_object(
    'hero_title', left(n.agent, 100),
    'meta_title', left(n.agent || ' | ' || n.business, 70),
    'meta_description', left(case when n.french
      then n.agent || ', l’assistant IA de ' || n.business || ' : écrivez ou appelez, et obtenez une réponse tout de suite.'
      else n.agent || ', the AI assistant of ' || n.business || ': chat or call, and get an answer right away.' end, 170),
    'og_title', left(n.agent || ' | ' || n.business, 200),
    'og_description', left(case when n.french
      then 'Écrivez à ' || n.agent || ' ou appelez, l’assistant IA de ' || n.business || '.'
      else 'Chat or call ' || n.agent || ', the AI assistant of ' || n.business || '.' end, 500),
    'twitter_title', left(n.agent || ' | ' || n.business, 200),
    'twitter_description', left(case when n.french
      then 'Écrivez à ' || n.agent || ' ou appelez, l’assistant IA de ' || n.business || '.'
      else 'Chat or call ' || n.agent || ', the AI assistant of ' || n.business || '.' end, 500),
    'albums', jsonb_build_array(jsonb_build_object('id', gen_random_uuid(), 'name', 'Album', 'images', '[]'::jsonb)))
  from named n
$$;

create or replace function private.fill_agent_branding() returns trigger
language plpgsql set search_path = '' as $$
declare
  defaults jsonb := private.default_agent_branding(new.name, new.company_name, new.sector, new.default_language);
  given jsonb := coalesce(new.branding, '{}'::jsonb);
begin
  -- An empty album list counts as not given: the table default carries one.
  if jsonb_typeof(given -> 'albums') = 'array' and jsonb_array_length(given -> 'albums') = 0 then
    given := given - 'albums';
  end if;
  new.branding := defaults || given;
  return new;
end
$$;

-- The three-argument version has no caller left.
drop function private.default_agent_branding(text, text, text);

revoke all on function private.default_agent_branding(text, text, text, text) from public;
-- The insert trigger runs as the inserting role, which calls the defaults.
grant execute on function private.default_agent_branding(text, text, text, text) to authenticated, service_role;
