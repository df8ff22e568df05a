-- French names and descriptions for the tools catalogue, so a French owner reads the wizard's and
-- Configure's tool cards in French and a French agent's prompt lists its tools in French. Empty
-- means "not translated": readers then fall back to the English text.
alter table public.tool_catalogue
  add column name_fr text not null default '' check (char_length(name_fr) <= 100),
  add column description_fr text not null default '' check (char_length(description_fr) <= 1000);

update public.tool_catalogue c set name_fr = v.name_fr, description_fr = v.description_fr
  from (values
    ('calendar', 'Agenda', 'Prendre, vérifier, déplacer et annuler des rendez-vous dans l''agenda de l''entreprise.'),
    ('maps', 'Localisation', 'Trouver une adresse, calculer un itinéraire et chercher des lieux à proximité.'),
    ('crm', 'Gestion clients', 'Créer et mettre à jour les fiches clients et noter les échanges avec eux.'),
    ('email', 'E-mail', 'Envoyer des e-mails, des e-mails types et des e-mails programmés aux clients.'),
    ('orders', 'Commandes', 'Prendre, modifier, consulter et annuler les commandes des clients.'),
    ('payments', 'Paiements', 'Encaisser, rembourser, vérifier un paiement et créer des liens de paiement.'),
    ('inventory', 'Stock', 'Consulter et mettre à jour le stock, réserver des articles et signaler un stock bas.'),
    ('messaging', 'Messagerie', 'Envoyer des SMS, des messages WhatsApp et des notifications, tout de suite ou plus tard.')
  ) as v(id, name_fr, description_fr)
 where c.id = v.id;

-- An agent's built-in ('system', the default type) tools must be tools of the catalogue: the engine
-- only knows how to run those. A tool the agent already had stays even if the admin later removes or
-- disables it (the owner can still save other changes); a tool being added must be in the catalogue
-- and enabled. Definer so the check sees the whole catalogue whatever the writer's RLS shows.
create or replace function private.check_agent_tools_in_catalogue() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  unknown text;
begin
  select t ->> 'id' into unknown
    from jsonb_array_elements(new.tools) t
   where coalesce(t ->> 'type', 'system') = 'system'
     and not exists (select 1 from public.tool_catalogue c where c.id = t ->> 'id' and c.enabled)
     and (tg_op = 'INSERT' or not exists (
           select 1 from jsonb_array_elements(old.tools) o
            where o ->> 'id' = t ->> 'id' and coalesce(o ->> 'type', 'system') = 'system'))
   limit 1;
  if unknown is not null then
    raise exception 'Unknown tool %', unknown using errcode = '23514',
      detail = jsonb_build_object('field', 'tools', 'tool', unknown)::text;
  end if;
  return new;
end
$$;
revoke all on function private.check_agent_tools_in_catalogue() from public;

create trigger agents_tools_in_catalogue before insert or update of tools on public.agents
  for each row execute function private.check_agent_tools_in_catalogue();
