import { useCallback, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useAuth } from '../auth/session/AuthProvider.tsx';
import { useLiveNotifications } from './api/liveNotifications.ts';
import { wordNotification, type FeedNotification } from './api/notification.ts';
import { wantsDesktopNotification } from './desktop.ts';

/**
 * Mounted once by the signed-in layout: keeps the feed live and, in the desktop app, raises a
 * native notification for each new row whose kind the owner turned on, and opens the route of a
 * clicked one. In a browser `window.concierge` is absent and only the feed is live.
 */
export function useNotificationCenter() {
  const { user, profile } = useAuth();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const desktop = typeof window === 'undefined' ? undefined : window.concierge;
  const settings = profile?.notifications;

  const onNew = useCallback(
    (n: FeedNotification) => {
      if (!desktop || !settings || !wantsDesktopNotification(settings, n.kind)) return;
      const { title, body } = wordNotification(t, n);
      // Not shown (rate limit, no OS support) is fine: the row is in the feed either way.
      desktop.notify({ title, body, route: n.route }).catch(() => {});
    },
    [desktop, settings, t],
  );
  useLiveNotifications(user?.id, onNew);

  useEffect(() => desktop?.onNotificationClick((route) => void navigate(route)), [desktop, navigate]);
}
