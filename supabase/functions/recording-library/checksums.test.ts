import { describe, expect, it } from 'vitest';
import { digestStream, LOOKUP_URL_BUDGET, lookupGroups } from './checksums.ts';

describe('recording checksums', () => {
  it('hashes a stream chunk by chunk to the same SHA-256 and size as the whole file', async () => {
    const bytes = Uint8Array.from({ length: 1_000_003 }, (_, i) => (i * 31) % 256);
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let at = 0; at < bytes.length; at += 65_536) controller.enqueue(bytes.subarray(at, at + 65_536));
        controller.close();
      },
    });
    const whole = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
    const expected = [...whole].map((b) => b.toString(16).padStart(2, '0')).join('');
    expect(await digestStream(stream)).toEqual({ size: bytes.length, sha256: expected });
  });

  it('splits 100 storage paths into lookups that each fit a gateway URL, keeping every path once', () => {
    const owner = '9b2f8c1e-0a47-4d7e-9a55-2f3c7d1e6b10';
    const paths = Array.from(
      { length: 100 },
      (_, i) => `${owner}/${owner}/calls/${String(i).padStart(8, '0')}-0000-4000-8000-000000000000.wav`,
    );
    const groups = lookupGroups(paths);
    expect(groups.length).toBeGreaterThan(1);
    expect(groups.flat()).toEqual(paths);
    for (const group of groups) {
      const filter = encodeURIComponent(`in.(${group.map((p) => `"${p}"`).join(',')})`);
      expect(filter.length).toBeLessThanOrEqual(LOOKUP_URL_BUDGET);
    }
  });
});
