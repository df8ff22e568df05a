-- Every voice conversation is to be one `public.calls` row, whatever carries it. This first step
-- makes the table able to hold a browser voice call next to phone calls, without moving any yet:
--
--   * `kind` is what carries the call: 'phone' (a Twilio number, or the owner's "Call as a phone
--     caller" test) or 'browser_voice' (a visitor's page, or the owner's Test Agent). Every row so
--     far is a phone call, hence the default.
--   * `source` stays who is calling, now per kind: a phone call is 'twilio' or 'sandbox'; a browser
--     voice call is 'visitor' or 'sandbox'. A sandbox call of either kind is the owner's own test,
--     never rated or counted.
--   * `direction` already says inbound or outbound; outbound calls will be rows of the same kinds.
--   * A phone call has a caller's and a called number; a browser voice call has neither, so the two
--     numbers are required only of phone calls.
--
-- Nothing reads or writes `kind` yet besides this check: phone calls keep their functions, and
-- browser voice calls stay in `public.voice_calls` until they move here.

alter table public.calls
  add column kind text not null default 'phone' check (kind in ('phone', 'browser_voice'));
comment on column public.calls.kind is
  'phone: a call to a number (Twilio, or the owner''s sandbox phone test); browser_voice: a call from a web page.';

alter table public.calls drop constraint calls_source_check;
alter table public.calls add constraint calls_source_matches_kind check (
  (kind = 'phone' and source in ('twilio', 'sandbox'))
  or (kind = 'browser_voice' and source in ('visitor', 'sandbox'))
);
comment on column public.calls.source is
  'Who calls. phone: twilio (a real call to a number) or sandbox (the owner''s "Call as a phone caller" test); browser_voice: visitor (the agent''s public page) or sandbox (the owner''s Test Agent). Sandbox calls are not counted or rated.';

alter table public.calls alter column from_number drop not null;
alter table public.calls alter column to_number drop not null;
alter table public.calls add constraint calls_phone_numbers_known check (
  kind <> 'phone' or (from_number is not null and to_number is not null)
);
