/**
 * `manage_calendar`: opening hours (`calendar_hours`, Monday–Friday 09:00–18:00 when none are set)
 * and appointments (`appointments`) in the agent's local time. Bookings must fall inside opening
 * hours and not overlap another booking. Visitors can move or cancel only the appointments made
 * in their own conversation. With the agent's Google Calendar connected, every change is mirrored
 * there and Google's busy times count as taken (calendar-sync.ts).
 */
import { fail, isOwnerChannel, numberArg, ok, text, type ToolContext } from './context.ts';
import type { ToolOutcome } from '../conversation/turn.ts';
import {
  appointmentInterval,
  busyInGoogle,
  googleBusyOn,
  linkGoogle,
  syncCancelled,
  syncSaved,
  type GoogleLink,
} from './calendar-sync.ts';
import type { BusyInterval } from '../google/calendar-api.ts';

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^([01]\d|2[0-3]):([0-5]\d)(?::00)?$/;

interface Range {
  opens: number;
  closes: number;
}

interface AppointmentRow {
  id: string;
  title: string;
  description: string;
  starts_on: string;
  starts_at_time: string;
  duration_minutes: number;
  status: string;
  conversation_id: string | null;
  google_event_id: string | null;
}

const APPOINTMENT_COLUMNS =
  'id, title, description, starts_on, starts_at_time, duration_minutes, status, conversation_id, google_event_id';

const DEFAULT_HOURS: Range[] = [{ opens: 9 * 60, closes: 18 * 60 }];

function minutesOf(time: string): number {
  const [hours, minutes] = time.split(':');
  return Number(hours) * 60 + Number(minutes);
}

function clock(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

function parseDate(raw: string | undefined): { date: string; weekday: number } | null {
  const match = raw ? DATE.exec(raw) : null;
  if (!match) return null;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  if (date.toISOString().slice(0, 10) !== raw) return null;
  return { date: raw!, weekday: date.getUTCDay() };
}

/** Today's date in the agent's time zone (bookings in the past are refused). */
function localToday(context: ToolContext): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: context.timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(context.now());
}

async function openingHours(context: ToolContext, weekday: number): Promise<Range[]> {
  const { data, error } = await context.service
    .from('calendar_hours')
    .select('weekday, opens_at, closes_at')
    .eq('agent_id', context.agentId)
    .order('opens_at');
  if (error) throw new Error(error.message);
  const rows = (data ?? []) as { weekday: number; opens_at: string; closes_at: string }[];
  if (rows.length === 0) return weekday >= 1 && weekday <= 5 ? DEFAULT_HOURS : [];
  return rows
    .filter((row) => row.weekday === weekday)
    .map((row) => ({ opens: minutesOf(row.opens_at), closes: minutesOf(row.closes_at) }));
}

async function bookingsOn(context: ToolContext, date: string): Promise<AppointmentRow[]> {
  const { data, error } = await context.service
    .from('appointments')
    .select(APPOINTMENT_COLUMNS)
    .eq('agent_id', context.agentId)
    .eq('starts_on', date)
    .eq('status', 'booked');
  if (error) throw new Error(error.message);
  return (data ?? []) as AppointmentRow[];
}

function overlaps(
  bookings: AppointmentRow[],
  start: number,
  duration: number,
  except?: string,
): AppointmentRow | undefined {
  return bookings.find((booking) => {
    if (booking.id === except) return false;
    const otherStart = minutesOf(booking.starts_at_time);
    return start < otherStart + booking.duration_minutes && otherStart < start + duration;
  });
}

function slotMinutes(context: ToolContext, args: Record<string, unknown>): number {
  const asked = numberArg(args, 'duration');
  const configured = Number(context.config.slot_minutes);
  const duration = asked ?? (Number.isFinite(configured) && configured > 0 ? configured : 30);
  return Math.round(duration);
}

/** What Google adds to a day: its busy intervals, or why it could not be asked (bookings go on). */
interface GoogleDay {
  intervals: BusyInterval[];
  error?: string;
}

