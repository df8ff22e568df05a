-- The owner's WhatsApp usage block on /credits: what this month's WhatsApp replies
-- cost as the meter records it. WhatsApp replies are not charged in credits (credits are voice
-- minutes; no credit_ledger row names a WhatsApp message): the conversation core writes one
-- `chat.tokens` metric per reply turn (channel whatsapp) and one `whatsapp.speech` metric per
-- voice-note reply (characters synthesised). This version adds the speech characters and answers
-- -1 (unlimited) for an admin, as whatsapp_claim_conversation never stops an admin's replies.
-- Still the caller's own rows only: no parameter names a user, the owner is auth.uid().
drop function public.whatsapp_usage();
create function public.whatsapp_usage()
returns table (conversations_used integer, conversations_included integer, messages_sent integer,
               tokens bigint, speech_characters bigint, period_start timestamptz)
language plpgsql stable security definer set search_path = '' as $$
declare
  caller uuid := (select auth.uid());
  this_month date := (date_trunc('month', now() at time zone 'utc'))::date;
begin
  if caller is null then
    raise exception 'User not authenticated' using errcode = '42501';
  end if;
  period_start := this_month::timestamp at time zone 'utc';
  conversations_included := case
    when coalesce((select p.is_admin from public.profiles p where p.id = caller), false) then -1
    else coalesce((private.current_pack(caller)).whatsapp_conversations, 0) end;
  select count(*)::integer into conversations_used from private.whatsapp_conversation_months m
   where m.user_id = caller and m.month = this_month;
  select count(*)::integer into messages_sent from public.whatsapp_messages w
   where w.user_id = caller and w.direction = 'outbound' and w.message_sid is not null
     and w."timestamp" >= period_start;
  select coalesce(sum(a.value) filter (where a.name = 'chat.tokens' and a.dimensions ->> 'channel' = 'whatsapp'), 0)::bigint,
         coalesce(sum(a.value) filter (where a.name = 'whatsapp.speech'), 0)::bigint
    into tokens, speech_characters
    from public.analytics_metrics a
   where a.user_id = caller and a.name in ('chat.tokens', 'whatsapp.speech')
     and a."timestamp" >= period_start;
  return next;
end
$$;
comment on function public.whatsapp_usage() is
  'The caller''s WhatsApp conversations this month against their pack, messages sent, and the tokens and speech characters their WhatsApp replies were metered.';

revoke all on function public.whatsapp_usage() from public, anon, authenticated;
grant execute on function public.whatsapp_usage() to authenticated;
