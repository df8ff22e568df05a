-- A WhatsApp message the conversation core refused to answer (the conversation is full, the agent
-- is gone…) was only logged: the owner saw an inbound message and no reply, with no reason. The
-- adapter now records a `not_sent` row with reason 'turn_refused' and the core's words in
-- error_message (contracts/whatsapp.ts WHATSAPP_NOT_SENT_REASONS; agreement tested in
-- tests/integration/whatsapp/whatsapp-offline.test.ts).

do $$
declare
  check_name text;
begin
  -- The check was declared inline (20261125190000), so its name is Postgres's choice.
  for check_name in
    select c.conname from pg_constraint c
     where c.conrelid = 'public.whatsapp_messages'::regclass and c.contype = 'c'
       and pg_get_constraintdef(c.oid) like '%not_sent_reason%'
  loop
    execute format('alter table public.whatsapp_messages drop constraint %I', check_name);
  end loop;
end
$$;

alter table public.whatsapp_messages
  add constraint whatsapp_messages_not_sent_reason_known
    check (not_sent_reason in ('monthly_limit', 'outside_window', 'send_failed', 'not_configured', 'turn_refused'));
