import { describe, expect, it } from 'vitest';
import { combineDays, dayLabel, hasActivity, trendText } from './format.ts';

describe('insights formatting', () => {
  it('labels days in French or English', () => {
    expect(dayLabel('2026-11-25', 'fr')).toBe('25 nov.');
    expect(dayLabel('2026-11-25', 'en')).toBe('25 Nov');
  });

  it('signs trends with one decimal', () => {
    expect(trendText(12.54, 'en')).toBe('+12.5');
    expect(trendText(-3, 'fr')).toBe('-3');
    expect(trendText(0, 'en')).toBe('0');
  });

  it('joins calls and messages per day and knows when there is nothing to draw', () => {
    const points = combineDays(
      [
        { date: '2026-11-24', count: 0 },
        { date: '2026-11-25', count: 2 },
      ],
      [{ date: '2026-11-25', count: 5 }],
      'fr',
    );
    expect(points).toEqual([
      { date: '2026-11-24', label: '24 nov.', calls: 0, messages: 0 },
      { date: '2026-11-25', label: '25 nov.', calls: 2, messages: 5 },
    ]);
    expect(hasActivity(points)).toBe(true);
    expect(hasActivity(points.slice(0, 1))).toBe(false);
  });
});
