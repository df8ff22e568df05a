-- What a visitor may know about an agent: public profile, branding, public
-- tool fields and the assigned number, only when the agent's public page (virtual business card)
-- is enabled. The system prompt, integrations and owner never leave through here. Returns null
-- for an unknown subdomain or a disabled page, so the public site shows "Agent Not Found".
create or replace function public.public_agent(subdomain text) returns jsonb
language sql stable security definer set search_path = '' as $$
  select jsonb_build_object(
    'id', a.id,
    'name', a.name,
    'company_name', a.company_name,
    'subdomain', a.subdomain,
    'avatar_url', a.avatar_url,
    'voice', a.voice,
    'default_language', a.default_language,
    'category', a.category,
    'sector', a.sector,
    'sub_sector', a.sub_sector,
    'address', a.address,
    'phone', a.phone,
    'email', a.email,
    'website', a.website,
    'directory_listed', a.directory_listed,
    'branding', a.branding,
    'tools', coalesce((
      select jsonb_agg(jsonb_build_object(
        'id', t ->> 'id', 'name', t ->> 'name', 'description', t ->> 'description',
        'icon', coalesce(t ->> 'icon', 'default'), 'type', coalesce(t ->> 'type', 'custom'),
        'created_at', t -> 'created_at', 'updated_at', t -> 'updated_at') order by ord)
      from jsonb_array_elements(a.tools) with ordinality as e(t, ord)), '[]'::jsonb),
    'phone_number', (select n.phone_number from public.phone_number_assignments pa
                       join public.phone_numbers n on n.id = pa.phone_number_id
                      where pa.agent_id = a.id),
    'has_knowledge', exists (select 1 from public.knowledge_documents d where d.agent_id = a.id and d.status = 'uploaded'),
    'created_at', a.created_at,
    'updated_at', a.updated_at)
  from public.agents a
  join public.agent_integrations card
    on card.agent_id = a.id and card.kind = 'virtual_business_card' and card.enabled
  where a.subdomain = lower(btrim(public_agent.subdomain))
$$;

revoke all on function public.public_agent(text) from public, anon, authenticated;
grant execute on function public.public_agent(text) to anon, authenticated, service_role;
