/**
 * Wall-clock times in an IANA time zone ↔ instants, with Intl only (no date library in functions).
 * Appointments are stored as local date + time + zone; Google's freeBusy speaks in instants.
 */

/** The zone's offset from UTC at `instant`, in milliseconds (positive east of Greenwich). */
function offsetAt(instant: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(instant));
  const get = (type: string) => Number(parts.find((part) => part.type === type)?.value);
  const asUtc = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/** The instant (epoch ms) of `date` (YYYY-MM-DD) at `minutes` after local midnight in `timeZone`. */
export function zonedToUtc(date: string, minutes: number, timeZone: string): number {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const wall = Date.UTC(year, month - 1, day) + minutes * 60_000;
  // Two passes settle the offset across a DST change (the second uses the offset at the result).
  let guess = wall - offsetAt(wall, timeZone);
  guess = wall - offsetAt(guess, timeZone);
  return guess;
}

/** `date` + `minutes` as a local date-time string (YYYY-MM-DDTHH:mm:ss), rolling over midnight. */
export function localDateTime(date: string, minutes: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day) + minutes * 60_000).toISOString().slice(0, 19);
}

/** The day after `date` (YYYY-MM-DD). */
export function nextDate(date: string): string {
  return localDateTime(date, 24 * 60).slice(0, 10);
}
