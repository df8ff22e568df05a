-- A phone call is a conversation of the one core: its transcript is the `messages` of
-- the conversation the call opens, exactly like a browser voice call (voice_calls.conversation_id).
-- The dashboards, history and contacts join calls to conversations through it.
alter table public.calls
  add column conversation_id uuid references public.conversations (id) on delete set null;
create index calls_conversation_id_idx on public.calls (conversation_id) where conversation_id is not null;
comment on column public.calls.conversation_id is 'The conversation (channel phone) holding the call''s transcript.';
