import { useCallback, useEffect, useMemo, useState } from 'react';
import type { Tracking } from '../api/branding.ts';
import { readConsent, writeConsent, type Consent } from './consent.ts';
import { startTrackers, trackersOf, type TrackerName } from './trackers.ts';

export interface TrackingConsent {
  /** Trackers the owner switched on; empty means there is nothing to ask about. */
  trackers: TrackerName[];
  /** Whether the banner is shown: trackers exist and the visitor has not answered (or reopened it). */
  asking: boolean;
  answer: (consent: Consent) => void;
  /** "Privacy settings": ask again. */
  reopen: () => void;
}

/**
 * The page's tracking, gated on the visitor's consent: trackers start on "Accept" (now or
 * remembered from an earlier visit) and never before. Refusing after accepting reloads the page,
 * as scripts that already ran cannot be unloaded.
 */
export function useTrackingConsent(tracking: Tracking): TrackingConsent {
  const trackers = useMemo(() => trackersOf(tracking), [tracking]);
  const [consent, setConsent] = useState<Consent | null>(() => (trackers.length > 0 ? readConsent() : null));
  const [reopened, setReopened] = useState(false);

  useEffect(() => {
    if (consent === 'granted' && trackers.length > 0) startTrackers(tracking);
  }, [consent, tracking, trackers.length]);

  const answer = useCallback(
    (next: Consent) => {
      const wasGranted = consent === 'granted';
      writeConsent(next);
      setConsent(next);
      setReopened(false);
      if (wasGranted && next === 'denied') window.location.reload();
    },
    [consent],
  );
  const reopen = useCallback(() => setReopened(true), []);

  return { trackers, asking: trackers.length > 0 && (consent === null || reopened), answer, reopen };
}
