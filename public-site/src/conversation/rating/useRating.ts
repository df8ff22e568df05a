import { useCallback, useRef, useState } from 'react';

/** What the prompt shows: the rating chosen (kept while sending and after a failure) and where it is. */
export interface RatingState {
  rating: number | null;
  status: 'idle' | 'sending' | 'saved' | 'failed';
}

/**
 * The prompt's state around one submit function (chat: conversation + visitor key; call: call
 * token). A new rating replaces the earlier one on the server; the latest click wins here too.
 */
export function useRating(submit: (rating: number) => Promise<unknown>) {
  const [state, setState] = useState<RatingState>({ rating: null, status: 'idle' });
  const latest = useRef(0);
  const rate = useCallback(
    async (rating: number) => {
      const attempt = ++latest.current;
      setState({ rating, status: 'sending' });
      try {
        await submit(rating);
        if (attempt === latest.current) setState({ rating, status: 'saved' });
      } catch (error) {
        console.warn('[concierge] rating not sent:', error);
        if (attempt === latest.current) setState({ rating, status: 'failed' });
      }
    },
    [submit],
  );
  return { state, rate };
}
