import { describe, expect, it, vi } from 'vitest';
import { readAllPages } from './readAllPages.ts';

/** A keyset list of `total` rows numbered from `total` down to 1, as the SQL serves it. */
function list(total: number) {
  const fetchPage = vi.fn(async (before: number | null, size: number) => {
    const start = before ?? total + 1;
    const n = Math.min(size, start - 1);
    return Array.from({ length: n }, (_, i) => start - 1 - i);
  });
  return { fetchPage, cursorOf: (last: number) => last };
}

describe('readAllPages', () => {
  it('walks the cursor until a short page, with no gap or repeat', async () => {
    const { fetchPage, cursorOf } = list(2_345);
    const all = await readAllPages({ fetchPage, cursorOf, pageSize: 1000 });
    expect(all.truncated).toBe(false);
    expect(all.rows).toHaveLength(2_345);
    expect(new Set(all.rows).size).toBe(2_345);
    expect(all.rows[0]).toBe(2_345);
    expect(all.rows.at(-1)).toBe(1);
    expect(fetchPage).toHaveBeenCalledTimes(3);
    expect(fetchPage.mock.calls.map(([cursor]) => cursor)).toEqual([null, 1_346, 346]);
  });

  it('asks once more after a full last page and stops on the empty one', async () => {
    const { fetchPage, cursorOf } = list(200);
    const all = await readAllPages({ fetchPage, cursorOf, pageSize: 100 });
    expect(all).toMatchObject({ truncated: false });
    expect(all.rows).toHaveLength(200);
    expect(fetchPage).toHaveBeenCalledTimes(3);
  });

  it('stops past the cap and says the export is truncated, keeping the most recent rows', async () => {
    const { fetchPage, cursorOf } = list(50_000);
    const all = await readAllPages({ fetchPage, cursorOf, pageSize: 100, maxRows: 250 });
    expect(all.truncated).toBe(true);
    expect(all.rows).toHaveLength(250);
    expect(all.rows[0]).toBe(50_000);
    expect(fetchPage).toHaveBeenCalledTimes(3);
  });

  it('is not truncated when the list holds exactly the cap', async () => {
    const { fetchPage, cursorOf } = list(300);
    const all = await readAllPages({ fetchPage, cursorOf, pageSize: 100, maxRows: 300 });
    expect(all).toMatchObject({ truncated: false });
    expect(all.rows).toHaveLength(300);
  });

  it('passes a failed page on', async () => {
    const fetchPage = vi.fn().mockResolvedValueOnce([3, 2]).mockRejectedValueOnce(new Error('offline'));
    await expect(readAllPages({ fetchPage, cursorOf: (n: number) => n, pageSize: 2 })).rejects.toThrow('offline');
  });
});
