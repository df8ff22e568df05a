import { useCallback, useEffect, useState } from 'react';
import { draftStorageKey, emptyDraft, parseDraft, type WizardDraft } from './wizardModel.ts';

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

/**
 * The wizard's answers, saved to localStorage on every change so a failure, a reload or a crash
 * never loses what the owner typed. Cleared once the agent exists.
 */
export function useWizardDraft(userId: string) {
  const key = draftStorageKey(userId);
  const [draft, setDraft] = useState<WizardDraft>(() => parseDraft(read(key)));
  useEffect(() => {
    try {
      window.localStorage.setItem(key, JSON.stringify(draft));
    } catch {
      // Storage full or disabled: the wizard still works, only without the safety net.
    }
  }, [key, draft]);
  const clear = useCallback(() => {
    try {
      window.localStorage.removeItem(key);
    } catch {
      // see above
    }
    setDraft(emptyDraft);
  }, [key]);
  return { draft, setDraft, clear };
}
