import { describe, expect, it, vi } from 'vitest';
import { createSingleFlight } from './singleFlight.ts';

describe('createSingleFlight', () => {
  it('ignores a second run while the first is pending, then accepts a new one', async () => {
    const guard = createSingleFlight();
    let finish: () => void = () => undefined;
    const task = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    expect(guard(task)).toBe(true);
    expect(guard(task)).toBe(false);
    expect(task).toHaveBeenCalledTimes(1);
    finish();
    await vi.waitFor(() => expect(guard(task)).toBe(true));
    expect(task).toHaveBeenCalledTimes(2);
  });

  it('is free again after a failed run', async () => {
    const guard = createSingleFlight();
    const failing = vi.fn(() => Promise.reject(new Error('refused')));
    expect(guard(failing)).toBe(true);
    await vi.waitFor(() => expect(guard(() => Promise.resolve())).toBe(true));
  });
});
