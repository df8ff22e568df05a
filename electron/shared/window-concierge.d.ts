import type { ConciergeDesktopApi } from './ipc-contract.ts';

/**
 * `window.concierge` as the preload exposes it. Optional: the same console runs in a plain browser,
 * where it is absent (check it before use). Declared globally so renderer code can use it without
 * importing from electron/ (which the lint rules forbid for browser code).
 */
declare global {
  interface Window {
    concierge?: ConciergeDesktopApi;
  }
}

export {};
