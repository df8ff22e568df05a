// @vitest-environment jsdom
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useSingleSave } from './singleFlight.ts';

afterEach(cleanup);

describe('one save at a time', () => {
  it('drops a second call made while the first is running, then accepts the next one', async () => {
    const { result } = renderHook(() => useSingleSave());
    let calls = 0;
    let finish: () => void = () => undefined;
    const task = () =>
      new Promise<string>((resolve) => {
        calls += 1;
        finish = () => resolve('stored');
      });
    let first: Promise<string | undefined> = Promise.resolve(undefined);
    let second: Promise<string | undefined> = Promise.resolve(undefined);
    // both calls in the same tick, as a double click before any re-render
    act(() => {
      first = result.current.run(task);
      second = result.current.run(task);
    });
    expect(calls).toBe(1);
    expect(result.current.inFlight).toBe(true);
    expect(await second).toBeUndefined();
    await act(async () => {
      finish();
      expect(await first).toBe('stored');
    });
    expect(result.current.inFlight).toBe(false);
    let third: Promise<string | undefined> = Promise.resolve(undefined);
    act(() => {
      third = result.current.run(task);
    });
    expect(calls).toBe(2);
    await act(async () => {
      finish();
      await third;
    });
  });
});
