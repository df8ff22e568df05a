import { useCallback, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useAuth } from '../auth/session/AuthProvider.tsx';
import { useLiveNotifications } from './api/liveNotifications.ts';
import { wordNotification, type FeedNotification } from './api/notification.ts';
import { wantsDesktopNotification } from './desktop.ts';

/** New rows kept while the owner's toggles load (a burst at sign-in); older ones beyond it are dropped. */
export const MAX_HELD_NOTIFICATIONS = 20;

/**
 * Mounted once by the signed-in layout: keeps the feed live and, in the desktop app, raises a
 * native notification for each new row whose kind the owner turned on, and opens the route of a
 * clicked one. In a browser `window.concierge` is absent and only the feed is live.
 *
 * The feed's channel joins as soon as the user is known, and the profile (the toggles) loads in
 * parallel: a row that arrives before the profile is held and decided once the toggles are known,
 * never dropped for having come first.
 */
export function useNotificationCenter() {
  const { user, profile } = useAuth();
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const desktop = typeof window === 'undefined' ? undefined : window.concierge;
  const settings = profile?.notifications;
  const lang = profile?.lang;
  const held = useRef<FeedNotification[]>([]);

  const raise = useCallback(
    (n: FeedNotification) => {
      if (!desktop) return;
      // In the owner's language: rows held until the profile loaded are raised before the
      // interface has switched to it.
      const { title, body } = wordNotification(lang ? i18n.getFixedT(lang) : t, n);
      // Not shown (rate limit, no OS support) is fine: the row is in the feed either way.
      desktop.notify({ title, body, route: n.route }).catch(() => {});
    },
    [desktop, t, i18n, lang],
  );

  const onNew = useCallback(
    (n: FeedNotification) => {
      if (!desktop) return;
      if (!settings) {
        held.current = [...held.current, n].slice(-MAX_HELD_NOTIFICATIONS);
        return;
      }
      if (wantsDesktopNotification(settings, n.kind)) raise(n);
    },
    [desktop, settings, raise],
  );
  useLiveNotifications(user?.id, onNew);

  // Another account's rows are never raised for this one.
  useEffect(() => {
    held.current = [];
  }, [user?.id]);

  // The toggles are known now: decide on the rows that came before them.
  useEffect(() => {
    if (!settings || held.current.length === 0) return;
    const waiting = held.current;
    held.current = [];
    for (const n of waiting) if (wantsDesktopNotification(settings, n.kind)) raise(n);
  }, [settings, raise]);

  useEffect(() => desktop?.onNotificationClick((route) => void navigate(route)), [desktop, navigate]);
}
