import type { DayCount } from '@contracts/insights.ts';

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** A chart's day label ('25 nov.' in French, '25 Nov' in English); the date is a calendar day. */
export function dayLabel(date: string, lang: string): string {
  const locale = lang === 'en' ? 'en-GB' : 'fr-FR';
  let format = dayFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', timeZone: 'UTC' });
    dayFormats.set(locale, format);
  }
  return format.format(new Date(`${date}T00:00:00Z`));
}

/** Trend text: one decimal, signed ('+12.5', '-3', '0'), in the language's decimal style. */
export function trendText(value: number, lang: string): string {
  const text = new Intl.NumberFormat(lang === 'en' ? 'en-GB' : 'fr-FR', {
    maximumFractionDigits: 1,
    signDisplay: 'exceptZero',
  }).format(value);
  return text;
}

export interface DayPoint {
  date: string;
  label: string;
  calls: number;
  messages: number;
}

/** Calls and messages per day side by side (both series cover the same days). */
export function combineDays(calls: DayCount[], messages: DayCount[], lang: string): DayPoint[] {
  const byDate = new Map(messages.map((m) => [m.date, m.count]));
  return calls.map((c) => ({
    date: c.date,
    label: dayLabel(c.date, lang),
    calls: c.count,
    messages: byDate.get(c.date) ?? 0,
  }));
}

export function hasActivity(points: { calls: number; messages: number }[]): boolean {
  return points.some((p) => p.calls > 0 || p.messages > 0);
}
