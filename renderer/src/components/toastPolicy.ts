import { Intent, type ToastProps } from '@blueprintjs/core';

/** The part of Blueprint's Toaster the policy needs (kept narrow so it can be tested alone). */
export interface ToasterLike {
  show(props: ToastProps, key?: string): string;
  clear(): void;
}

/**
 * Only one toast is shown at a time. Each new toast clears the toaster first (which
 * also empties Blueprint's 50 ms show queue, where rapid toasts would otherwise wait their turn)
 * and then shows under a fresh key: reusing the cleared toast's key would make Blueprint update a
 * toast that its pending state no longer holds, and the new message would never appear.
 */
export const singleToastKey = 'concierge-toast';
export const toastTimeoutMs = 5000;

export interface SingleToaster {
  show(props: ToastProps): void;
  clear(): void;
  /**
   * Something the user did has just succeeded: an error toast still on screen (or still on its way)
   * speaks of an attempt that is now behind them, so it goes. Any other toast stays.
   */
  succeeded(): void;
}

export function createSingleToaster(getToaster: () => Promise<ToasterLike>): SingleToaster {
  let shown = 0;
  // Whether the last toast asked for is an error that nothing has replaced yet (its own timeout or
  // dismissal may have removed it already; clearing an empty toaster is harmless).
  let errorUp = false;
  return {
    show(props) {
      errorUp = props.intent === Intent.DANGER;
      void getToaster().then((toaster) => {
        toaster.clear();
        toaster.show({ timeout: toastTimeoutMs, ...props }, `${singleToastKey}-${++shown}`);
      });
    },
    clear() {
      errorUp = false;
      void getToaster().then((toaster) => toaster.clear());
    },
    succeeded() {
      if (!errorUp) return;
      errorUp = false;
      // chained like show(), so an error still being created is cleared after it appears
      void getToaster().then((toaster) => toaster.clear());
    },
  };
}
