-- The web widget: the script served at /api/live-audio-widget on an
-- agent's subdomain only runs on the domain its owner configured. This returns that domain when the
-- agent's page and its web widget are both enabled, else null. The widget's api_key is not returned.
create or replace function public.public_web_widget(subdomain text) returns jsonb
language sql stable security definer set search_path = '' as $$
  select jsonb_build_object('domain', lower(btrim(widget.config ->> 'domain')))
  from public.agents a
  join public.agent_integrations card
    on card.agent_id = a.id and card.kind = 'virtual_business_card' and card.enabled
  join public.agent_integrations widget
    on widget.agent_id = a.id and widget.kind = 'web_widget' and widget.enabled
  where a.subdomain = lower(btrim(public_web_widget.subdomain))
    and coalesce(btrim(widget.config ->> 'domain'), '') <> ''
$$;

revoke all on function public.public_web_widget(text) from public, anon, authenticated;
grant execute on function public.public_web_widget(text) to anon, authenticated, service_role;
