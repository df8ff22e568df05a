import { useEffect, useState } from 'react';
import { isPageTranslated, snapshotDocument, translationCheckIntervalMs } from './translationDetection.ts';

export interface TranslationStatus {
  detected: boolean;
  /** Increments each time a translation starts, so a dismissal covers one episode only. */
  episode: number;
}

/**
 * Polls the document every second for browser automatic translation. The app's
 * language is read at each check (not captured), so our own language switch, which rewrites
 * <html lang> at once, never counts as a translation.
 */
export function useTranslationDetected(app: { language: string }): TranslationStatus {
  const [status, setStatus] = useState<TranslationStatus>({ detected: false, episode: 0 });
  useEffect(() => {
    const check = () => {
      const detected = isPageTranslated(snapshotDocument(document, app.language));
      setStatus((prev) =>
        prev.detected === detected ? prev : { detected, episode: detected ? prev.episode + 1 : prev.episode },
      );
    };
    const id = window.setInterval(check, translationCheckIntervalMs);
    return () => window.clearInterval(id);
  }, [app]);
  return status;
}
