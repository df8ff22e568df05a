import { useEffect, useRef } from 'react';
import { isSaveShortcut } from './configureModel.ts';

/**
 * Ctrl/Cmd+S runs `save` from anywhere on the page (configure and prompt editor). The
 * latest closure is read through a ref so the listener is attached once.
 */
export function useSaveShortcut(save: () => Promise<void> | void): void {
  const saveRef = useRef(save);
  useEffect(() => {
    saveRef.current = save;
  });
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!isSaveShortcut(event)) return;
      event.preventDefault();
      void saveRef.current();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
