import { describe, expect, it } from 'vitest';
import {
  bucketLimit,
  englishWait,
  englishWindow,
  limitDetails,
  megabytes,
  readLimitRefusal,
  retryAfterHeaderSeconds,
  retrySeconds,
  waitOf,
  windowOf,
} from './limit-refusal.ts';

describe('a refusal names its limit', () => {
  it('a token bucket is said as N at once, then M a minute, with the wait in whole seconds', () => {
    expect(bucketLimit('chat_messages', 'visitor', { capacity: 10, refillPerSecond: 1 / 3 }, 2_100)).toEqual({
      kind: 'chat_messages',
      scope: 'visitor',
      max: 10,
      perMinute: 20,
      retryAfterSeconds: 3,
    });
  });

  it('the details carry the limit beside other fields, and clients read it back', () => {
    const details = limitDetails({ kind: 'file_size', max: 1024 }, { size: 2048 });
    expect(details).toEqual({ size: 2048, limit: { kind: 'file_size', max: 1024 } });
    expect(readLimitRefusal(details)).toEqual({ kind: 'file_size', max: 1024 });
  });

  it('details without a limit, or with one a client cannot read, are no limit', () => {
    expect(readLimitRefusal(undefined)).toBeNull();
    expect(readLimitRefusal({ issues: [] })).toBeNull();
    expect(readLimitRefusal({ limit: { kind: 'chat_messages' } })).toBeNull();
    expect(readLimitRefusal({ limit: { kind: 'unheard_of', max: 1 } })).toBeNull();
  });
});

describe('waits and windows', () => {
  it.each([
    [1, 'seconds', 1],
    [0.2, 'seconds', 1],
    [89, 'seconds', 89],
    [90, 'minutes', 2],
    [600, 'minutes', 10],
    [5_399, 'minutes', 90],
    [5_400, 'hours', 2],
  ] as const)('a wait of %s s is %s %i', (seconds, unit, count) => {
    expect(waitOf(seconds)).toEqual({ unit, count });
  });

  it('a window is said in whole hours or minutes when it is one', () => {
    expect(windowOf(3_600)).toEqual({ unit: 'hours', count: 1 });
    expect(windowOf(600)).toEqual({ unit: 'minutes', count: 10 });
    expect(windowOf(45)).toEqual({ unit: 'seconds', count: 45 });
    expect(englishWindow(600)).toBe('10 min');
    expect(englishWait(42)).toBe('42 s');
  });

  it('reads Retry-After as delta seconds or an HTTP date', () => {
    expect(retryAfterHeaderSeconds('30')).toBe(30);
    expect(retryAfterHeaderSeconds(new Date(10_000 + 65_000).toUTCString(), 10_000)).toBe(65);
    expect(retryAfterHeaderSeconds('soon')).toBeNull();
    expect(retryAfterHeaderSeconds(null)).toBeNull();
    expect(retrySeconds(1)).toBe(1);
  });

  it('says byte limits in megabytes', () => {
    expect(megabytes(10 * 1024 * 1024)).toBe(10);
    expect(megabytes(1.5 * 1024 * 1024)).toBe(1.5);
  });
});
