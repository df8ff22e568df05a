/**
 * `manage_calendar`: opening hours (`calendar_hours`, Monday–Friday 09:00–18:00 when none are set)
 * and appointments (`appointments`) in the agent's local time. Bookings must fall inside opening
 * hours and not overlap another booking. Visitors can move or cancel only the appointments made
 * in their own conversation. Google Calendar sync is not done here yet (see the function README).
 */
import { fail, isOwnerChannel, numberArg, ok, text, type ToolContext } from './context.ts';
import type { ToolOutcome } from '../engine/turn.ts';

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
}

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
    .select('id, title, description, starts_on, starts_at_time, duration_minutes, status, conversation_id')
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

async function freeSlots(context: ToolContext, date: string, weekday: number, duration: number): Promise<string[]> {
  const [hours, bookings] = await Promise.all([openingHours(context, weekday), bookingsOn(context, date)]);
  const slots: string[] = [];
  for (const range of hours) {
    for (let start = range.opens; start + duration <= range.closes; start += 30) {
      if (!overlaps(bookings, start, duration)) slots.push(clock(start));
    }
  }
  return slots;
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

/** Checks date, time, duration, opening hours and overlaps; returns the problem or null. */
async function checkSlot(
  context: ToolContext,
  args: Record<string, unknown>,
  except?: string,
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
  if (!hours.some((range) => start >= range.opens && start + duration <= range.closes)) {
    const slots = await freeSlots(context, day.date, day.weekday, duration);
    return { problem: ok({ booked: false, reason: 'outside opening hours', available_times: slots.slice(0, 12) }) };
  }
  const clash = overlaps(await bookingsOn(context, day.date), start, duration, except);
  if (clash) {
    const slots = await freeSlots(context, day.date, day.weekday, duration);
    return {
      problem: ok({ booked: false, reason: 'that time is already taken', available_times: slots.slice(0, 12) }),
    };
  }
  return { date: day.date, time: clock(start), duration };
}

/** The appointment a visitor refers to: theirs, on the date (and time) they give, else their latest. */
async function findOwnAppointment(context: ToolContext, args: Record<string, unknown>): Promise<AppointmentRow | null> {
  let query = context.service
    .from('appointments')
    .select('id, title, description, starts_on, starts_at_time, duration_minutes, status, conversation_id')
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
  switch (action) {
    case 'check_availability': {
      const day = parseDate(text(args, 'date'));
      if (!day) return fail('date must be a real date written YYYY-MM-DD');
      const slots = await freeSlots(context, day.date, day.weekday, slotMinutes(context, args));
      return ok({ date: day.date, time_zone: context.timeZone, available_times: slots, open: slots.length > 0 });
    }
    case 'create_appointment': {
      const slot = await checkSlot(context, args);
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
        .select('id, title, description, starts_on, starts_at_time, duration_minutes, status, conversation_id')
        .single<AppointmentRow>();
      if (error || !data) return fail(`the appointment could not be saved: ${error?.message ?? 'no row'}`);
      return ok({ booked: true, time_zone: context.timeZone, ...describe(data) });
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
      const slot = await checkSlot(context, merged, current.id);
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
        .select('id, title, description, starts_on, starts_at_time, duration_minutes, status, conversation_id')
        .single<AppointmentRow>();
      if (error || !data) return fail(`the appointment could not be changed: ${error?.message ?? 'no row'}`);
      return ok({ updated: true, ...describe(data) });
    }
    case 'cancel_appointment': {
      const current = await findOwnAppointment(context, args);
      if (!current) return fail('no appointment of yours was found to cancel');
      const { error } = await context.service.from('appointments').update({ status: 'cancelled' }).eq('id', current.id);
      if (error) return fail(`the appointment could not be cancelled: ${error.message}`);
      return ok({ cancelled: true, ...describe({ ...current, status: 'cancelled' }) });
    }
    default:
      return fail(`unknown calendar action ${String(action)}`);
  }
}
