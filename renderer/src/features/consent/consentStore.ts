/**
 * The visitor's privacy choice (the landing footer's Privacy Settings), kept in
 * localStorage. Analytics events are recorded only after an explicit "accept"; no choice = no
 * analytics.
 */
export interface ConsentChoice {
  analytics: boolean;
  /** ISO time the choice was made, so a future policy change can ask again. */
  decidedAt: string;
  version: 1;
}

export const CONSENT_STORAGE_KEY = 'concierge.consent';

export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

export function readConsent(storage: KeyValueStorage | undefined): ConsentChoice | null {
  if (!storage) return null;
  let raw: string | null;
  try {
    raw = storage.getItem(CONSENT_STORAGE_KEY);
  } catch {
    return null; // storage disabled (private mode): behave as "no choice"
  }
  if (!raw) return null;
  try {
    const v = JSON.parse(raw) as Partial<ConsentChoice>;
    if (v.version !== 1 || typeof v.analytics !== 'boolean' || typeof v.decidedAt !== 'string') return null;
    return { analytics: v.analytics, decidedAt: v.decidedAt, version: 1 };
  } catch {
    return null;
  }
}

export function writeConsent(
  storage: KeyValueStorage | undefined,
  analytics: boolean,
  now: Date = new Date(),
): ConsentChoice {
  const choice: ConsentChoice = { analytics, decidedAt: now.toISOString(), version: 1 };
  try {
    storage?.setItem(CONSENT_STORAGE_KEY, JSON.stringify(choice));
  } catch {
    // The choice still applies to this page view.
  }
  return choice;
}

export function analyticsAllowed(choice: ConsentChoice | null): boolean {
  return choice?.analytics === true;
}

function browserStorage(): KeyValueStorage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}

type Listener = () => void;
const listeners = new Set<Listener>();
let current: ConsentChoice | null | undefined;

/** Module-level store read by useSyncExternalStore (one choice per browser). */
export const consentStore = {
  get(): ConsentChoice | null {
    if (current === undefined) current = readConsent(browserStorage());
    return current;
  },
  set(analytics: boolean): void {
    current = writeConsent(browserStorage(), analytics);
    for (const l of listeners) l();
  },
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};
