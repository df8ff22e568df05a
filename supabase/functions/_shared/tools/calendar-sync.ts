/**
 * Google Calendar side of `manage_calendar`: when the agent's google_calendar integration
 * is enabled, bookings, moves and cancellations are mirrored to Google and availability also
 * honours Google's freeBusy. Our `appointments` row is the record: it is written first, and a
 * Google failure only marks it (`google_sync_status = 'failed'` + `google_sync_error`) and is
 * reported in the tool result, so the visitor's booking is never lost.
 */
import { GoogleCalendar, loadGoogleCalendar, type BusyInterval, type CalendarEvent } from '../google/calendar-api.ts';
import { googleConfig } from '../google/config.ts';
import { GoogleApiError } from '../google/oauth.ts';
import { localDateTime, nextDate, zonedToUtc } from '../google/time.ts';
import type { ToolContext } from './context.ts';

export interface SyncedAppointment {
  id: string;
  title: string;
  description: string;
  starts_on: string;
  starts_at_time: string;
  duration_minutes: number;
  google_event_id: string | null;
}

export type SyncReport = { calendar_sync: 'synced' } | { calendar_sync: 'failed'; calendar_sync_error: string };

/** Google for one tool call: the connection (null = not connected) and freeBusy per date, fetched once. */
export interface GoogleLink {
  calendar: GoogleCalendar;
  busy: Map<string, Promise<{ intervals: BusyInterval[] } | { error: string }>>;
}

export async function linkGoogle(context: ToolContext): Promise<GoogleLink | null> {
  const calendar = await loadGoogleCalendar({
    service: context.service,
    agentId: context.agentId,
    config: googleConfig(context.env),
    fetch: context.fetch,
    now: context.now,
  });
  return calendar ? { calendar, busy: new Map() } : null;
}

function reason(error: unknown): string {
  const text = error instanceof GoogleApiError ? error.message : `Google sync failed: ${String(error)}`;
  return text.slice(0, 1000);
}

/** Busy intervals on `date` (the agent's local day), or why Google could not say. */
export function googleBusyOn(
  link: GoogleLink,
  date: string,
  timeZone: string,
): Promise<{ intervals: BusyInterval[] } | { error: string }> {
  let entry = link.busy.get(date);
  if (!entry) {
    entry = link.calendar
      .busy(zonedToUtc(date, 0, timeZone), zonedToUtc(nextDate(date), 0, timeZone))
      .then((intervals) => ({ intervals }))
      .catch((error: unknown) => ({ error: reason(error) }));
    link.busy.set(date, entry);
  }
  return entry;
}

/**
 * Whether a slot (local minutes after midnight on `date`) meets a Google busy interval. `own` is
 * the interval of the appointment being moved: freeBusy does not say which event is which, so an
 * interval exactly equal to the appointment's own synced event is not held against it.
 */
export function busyInGoogle(
  intervals: BusyInterval[],
  date: string,
  start: number,
  duration: number,
  timeZone: string,
  own?: BusyInterval,
): boolean {
  const from = zonedToUtc(date, start, timeZone);
  const to = from + duration * 60_000;
  return intervals.some(
    (interval) =>
      !(own && interval.start === own.start && interval.end === own.end) && from < interval.end && interval.start < to,
  );
}

export function appointmentInterval(row: SyncedAppointment, timeZone: string): BusyInterval {
  const [hours, minutes] = row.starts_at_time.split(':');
  const start = zonedToUtc(row.starts_on, Number(hours) * 60 + Number(minutes), timeZone);
  return { start, end: start + row.duration_minutes * 60_000 };
}

function eventOf(row: SyncedAppointment, timeZone: string): CalendarEvent {
  const [hours, minutes] = row.starts_at_time.split(':');
  const start = Number(hours) * 60 + Number(minutes);
  return {
    summary: row.title,
    description: row.description,
    start: { dateTime: localDateTime(row.starts_on, start), timeZone },
    end: { dateTime: localDateTime(row.starts_on, start + row.duration_minutes), timeZone },
    extendedProperties: { private: { concierge_appointment_id: row.id } },
  };
}

async function record(
  context: ToolContext,
  id: string,
  outcome: { eventId?: string | null; error?: string },
): Promise<SyncReport> {
  const { error } = await context.service
    .from('appointments')
    .update({
      ...(outcome.eventId !== undefined ? { google_event_id: outcome.eventId } : {}),
      google_sync_status: outcome.error ? 'failed' : 'synced',
      google_sync_error: outcome.error ?? null,
      ...(outcome.error ? {} : { google_synced_at: context.now().toISOString() }),
    })
    .eq('id', id);
  if (error) console.warn('calendar: recording the Google sync state failed', error.message);
  return outcome.error ? { calendar_sync: 'failed', calendar_sync_error: outcome.error } : { calendar_sync: 'synced' };
}

/** Creates the Google event of a new booking, or (re)creates it for a moved one whose event is gone. */
export async function syncSaved(context: ToolContext, link: GoogleLink, row: SyncedAppointment): Promise<SyncReport> {
  const event = eventOf(row, context.timeZone);
  try {
    if (row.google_event_id) {
      try {
        await link.calendar.patchEvent(row.google_event_id, event);
        return await record(context, row.id, {});
      } catch (error) {
        // Deleted in Google meanwhile: create it again rather than lose the booking there.
        if (!(error instanceof GoogleApiError && (error.status === 404 || error.status === 410))) throw error;
      }
    }
    const eventId = await link.calendar.insertEvent(event);
    return await record(context, row.id, { eventId });
  } catch (error) {
    return record(context, row.id, { error: reason(error) });
  }
}

/** Deletes the Google event of a cancelled booking (nothing to do when it never reached Google). */
export async function syncCancelled(
  context: ToolContext,
  link: GoogleLink,
  row: SyncedAppointment,
): Promise<SyncReport | null> {
  if (!row.google_event_id) return null;
  try {
    await link.calendar.deleteEvent(row.google_event_id);
    return await record(context, row.id, { eventId: null });
  } catch (error) {
    return record(context, row.id, { error: reason(error) });
  }
}
