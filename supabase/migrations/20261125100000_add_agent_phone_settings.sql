-- Phone settings of an agent: how its calls are answered and where a caller is handed
-- to a human. The rule for the number format is the one of phone_numbers.phone_number (E.164),
-- mirrored by `_shared/contracts/phone.ts` (agreement test in tests/integration/contracts).
--   phone_voice_mode: 'any_model' (Twilio ConversationRelay: Twilio does speech-to-text and
--     text-to-speech, the conversation core answers with the configured text provider, offline
--     included) or 'natural_voice' (Media Streams bridged to the realtime speech model). null = the
--     default chosen by the server from the provider configured (natural voice needs an OpenAI key).
--   transfer_number: the human number the `transfer_call` tool hands the caller to; null = no transfer.
alter table public.agents
  add column phone_voice_mode text check (phone_voice_mode in ('any_model', 'natural_voice')),
  add column transfer_number text check (transfer_number ~ '^\+[1-9][0-9]{6,14}$');

comment on column public.agents.phone_voice_mode is
  'How phone calls are answered: any_model (ConversationRelay) or natural_voice (Media Streams + realtime); null = server default.';
comment on column public.agents.transfer_number is
  'E.164 number the transfer_call tool hands a caller to; null = no transfer.';

grant update (phone_voice_mode, transfer_number) on table public.agents to authenticated;
