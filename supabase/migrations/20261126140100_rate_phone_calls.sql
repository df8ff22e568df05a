-- The end-of-call rating on the phone: when the agent ends a phone call it asks the
-- caller to press 1 to 5; the relay (service role) stores the digit here. Same storage as the web
-- ratings: 1-5 on the call's conversation, satisfaction = (rating-1)/4, a second rating replaces
-- the first (the insights triggers move the rollups). The relay proved the call when its socket's
-- call token verified and the call store attached it; Twilio calls only (an owner's sandbox call
-- is not a visitor's opinion and its conversation is not a 'phone' one).
create or replace function public.rate_phone_call(call_id uuid, rating integer)
returns numeric
language plpgsql volatile security definer set search_path = '' as $$
declare
  stored numeric;
begin
  if rate_phone_call.rating is null or rate_phone_call.rating not between 1 and 5 then
    raise exception 'rating must be 1 to 5' using errcode = '22023';
  end if;
  update public.conversations c
     set rating = rate_phone_call.rating,
         satisfaction = round((rate_phone_call.rating - 1)::numeric / 4, 2),
         rated_at = now()
    from public.calls k
   where k.id = rate_phone_call.call_id
     and k.source = 'twilio'
     and c.id = k.conversation_id
     and c.channel = 'phone'
  returning c.satisfaction into stored;
  if not found then
    raise exception 'Conversation not found' using errcode = 'PT404';
  end if;
  return stored;
end
$$;

revoke all on function public.rate_phone_call(uuid, integer) from public, anon, authenticated;
grant execute on function public.rate_phone_call(uuid, integer) to service_role;

comment on function public.rate_phone_call(uuid, integer) is
  'A phone caller''s 1-5 keypad rating at the end of a call the agent ended (the relay, service role, only).';
