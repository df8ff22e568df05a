import type { ToastProps } from '@blueprintjs/core';

/** The part of Blueprint's Toaster the policy needs (kept narrow so it can be tested alone). */
export interface ToasterLike {
  show(props: ToastProps, key?: string): string;
  clear(): void;
}

/**
 * Spec 000 §9: only one toast is shown at a time. Each new toast clears the toaster first (which
 * also empties Blueprint's 50 ms show queue, where rapid toasts would otherwise wait their turn)
 * and then shows under a fresh key: reusing the cleared toast's key would make Blueprint update a
 * toast that its pending state no longer holds, and the new message would never appear.
 */
export const singleToastKey = 'concierge-toast';
export const toastTimeoutMs = 5000;

export interface SingleToaster {
  show(props: ToastProps): void;
  clear(): void;
}

export function createSingleToaster(getToaster: () => Promise<ToasterLike>): SingleToaster {
  let shown = 0;
  return {
    show(props) {
      void getToaster().then((toaster) => {
        toaster.clear();
        toaster.show({ timeout: toastTimeoutMs, ...props }, `${singleToastKey}-${++shown}`);
      });
    },
    clear() {
      void getToaster().then((toaster) => toaster.clear());
    },
  };
}
