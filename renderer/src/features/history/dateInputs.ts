/** `<input type="date">` values (yyyy-MM-dd, the user's local day) as ISO instants. */
export function dayStart(value: string): string | null {
  const date = new Date(`${value}T00:00:00`);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/** The instant after the day ends (exclusive bound). */
export function dayEnd(value: string): string | null {
  const date = new Date(`${value}T00:00:00`);
  if (Number.isNaN(date.getTime())) return null;
  date.setDate(date.getDate() + 1);
  return date.toISOString();
}
