-- Reply to voice notes with a voice note (an owner option beyond the anchors): when on
-- and an AI key is configured, the whatsapp-webhook function answers a user's voice note with the
-- reply spoken in the agent's voice (OpenAI text to speech) as well as written. Off by default: a
-- spoken reply costs more and not every business wants its agent to talk.
-- An agent setting like phone_voice_mode: the owner edits it under the agents' existing RLS
-- (owners update their own agents), through one more column grant.
alter table public.agents add column whatsapp_voice_replies boolean not null default false;

comment on column public.agents.whatsapp_voice_replies is
  'Answer WhatsApp voice notes with a voice note in the agent''s voice (needs an AI key; text otherwise).';

grant update (whatsapp_voice_replies) on table public.agents to authenticated;
