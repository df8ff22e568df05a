import { describe, expect, it } from 'vitest';
import { formatDate } from './dates.ts';

describe('formatDate', () => {
  const moment = '2026-11-21T20:05:00Z';

  it('writes French dates as day, short month, year, hour:minute', () => {
    expect(formatDate(moment, 'fr', 'dateTime', 'UTC')).toBe('21 nov. 2026, 20:05');
  });

  it('keeps the same order in English', () => {
    expect(formatDate(moment, 'en', 'dateTime', 'UTC')).toBe('21 Nov 2026, 20:05');
  });

  it('can leave the time out', () => {
    expect(formatDate(moment, 'fr', 'date', 'UTC')).toBe('21 nov. 2026');
  });

  it('uses a 24-hour clock', () => {
    expect(formatDate('2026-01-02T23:59:00Z', 'en', 'dateTime', 'UTC')).toBe('2 Jan 2026, 23:59');
  });

  it('answers empty text for missing or unreadable values', () => {
    expect(formatDate(null, 'fr')).toBe('');
    expect(formatDate('not a date', 'fr')).toBe('');
  });
});
