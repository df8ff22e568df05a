import { useCallback, useRef, useState } from 'react';

/**
 * Runs one save at a time. The guard is a ref, set before the first await, so a second click or a
 * Ctrl+S that arrives before React has re-rendered the disabled button is dropped instead of
 * sending the same edit again on the version the first save has already moved past (which
 * Postgres would refuse as a conflict with the user's own save).
 */
export function useSingleFlight(): {
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
