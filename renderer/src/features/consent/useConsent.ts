import { useSyncExternalStore } from 'react';
import { consentStore, type ConsentChoice } from './consentStore.ts';

export function useConsent(): ConsentChoice | null {
  return useSyncExternalStore(consentStore.subscribe, consentStore.get, () => null);
}