async function googleDay(google: GoogleLink | null, context: ToolContext, date: string): Promise<GoogleDay | null> {
  if (!google) return null;
  const busy = await googleBusyOn(google, date, context.timeZone);
  return 'error' in busy ? { intervals: [], error: busy.error } : { intervals: busy.intervals };
}

async function freeSlots(
  context: ToolContext,
  date: string,
  weekday: number,
  duration: number,
  google: GoogleLink | null,
  own?: BusyInterval,
): Promise<{ slots: string[]; google: GoogleDay | null }> {
  const [hours, bookings, day] = await Promise.all([
    openingHours(context, weekday),
    bookingsOn(context, date),
    googleDay(google, context, date),
  ]);
  const slots: string[] = [];
  for (const range of hours) {
    for (let start = range.opens; start + duration <= range.closes; start += 30) {
      if (overlaps(bookings, start, duration)) continue;
      if (day && busyInGoogle(day.intervals, date, start, duration, context.timeZone, own)) continue;
      slots.push(clock(start));
    }
  }
  return { slots, google: day };
}

/** The availability result's note on Google (nothing when not connected). */
function googleNote(day: GoogleDay | null): Record<string, unknown> {
  if (!day) return {};
  return day.error
    ? { google_calendar: 'unavailable', calendar_sync_error: day.error }
    : { google_calendar: 'consulted' };
}

function describe(row: AppointmentRow) {
  return {
    appointment_id: row.id,
    title: row.title,
    date: row.starts_on,
    time: row.starts_at_time.slice(0, 5),
    duration: row.duration_minutes,
    status: row.status,
  };
}

/** Checks date, time, duration, opening hours and overlaps (ours and Google's); returns the problem or null. */
async function checkSlot(
  context: ToolContext,
  args: Record<string, unknown>,
  google: GoogleLink | null,
  except?: AppointmentRow,
): Promise<{ problem: ToolOutcome } | { date: string; time: string; duration: number }> {
  const day = parseDate(text(args, 'date'));
  if (!day) return { problem: fail('date must be a real date written YYYY-MM-DD') };
  const timeMatch = TIME.exec(text(args, 'time') ?? '');
  if (!timeMatch) return { problem: fail('time must be HH:mm (24 h)') };
  const duration = slotMinutes(context, args);
  if (duration < 5 || duration > 480) return { problem: fail('duration must be between 5 and 480 minutes') };
  if (day.date < localToday(context)) return { problem: fail('that date is in the past') };
  const start = Number(timeMatch[1]) * 60 + Number(timeMatch[2]);
  const hours = await openingHours(context, day.weekday);
  const own = except?.google_event_id ? appointmentInterval(except, context.timeZone) : undefined;
  const alternatives = async (reason: string) => {
    const free = await freeSlots(context, day.date, day.weekday, duration, google, own);
    return { problem: ok({ booked: false, reason, available_times: free.slots.slice(0, 12) }) };
  };
  if (!hours.some((range) => start >= range.opens && start + duration <= range.closes)) {
    return alternatives('outside opening hours');
  }
  if (overlaps(await bookingsOn(context, day.date), start, duration, except?.id)) {
    return alternatives('that time is already taken');
  }
  const busy = await googleDay(google, context, day.date);
  if (busy && busyInGoogle(busy.intervals, day.date, start, duration, context.timeZone, own)) {
    return alternatives('that time is already taken');
  }
  return { date: day.date, time: clock(start), duration };
}

/** The appointment a visitor refers to: theirs, on the date (and time) they give, else their latest. */
async function findOwnAppointment(context: ToolContext, args: Record<string, unknown>): Promise<AppointmentRow | null> {
  let query = context.service
    .from('appointments')
    .select(APPOINTMENT_COLUMNS)
    .eq('agent_id', context.agentId)
    .eq('status', 'booked');
  if (!isOwnerChannel(context)) query = query.eq('conversation_id', context.conversationId);
  const id = text(args, 'appointment_id');
  if (id) query = query.eq('id', id);
  const { data, error } = await query.order('created_at', { ascending: false }).limit(20);
  if (error) throw new Error(error.message);
  const rows = (data ?? []) as AppointmentRow[];
  const date = text(args, 'original_date') ?? text(args, 'date');
  return rows.find((row) => !date || row.starts_on === date) ?? rows[0] ?? null;
}

