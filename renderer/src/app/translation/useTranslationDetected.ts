import { useEffect, useState } from 'react';
import { isPageTranslated, snapshotDocument, translationCheckIntervalMs } from './translationDetection.ts';

/** Polls the document every 1000 ms (spec constant) for browser automatic translation. */
export function useTranslationDetected(appLanguage: string): boolean {
  const [detected, setDetected] = useState(false);
  useEffect(() => {
    const check = () => setDetected(isPageTranslated(snapshotDocument(document, appLanguage)));
    check();
    const id = window.setInterval(check, translationCheckIntervalMs);
    return () => window.clearInterval(id);
  }, [appLanguage]);
  return detected;
}
