import { useCallback, useRef, useState } from 'react';

/** Runs a task unless the previous one started through the same guard is still running. */
export type SingleFlight = (task: () => Promise<unknown>) => boolean;

/**
 * One request per click: a second click that arrives before the UI has re-rendered (a double click,
 * or clicks queued on a busy main thread) would otherwise start a second request, because a
 * `disabled`/`loading` prop only takes effect after React renders. The flag lives outside React, so
 * it is set synchronously by the first click. Failures are the task's own business (mutation state).
 */
export function createSingleFlight(): SingleFlight {
  let running = false;
  return (task) => {
    if (running) return false;
    running = true;
    void task()
      .catch(() => undefined)
      .finally(() => {
        running = false;
      });
    return true;
  };
}

/** A component's guard, stable across renders. */
export function useSingleFlight(): SingleFlight {
  const [guard] = useState(createSingleFlight);
  return guard;
}

/**
 * The same guard for an editor's Save, awaitable and drawn: `run` resolves to the task's result
 * (undefined when dropped because a save is already running) and `inFlight` keeps Save disabled
 * until it ends. A second save on the version the first has already moved past would be refused
 * by Postgres as a conflict with the user's own save.
 */
export function useSingleSave(): {
  inFlight: boolean;
  run: <T>(task: () => Promise<T>) => Promise<T | undefined>;
} {
  const busy = useRef(false);
  const [inFlight, setInFlight] = useState(false);
  const run = useCallback(async <T>(task: () => Promise<T>): Promise<T | undefined> => {
    if (busy.current) return undefined;
    busy.current = true;
    setInFlight(true);
    try {
      return await task();
    } finally {
      busy.current = false;
      setInFlight(false);
    }
  }, []);
  return { inFlight, run };
}
