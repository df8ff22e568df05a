-- The end-of-call rating: a browser voice caller rates the call they just ended.
-- A web_voice conversation has no visitor key, so rate_conversation can never match it; the proof
-- that the rater held the call is the call token voice-session signed for it, checked by the
-- agent-chat function (service role) before it calls this. Same storage as a chat rating: 1-5 on
-- the call's conversation, satisfaction = (rating-1)/4, a second rating replaces the first (the
-- insights triggers move the rollups), never a second row.
create or replace function public.rate_voice_call(call_id uuid, rating integer)
returns numeric
language plpgsql volatile security definer set search_path = '' as $$
declare
  stored numeric;
begin
  if rate_voice_call.rating is null or rate_voice_call.rating not between 1 and 5 then
    raise exception 'rating must be 1 to 5' using errcode = '22023';
  end if;
  update public.conversations c
     set rating = rate_voice_call.rating,
         satisfaction = round((rate_voice_call.rating - 1)::numeric / 4, 2),
         rated_at = now()
    from public.voice_calls v
   where v.id = rate_voice_call.call_id
     and c.id = v.conversation_id
     and c.channel = 'web_voice'
  returning c.satisfaction into stored;
  if not found then
    raise exception 'Conversation not found' using errcode = 'PT404';
  end if;
  return stored;
end
$$;

revoke all on function public.rate_voice_call(uuid, integer) from public, anon, authenticated;
grant execute on function public.rate_voice_call(uuid, integer) to service_role;

comment on function public.rate_voice_call(uuid, integer) is
  'A browser voice caller''s 1-5 rating of their call''s conversation (agent-chat checks the call token first). Service role only.';