export async function manageCalendar(args: Record<string, unknown>, context: ToolContext): Promise<ToolOutcome> {
  const action = text(args, 'action');
  const known = ['check_availability', 'create_appointment', 'update_appointment', 'cancel_appointment'];
  if (!known.includes(action ?? '')) return fail(`unknown calendar action ${String(action)}`);
  const google = await linkGoogle(context);
  switch (action) {
    case 'check_availability': {
      const day = parseDate(text(args, 'date'));
      if (!day) return fail('date must be a real date written YYYY-MM-DD');
      const free = await freeSlots(context, day.date, day.weekday, slotMinutes(context, args), google);
      return ok({
        date: day.date,
        time_zone: context.timeZone,
        available_times: free.slots,
        open: free.slots.length > 0,
        ...googleNote(free.google),
      });
    }
    case 'create_appointment': {
      const slot = await checkSlot(context, args, google);
      if ('problem' in slot) return slot.problem;
      const { data, error } = await context.service
        .from('appointments')
        .insert({
          agent_id: context.agentId,
          user_id: context.ownerId,
          conversation_id: context.conversationId,
          title: text(args, 'title', 200) ?? 'Appointment',
          description: text(args, 'description') ?? '',
          starts_on: slot.date,
          starts_at_time: slot.time,
          duration_minutes: slot.duration,
          time_zone: context.timeZone,
        })
        .select(APPOINTMENT_COLUMNS)
        .single<AppointmentRow>();
      if (error || !data) return fail(`the appointment could not be saved: ${error?.message ?? 'no row'}`);
      const sync = google ? await syncSaved(context, google, data) : {};
      return ok({ booked: true, time_zone: context.timeZone, ...describe(data), ...sync });
    }
    case 'update_appointment': {
      const current = await findOwnAppointment(context, { ...args, date: text(args, 'original_date') });
      if (!current) return fail('no appointment of yours was found to change');
      const merged = {
        ...args,
        date: text(args, 'date') ?? current.starts_on,
        time: text(args, 'time') ?? current.starts_at_time.slice(0, 5),
        duration: numberArg(args, 'duration') ?? current.duration_minutes,
      };
      const slot = await checkSlot(context, merged, google, current);
      if ('problem' in slot) return slot.problem;
      const { data, error } = await context.service
        .from('appointments')
        .update({
          starts_on: slot.date,
          starts_at_time: slot.time,
          duration_minutes: slot.duration,
          ...(text(args, 'title', 200) ? { title: text(args, 'title', 200) } : {}),
          ...(text(args, 'description') ? { description: text(args, 'description') } : {}),
        })
        .eq('id', current.id)
        .select(APPOINTMENT_COLUMNS)
        .single<AppointmentRow>();
      if (error || !data) return fail(`the appointment could not be changed: ${error?.message ?? 'no row'}`);
      const sync = google ? await syncSaved(context, google, data) : {};
      return ok({ updated: true, ...describe(data), ...sync });
    }
    case 'cancel_appointment': {
      const current = await findOwnAppointment(context, args);
      if (!current) return fail('no appointment of yours was found to cancel');
      const { error } = await context.service.from('appointments').update({ status: 'cancelled' }).eq('id', current.id);
      if (error) return fail(`the appointment could not be cancelled: ${error.message}`);
      const sync = google ? await syncCancelled(context, google, current) : null;
      return ok({ cancelled: true, ...describe({ ...current, status: 'cancelled' }), ...sync });
    }
    default:
      return fail(`unknown calendar action ${String(action)}`);
  }
}
