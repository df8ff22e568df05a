-- Development data only (local stack and `supabase db reset`): the demo logins and the demo agent.
-- The catalogue (packs, tools, sectors with EN/FR prompts, settings, site config) is created by
-- migrations so hosted projects have it too; it is deliberately not repeated here.
--
-- Demo logins (also written to .concierge/env by `npm start`):
--   owner  demo.owner@example.com / concierge-demo
--   admin  demo.admin@example.com / concierge-admin

insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at, last_sign_in_at,
  raw_app_meta_data, raw_user_meta_data, is_super_admin, created_at, updated_at,
  confirmation_token, recovery_token, email_change_token_new, email_change)
values
  ('00000000-0000-0000-0000-000000000000', 'd0000000-0000-4000-8000-000000000001', 'authenticated', 'authenticated',
   'demo.owner@example.com', extensions.crypt('concierge-demo', extensions.gen_salt('bf', 10)), now(), null,
   '{"provider": "email", "providers": ["email"]}', '{"name": "Demo Owner", "email_verified": true}', false, now(), now(),
   '', '', '', ''),
  ('00000000-0000-0000-0000-000000000000', 'd0000000-0000-4000-8000-000000000002', 'authenticated', 'authenticated',
   'demo.admin@example.com', extensions.crypt('concierge-admin', extensions.gen_salt('bf', 10)), now(), null,
   '{"provider": "email", "providers": ["email"]}', '{"name": "Demo Admin", "email_verified": true}', false, now(), now(),
   '', '', '', '')
on conflict (id) do nothing;

insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
values
  ('d0000000-0000-4000-8000-000000000001', 'd0000000-0000-4000-8000-000000000001',
   '{"sub": "d0000000-0000-4000-8000-000000000001", "email": "demo.owner@example.com", "email_verified": true, "phone_verified": false}',
   'email', now(), now(), now()),
  ('d0000000-0000-4000-8000-000000000002', 'd0000000-0000-4000-8000-000000000002',
   '{"sub": "d0000000-0000-4000-8000-000000000002", "email": "demo.admin@example.com", "email_verified": true, "phone_verified": false}',
   'email', now(), now(), now())
on conflict (provider_id, provider) do nothing;

-- The trigger on auth.users created both profiles (30 credits, lang en). The seed runs as the
-- database owner, so it may set the admin flag directly.
update public.profiles set is_admin = true where id = 'd0000000-0000-4000-8000-000000000002';

-- The demo owner is on the Enterprise pack (unlimited agents): the demo and the end-to-end tests
-- create many agents with it, and pack limits are enforced by the database. Signed-up
-- users start on the free pack (one agent).
insert into public.subscriptions (user_id, pack_id, status)
values ('d0000000-0000-4000-8000-000000000001', 'enterprise', 'active')
on conflict do nothing;

insert into public.agents (id, user_id, name, company_name, description, default_language, voice, subdomain,
  directory_listed, category, sector, sub_sector, address, phone, email, website, capabilities, tools, branding)
values (
  'a0000000-0000-4000-8000-000000000001', 'd0000000-0000-4000-8000-000000000001',
  'Clara', 'Le Petit Bistrot',
  $p$You are Clara, the host of Le Petit Bistrot, a French bistro at 12 rue des Lilas, 75011 Paris. Take table reservations with the calendar tool (date, time, number of guests, name, phone number) and answer questions about the menu, opening hours and access from your knowledge base. Mention allergies only to say the team will confirm on arrival; never guarantee a dish is allergen-free. Answer in the language of the guest, briefly and warmly.$p$,
  'fr_FR', 'female', 'demo', true, 'business', 'food_restaurant', 'restaurant',
  '12 rue des Lilas, 75011 Paris, France', '+33 1 23 45 67 89', 'bonjour@petit-bistrot.example', 'https://petit-bistrot.example',
  array['calendar', 'orders'],
  jsonb_build_array(
    jsonb_build_object('id', 'calendar', 'name', 'Calendar', 'description', 'Book, check, move and cancel appointments in the business calendar.',
      'type', 'system', 'icon', 'calendar', 'config', jsonb_build_object('provider', 'google', 'sync_interval', '5m'),
      'created_at', now(), 'updated_at', now()),
    jsonb_build_object('id', 'orders', 'name', 'Orders', 'description', 'Take, update, look up and cancel customer orders.',
      'type', 'system', 'icon', 'shopping-cart', 'config', jsonb_build_object('currency', 'EUR'),
      'created_at', now(), 'updated_at', now())),
  jsonb_build_object(
    'primary_color', '#6366f1', 'secondary_color', '#4f46e5', 'font_family', 'inter',
    'hero_title', 'Clara, your table at Le Petit Bistrot',
    'hero_subtitle', 'Book a table, ask about the menu or order to take away, day and night.',
    'about_text', '<p>Le Petit Bistrot serves seasonal French cooking in the 11th arrondissement since 2009.</p><p>Clara answers by chat, by voice and by phone, in French and English.</p>',
    'description', 'French bistro in Paris 11e - reservations and takeaway with Clara, our AI host.',
    'meta_title', 'Le Petit Bistrot - book a table with Clara',
    'meta_description', 'Book a table at Le Petit Bistrot, Paris 11e, ask about the menu or order to take away with Clara, our AI host, 24/7.',
    'og_title', 'Le Petit Bistrot', 'og_description', 'Seasonal French cooking in Paris 11e.',
    'twitter_title', 'Le Petit Bistrot', 'twitter_description', 'Seasonal French cooking in Paris 11e.',
    'content_images', jsonb_build_array(), 'social_links', jsonb_build_array(
      jsonb_build_object('type', 'instagram', 'url', 'https://www.instagram.com/')),
    'albums', jsonb_build_array(jsonb_build_object('id', 'default', 'name', 'Gallery', 'images', jsonb_build_array())),
    'youtube_videos', jsonb_build_array(),
    'integrations', jsonb_build_object(
      'google_analytics', jsonb_build_object('enabled', false, 'value', ''),
      'google_tag_manager', jsonb_build_object('enabled', false, 'value', ''),
      'meta_pixel', jsonb_build_object('enabled', false, 'value', ''))))
