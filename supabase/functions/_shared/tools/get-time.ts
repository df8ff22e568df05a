/**
 * `get_time` (formats iso, utc, time, date, else the locale string). Pure: the
 * clock and the agent's time zone are passed in.
 */
import type { ToolOutcome } from '../conversation/turn.ts';

export type TimeFormat = 'iso' | 'utc' | 'time' | 'date' | 'locale';

function validTimeZone(zone: unknown): string | null {
  if (typeof zone !== 'string' || zone.trim() === '') return null;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone.trim() });
    return zone.trim();
  } catch {
    return null;
  }
}

function validLocale(language: string): string {
  try {
    return Intl.DateTimeFormat.supportedLocalesOf([language.replace(/_/g, '-')])[0] ?? 'en';
  } catch {
    return 'en';
  }
}

export function getTime(
  args: Record<string, unknown>,
  context: { now: Date; language: string; defaultTimeZone?: string | null },
): ToolOutcome {
  const format = (typeof args.format === 'string' ? args.format : 'locale') as TimeFormat;
  if (args.timezone !== undefined && validTimeZone(args.timezone) === null) {
    return { ok: false, error: `unknown time zone ${String(args.timezone)}` };
  }
  const timeZone = validTimeZone(args.timezone) ?? validTimeZone(context.defaultTimeZone) ?? 'UTC';
  const locale = validLocale(context.language);
  const { now } = context;
  let value: string;
  switch (format) {
    case 'iso':
      value = now.toISOString();
      break;
    case 'utc':
      value = now.toUTCString();
      break;
    case 'time':
      value = now.toLocaleTimeString(locale, { timeZone });
      break;
    case 'date':
      value = now.toLocaleDateString(locale, {
        timeZone,
        weekday: 'long',
        year: 'numeric',
        month: 'long',
        day: 'numeric',
      });
      break;
    default:
      value = now.toLocaleString(locale, { timeZone });
  }
  return {
    ok: true,
    result: { time: value, timeZone, format: ['iso', 'utc', 'time', 'date'].includes(format) ? format : 'locale' },
  };
}
