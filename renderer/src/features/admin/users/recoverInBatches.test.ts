import { describe, expect, it } from 'vitest';
import { recoverInBatches } from './recoverInBatches.ts';

describe('recoverInBatches', () => {
  it('recovers 5 users at a time with a 1 s pause between batches', async () => {
    const events: string[] = [];
    const ids = Array.from({ length: 12 }, (_, i) => `u${i}`);
    const result = await recoverInBatches(
      ids,
      async (id) => {
        events.push(id);
        return id !== 'u3';
      },
      async (ms) => {
        events.push(`pause ${ms}`);
      },
    );
    expect(events).toEqual([
      ...['u0', 'u1', 'u2', 'u3', 'u4'],
      'pause 1000',
      ...['u5', 'u6', 'u7', 'u8', 'u9'],
      'pause 1000',
      ...['u10', 'u11'],
    ]);
    expect(result).toEqual({ recovered: 11, skipped: 1 });
  });

  it('does nothing and never pauses without missing users', async () => {
    const pauses: number[] = [];
    const result = await recoverInBatches(
      [],
      async () => true,
      async (ms) => void pauses.push(ms),
    );
    expect(result).toEqual({ recovered: 0, skipped: 0 });
    expect(pauses).toEqual([]);
  });

  it('stops at the first failure', async () => {
    const seen: string[] = [];
    await expect(
      recoverInBatches(
        Array.from({ length: 7 }, (_, i) => `u${i}`),
        async (id) => {
          seen.push(id);
          if (id === 'u1') throw new Error('refused');
          return true;
        },
        async () => {},
      ),
    ).rejects.toThrow('refused');
    expect(seen).not.toContain('u5');
  });
});
