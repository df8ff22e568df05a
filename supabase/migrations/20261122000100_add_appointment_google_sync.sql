-- Google Calendar sync state per appointment: when the agent's google_calendar
-- integration is enabled, the calendar tool mirrors each booking, move and cancellation to Google.
-- A Google failure never loses the local appointment: the row keeps `failed` and the reason, which
-- the tool reports to the model and the owner can see. NULL = not synced (no connection).
alter table public.appointments
  add column google_sync_status text check (google_sync_status in ('synced', 'failed')),
  add column google_sync_error text check (char_length(google_sync_error) <= 1000),
  add column google_synced_at timestamptz;
