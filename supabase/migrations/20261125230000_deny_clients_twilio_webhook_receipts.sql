-- Twilio webhook receipts (20261125120000) have RLS on and no grant to clients; the Supabase
-- advisor flags RLS without a policy as "forgotten". Say it explicitly: no client role may touch
-- them (the definer functions of the twilio-voice webhooks are their only readers and writers).
create policy "no client reads or writes webhook receipts" on private.twilio_webhook_receipts
  as restrictive for all to anon, authenticated using (false) with check (false);
