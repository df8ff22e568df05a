-- A new agent gets its default branding from the
-- database, so every client that creates an agent gets it, not only the console's wizard:
--   hero_title     the agent name
--   meta/OG/Twitter titles and descriptions built from the company, else the sector, else 'Business'
--   albums         one empty album, so the Media tab can take images at once
-- Keys the insert already carries win (a client or an import may set its own texts); the colours
-- and empty lists keep coming from the column default. Texts are cut to the limits
-- private.is_valid_branding enforces (meta title 70, meta description 170).

create or replace function private.default_agent_branding(
  agent_name text, company_name text, sector_id text
) returns jsonb
language sql stable security definer set search_path = '' as $$
  with label as (
    select coalesce(
      nullif(btrim(company_name), ''),
      (select s.name from public.sectors s where s.id = sector_id),
      'Business') as business,
      btrim(agent_name) as agent
  )
  select jsonb_build_object(
    'hero_title', left(l.agent, 100),
    'meta_title', left(l.agent || ' | ' || l.business, 70),
    'meta_description', left(l.agent || ', the AI assistant of ' || l.business
                             || ': chat or call, and get an answer right away.', 170),
    'og_title', left(l.agent || ' | ' || l.business, 200),
    'og_description', left('Chat or call ' || l.agent || ', the AI assistant of ' || l.business || '.', 500),
    'twitter_title', left(l.agent || ' | ' || l.business, 200),
    'twitter_description', left('Chat or call ' || l.agent || ', the AI assistant of ' || l.business || '.', 500),
    'albums', jsonb_build_array(jsonb_build_object('id', gen_random_uuid(), 'name', 'Album', 'images', '[]'::jsonb)))
  from label l
$$;

create or replace function private.fill_agent_branding() returns trigger
language plpgsql set search_path = '' as $$
declare
  defaults jsonb := private.default_agent_branding(new.name, new.company_name, new.sector);
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
create trigger agents_fill_branding before insert on public.agents
  for each row execute function private.fill_agent_branding();

revoke all on function private.default_agent_branding(text, text, text), private.fill_agent_branding() from public;
-- The insert trigger runs as the inserting role, which calls the defaults.
grant execute on function private.default_agent_branding(text, text, text) to authenticated, service_role;
