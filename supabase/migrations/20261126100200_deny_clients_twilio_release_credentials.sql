-- Sub-account credentials waiting for their release (20261126100100) have RLS on and no grant to
-- clients; the advisor flags RLS without a policy. Say it explicitly: no client role may touch them
-- (only the service-role claim function hands them out, and the finish step deletes them).
create policy "no client reads or writes release credentials" on private.twilio_release_credentials
  as restrictive for all to anon, authenticated using (false) with check (false);
