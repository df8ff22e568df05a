import { Notification } from 'electron';
import type { ShowNotificationRequest } from '../shared/ipc-contract.ts';

/**
 * Native notifications for the console's feed. The renderer decides whether a row
 * deserves one (the owner's per-kind toggle) and words it; main only shows it, rate-limited so a
 * burst of rows (or a misbehaving page) cannot flood the desktop, and on click focuses the window
 * and tells the page which route to open.
 */
export interface NativeNotifierOptions {
  /** Focuses the main window and sends it the clicked notification's route. */
  onClick: (route: string) => void;
  /** At most `limit` notifications per `windowMs` (default 5 per 10 s); the rest are dropped. */
  limit?: number;
  windowMs?: number;
  now?: () => number;
}

export interface NativeNotifier {
  show(request: ShowNotificationRequest): boolean;
}

export function createNativeNotifier(options: NativeNotifierOptions): NativeNotifier {
  const limit = options.limit ?? 5;
  const windowMs = options.windowMs ?? 10_000;
  const now = options.now ?? Date.now;
  const shownAt: number[] = [];
  // Electron drops a Notification that is garbage-collected before it is clicked: keep them.
  const live = new Set<Notification>();
  return {
    show({ title, body, route }) {
      if (!Notification.isSupported()) return false;
      const t = now();
      while (shownAt.length > 0 && t - (shownAt[0] ?? 0) >= windowMs) shownAt.shift();
      if (shownAt.length >= limit) return false;
      shownAt.push(t);
      const notification = new Notification({ title, body, silent: false });
      live.add(notification);
      notification.on('click', () => {
        live.delete(notification);
        options.onClick(route);
      });
      notification.on('close', () => live.delete(notification));
      notification.show();
      return true;
    },
  };
}
