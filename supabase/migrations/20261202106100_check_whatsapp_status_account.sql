-- A WhatsApp status callback must come from the Twilio account the message was sent through: the
-- sub-account of the agent's sender, else the platform's account (the rule inbound messages
-- follow). Any account this server knows can sign a callback, so a callback signed by owner B's
-- sub-account naming owner A's MessageSid must not move A's message. The status now also reports
-- what happened: 'updated', 'unknown' (no such message yet: the caller may retry) or
-- 'wrong_account' (nothing changed).
drop function public.whatsapp_message_status(text, text, integer, text);
create function public.whatsapp_message_status(message_sid text, status text, error_code integer,
  error_message text, account_sid text, platform_account_sid text)
returns text
language plpgsql security definer set search_path = '' as $$
declare
  target record;
begin
  if private.whatsapp_status_rank(whatsapp_message_status.status) < 0 then
    raise exception 'Unknown message status %', whatsapp_message_status.status using errcode = '22023';
  end if;
  select w.id, s.whatsapp_account_sid into target
    from public.whatsapp_messages w
    left join public.agent_secrets s on s.agent_id = w.assigned_agent
   where w.message_sid = whatsapp_message_status.message_sid;
  if not found then
    return 'unknown';
  end if;
  if coalesce(target.whatsapp_account_sid, nullif(whatsapp_message_status.platform_account_sid, ''))
     is distinct from whatsapp_message_status.account_sid then
    return 'wrong_account';
  end if;
  update public.whatsapp_messages w
     set status = case when private.whatsapp_status_rank(whatsapp_message_status.status)
                            > private.whatsapp_status_rank(w.status)
                       then whatsapp_message_status.status else w.status end,
         error_code = coalesce(whatsapp_message_status.error_code, w.error_code),
         error_message = coalesce(left(whatsapp_message_status.error_message, 500), w.error_message),
         not_sent_reason = case when whatsapp_message_status.status in ('failed', 'undelivered')
                                then 'send_failed' else w.not_sent_reason end,
         status_updated_at = now()
   where w.id = target.id;
  return 'updated';
end
$$;
revoke all on function public.whatsapp_message_status(text, text, integer, text, text, text) from public, anon, authenticated;
grant execute on function public.whatsapp_message_status(text, text, integer, text, text, text) to service_role;
