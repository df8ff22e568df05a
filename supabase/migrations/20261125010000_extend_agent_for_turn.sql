-- One agent loader for every channel: the conversation core reads everything a
-- turn or a call needs about an agent in this one query. agent_for_turn (20261121211010) gains the
-- agent's voice (browser and phone voice) and its enabled interactions (offered as the
-- share_resource tool), which the loader used to read with a second query, and the voice function
-- with three REST reads of its own. Same signature and grants; jsonb keys only added.
create or replace function public.agent_for_turn(agent_id uuid default null, subdomain text default null)
returns jsonb
language sql stable security definer set search_path = '' as $$
  select jsonb_build_object(
    'id', a.id,
    'owner_id', a.user_id,
    'name', a.name,
    'company_name', a.company_name,
    'system_prompt', a.description,
    'default_language', a.default_language,
    'voice', a.voice,
    'public_chat_enabled', exists (select 1 from public.agent_integrations card
      where card.agent_id = a.id and card.kind = 'virtual_business_card' and card.enabled),
    'has_knowledge', exists (select 1 from public.knowledge_documents d where d.agent_id = a.id and d.status = 'uploaded'),
    'time_zone', (select s.time_zone from public.calendar_settings s where s.agent_id = a.id),
    'tools', coalesce((
      select jsonb_agg(jsonb_build_object(
        'id', c.id, 'name', c.name, 'description', c.description,
        'function_definition', c.function_definition,
        'config', c.default_config || coalesce(case when jsonb_typeof(t -> 'config') = 'object' then t -> 'config' end, '{}'::jsonb))
        order by ord)
      from jsonb_array_elements(a.tools) with ordinality as e(t, ord)
      join public.tool_catalogue c on c.id = t ->> 'id' and c.enabled), '[]'::jsonb),
    'interactions', coalesce((
      select jsonb_agg(jsonb_build_object('id', i.id, 'type', i.type, 'name', i.name,
                                          'instructions', i.instructions, 'config', i.config)
                       order by i.sort_order)
        from public.interactions i where i.agent_id = a.id and i.enabled), '[]'::jsonb))
  from public.agents a
  where (agent_for_turn.agent_id is not null and a.id = agent_for_turn.agent_id)
     or (agent_for_turn.agent_id is null and a.subdomain = lower(btrim(agent_for_turn.subdomain)))
  limit 1
$$;

revoke all on function public.agent_for_turn(uuid, text) from public, anon, authenticated;
grant execute on function public.agent_for_turn(uuid, text) to service_role;
