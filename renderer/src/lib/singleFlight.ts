import { useState } from 'react';

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
