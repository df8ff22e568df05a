/**
 * The console's one date formatter: day, short month, year, hour and minute, in
 * that French order, 24-hour clock. English wording keeps the same order (en-GB), so a date reads
 * the same shape in both languages: "21 nov. 2026, 20:10" / "21 Nov 2026, 20:10".
 */
const locales = { fr: 'fr-FR', en: 'en-GB' } as const;

export type DateStyle = 'dateTime' | 'date';

const cache = new Map<string, Intl.DateTimeFormat>();

function formatterFor(lang: string, style: DateStyle, timeZone?: string): Intl.DateTimeFormat {
  const locale = lang === 'en' ? locales.en : locales.fr;
  const key = `${locale}|${style}|${timeZone ?? ''}`;
  let f = cache.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      ...(style === 'dateTime' ? { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' } : {}),
      ...(timeZone ? { timeZone } : {}),
    });
    cache.set(key, f);
  }
  return f;
}

/** Formats an ISO string or Date; an unreadable value yields '' rather than "Invalid Date". */
export function formatDate(
  value: string | Date | null | undefined,
  lang: string,
  style: DateStyle = 'dateTime',
  timeZone?: string,
): string {
  if (value === null || value === undefined) return '';
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return formatterFor(lang, style, timeZone).format(date);
}
