-- Private tables added for phone calls, WhatsApp and insights have RLS on and no grant to clients; the Supabase advisor
-- flags RLS without a policy as "forgotten". Say it explicitly: no client role may touch them (their
-- definer functions and triggers are their only readers and writers). Also the covering index the
-- advisor asks for on whatsapp_template_choices' (agent_id, user_id) foreign key.
create policy "no client reads or writes insights rollups" on private.insights_hourly
  as restrictive for all to anon, authenticated using (false) with check (false);
create policy "no client reads or writes insights people" on private.insights_people
  as restrictive for all to anon, authenticated using (false) with check (false);
create policy "no client reads or writes daily questions" on private.insights_questions_daily
  as restrictive for all to anon, authenticated using (false) with check (false);
create policy "no client reads or writes daily tool runs" on private.insights_tools_daily
  as restrictive for all to anon, authenticated using (false) with check (false);
create policy "no client reads or writes purchase holds" on private.phone_number_purchase_holds
  as restrictive for all to anon, authenticated using (false) with check (false);
create policy "no client reads or writes whatsapp conversation months" on private.whatsapp_conversation_months
  as restrictive for all to anon, authenticated using (false) with check (false);

create index whatsapp_template_choices_agent_id_user_id_idx on public.whatsapp_template_choices (agent_id, user_id);
