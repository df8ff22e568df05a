/**
 * The visitor's answer to the tracking consent banner, remembered in localStorage for this agent
 * page's origin. Storage may be unavailable (blocked cookies, private modes): then nothing is
 * remembered and the banner asks again on the next visit; a failure never counts as consent.
 */
export type Consent = 'granted' | 'denied';

export const CONSENT_KEY = 'concierge.trackingConsent';

type KeyValueStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function storage(): KeyValueStore | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

export function readConsent(store: KeyValueStore | null = storage()): Consent | null {
  try {
    const value = store?.getItem(CONSENT_KEY);
    return value === 'granted' || value === 'denied' ? value : null;
  } catch {
    return null;
  }
}

export function writeConsent(consent: Consent | null, store: KeyValueStore | null = storage()): void {
  try {
    if (consent) store?.setItem(CONSENT_KEY, consent);
    else store?.removeItem(CONSENT_KEY);
  } catch {
    // Not remembered: the banner asks again next time.
  }
}