on conflict (id) do nothing;

insert into public.interactions (agent_id, user_id, type, name, enabled, instructions, config)
values ('a0000000-0000-4000-8000-000000000001', 'd0000000-0000-4000-8000-000000000001', 'share_url', 'Share the menu', true,
  '[{"id": "1", "type": "keyword", "value": "menu"}]',
  '{"url": "https://petit-bistrot.example/menu", "url_title": "Our menu", "url_description": "This week''s menu", "send_url_email": true, "send_url_whatsapp": false}')
on conflict (agent_id, type) do nothing;

insert into public.knowledge_documents (id, agent_id, user_id, name, type, status, size_bytes)
values ('b0000000-0000-4000-8000-000000000001', 'a0000000-0000-4000-8000-000000000001', 'd0000000-0000-4000-8000-000000000001',
  'menu-and-hours.txt', 'txt', 'uploaded', 812)
on conflict (id) do nothing;

-- Chunks without embeddings: retrieval finds them through its full-text half; files uploaded through
-- knowledge-ingest get their vectors too.
insert into public.knowledge_chunks (document_id, agent_id, user_id, chunk_index, content, token_count)
values
  ('b0000000-0000-4000-8000-000000000001', 'a0000000-0000-4000-8000-000000000001', 'd0000000-0000-4000-8000-000000000001', 0,
   'Opening hours: Tuesday to Saturday, lunch 12:00-14:30 and dinner 19:00-22:30. Closed on Sunday and Monday. Reservations are recommended on Friday and Saturday evenings. Groups of more than 8 guests should call the restaurant.', 52),
  ('b0000000-0000-4000-8000-000000000001', 'a0000000-0000-4000-8000-000000000001', 'd0000000-0000-4000-8000-000000000001', 1,
   'Menu: starters - French onion soup 9 EUR, leeks vinaigrette 8 EUR; mains - beef bourguignon 22 EUR, roast cod with beurre blanc 24 EUR, mushroom risotto (vegetarian) 19 EUR; desserts - creme brulee 8 EUR, chocolate mousse 8 EUR. Lunch set menu starter + main or main + dessert 21 EUR.', 80),
  ('b0000000-0000-4000-8000-000000000001', 'a0000000-0000-4000-8000-000000000001', 'd0000000-0000-4000-8000-000000000001', 2,
   'Access: metro Voltaire (line 9), bus 46 and 56. Paid parking at 50 metres, rue Godefroy Cavaignac. The dining room is on the ground floor and wheelchair accessible. Takeaway orders can be collected from 18:30.', 48),
  -- The same facts in French: the demo agent speaks French first, and offline answers quote the
  -- sentence in the visitor's language when the file has one.
  ('b0000000-0000-4000-8000-000000000001', 'a0000000-0000-4000-8000-000000000001', 'd0000000-0000-4000-8000-000000000001', 3,
   'Horaires : du mardi au samedi, déjeuner de 12h00 à 14h30 et dîner de 19h00 à 22h30. Fermé le dimanche et le lundi. La réservation est conseillée le vendredi et le samedi soir. Les groupes de plus de 8 personnes doivent appeler le restaurant.', 58),
  ('b0000000-0000-4000-8000-000000000001', 'a0000000-0000-4000-8000-000000000001', 'd0000000-0000-4000-8000-000000000001', 4,
   'Carte : entrées - soupe à l''oignon 9 EUR, poireaux vinaigrette 8 EUR ; plats - bœuf bourguignon 22 EUR, cabillaud rôti au beurre blanc 24 EUR, risotto aux champignons (végétarien) 19 EUR ; desserts - crème brûlée 8 EUR, mousse au chocolat 8 EUR. Formule déjeuner entrée + plat ou plat + dessert 21 EUR.', 84),
  ('b0000000-0000-4000-8000-000000000001', 'a0000000-0000-4000-8000-000000000001', 'd0000000-0000-4000-8000-000000000001', 5,
   'Accès : métro Voltaire (ligne 9), bus 46 et 56. Parking payant à 50 mètres, rue Godefroy Cavaignac. La salle est au rez-de-chaussée et accessible en fauteuil roulant. Les commandes à emporter se retirent à partir de 18h30.', 52)
on conflict (document_id, chunk_index) do nothing;
