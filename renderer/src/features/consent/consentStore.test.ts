import { describe, expect, it } from 'vitest';
import {
  analyticsAllowed,
  CONSENT_STORAGE_KEY,
  readConsent,
  writeConsent,
  type KeyValueStorage,
} from './consentStore.ts';

function memoryStorage(initial: Record<string, string> = {}): KeyValueStorage & { data: Record<string, string> } {
  const data = { ...initial };
  return { data, getItem: (k) => data[k] ?? null, setItem: (k, v) => void (data[k] = v) };
}

describe('consent choice', () => {
  it('has no choice, and so no analytics, on a first visit', () => {
    const choice = readConsent(memoryStorage());
    expect(choice).toBeNull();
    expect(analyticsAllowed(choice)).toBe(false);
  });

  it('remembers an accept and a refusal', () => {
    const storage = memoryStorage();
    writeConsent(storage, true, new Date('2026-11-21T10:00:00Z'));
    expect(readConsent(storage)).toEqual({ analytics: true, decidedAt: '2026-11-21T10:00:00.000Z', version: 1 });
    writeConsent(storage, false);
    expect(analyticsAllowed(readConsent(storage))).toBe(false);
  });

  it('treats a corrupt or foreign stored value as no choice', () => {
    expect(readConsent(memoryStorage({ [CONSENT_STORAGE_KEY]: '{oops' }))).toBeNull();
    expect(readConsent(memoryStorage({ [CONSENT_STORAGE_KEY]: '{"analytics":"yes","version":1}' }))).toBeNull();
  });

  it('survives a storage that throws', () => {
    const throwing: KeyValueStorage = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
    };
    expect(readConsent(throwing)).toBeNull();
    expect(writeConsent(throwing, true).analytics).toBe(true);
  });
});
