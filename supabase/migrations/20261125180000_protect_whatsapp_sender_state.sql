-- WhatsApp Business sender state is the server's (whatsappBusiness).
-- The `whatsapp-senders` function creates the telephony sub-account and the sender at Twilio and
-- follows its status; it stores:
--   * agent_secrets.whatsapp_account_sid / whatsapp_auth_token: the sub-account (no client grant);
--   * agent_integrations (kind 'whatsapp_business'): enabled, connected_at / disconnected_at and the
--     sender's public state in config {sender_id, phone_number, waba_id, status, last_status_check,
--     business_info {display_name, description, category, status}, messaging_limits,
--     quality_rating, offline_reasons} (contracts/whatsapp.ts, StoredSenderConfig).
-- The owner reads that row (RLS, unchanged) but must not write it: a browser marking its sender
-- ONLINE, or pointing it at another number, would make the channel answer (and bill) on its word.
-- So client roles cannot insert, update or delete whatsapp_business rows; the function writes them
-- with the service role after re-deriving ownership. The same goes for the number's old free-form
-- `phone_number_assignments.whatsapp` column, which nothing reads: owners lose its update grant.

create or replace function private.protect_whatsapp_sender() returns trigger
language plpgsql set search_path = '' as $$
begin
  if current_user in ('anon', 'authenticated')
     and ((tg_op <> 'DELETE' and new.kind = 'whatsapp_business')
          or (tg_op <> 'INSERT' and old.kind = 'whatsapp_business')) then
    raise exception 'WhatsApp Business is connected and disconnected through the whatsapp-senders function'
      using errcode = '42501';
  end if;
  if tg_op = 'DELETE' then
    return old;
  end if;
  return new;
end
$$;
create trigger agent_integrations_protect_whatsapp_sender
  before insert or update or delete on public.agent_integrations
  for each row execute function private.protect_whatsapp_sender();
revoke all on function private.protect_whatsapp_sender() from public;

revoke update (whatsapp) on table public.phone_number_assignments from authenticated;
