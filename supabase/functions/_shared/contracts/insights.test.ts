import { describe, expect, it } from 'vitest';
import { dashboardMinutes, messagesPerUser, peakHourLabel, satisfactionPercent } from './insights.ts';

describe('dashboard minutes (whole minutes, rounded; the average shows <1 under a minute)', () => {
  it('rounds seconds to whole minutes', () => {
    expect([0, 30, 59, 60, 89, 90].map((s) => dashboardMinutes(s))).toEqual(['0', '1', '1', '1', '1', '2']);
  });

  it('shows <1 for an average under one minute, but 0 when nothing happened', () => {
    expect([0, 30, 59, 60, 89].map((s) => dashboardMinutes(s, { lessThanOne: true }))).toEqual([
      '0',
      '<1',
      '<1',
      '1',
      '1',
    ]);
  });
});

describe('peak hour label (12-hour AM/PM)', () => {
  it('names midnight 12 AM and noon 12 PM', () => {
    expect([0, 1, 11, 12, 13, 23].map(peakHourLabel)).toEqual(['12 AM', '1 AM', '11 AM', '12 PM', '1 PM', '11 PM']);
  });

  it('is null (N/A) without data', () => {
    expect(peakHourLabel(null)).toBeNull();
  });
});

describe('satisfaction percent (average × 100, whole)', () => {
  it('rounds the average to a whole percent, null without ratings', () => {
    expect([0, 0.25, 0.333, 0.755, 1].map(satisfactionPercent)).toEqual([0, 25, 33, 76, 100]);
    expect(satisfactionPercent(null)).toBeNull();
  });
});

describe('messages per user', () => {
  it('is one decimal, null without users', () => {
    expect(messagesPerUser(10, 3)).toBe(3.3);
    expect(messagesPerUser(7, 2)).toBe(3.5);
    expect(messagesPerUser(0, 4)).toBe(0);
    expect(messagesPerUser(5, 0)).toBeNull();
  });
});
