// @vitest-environment jsdom
import { cleanup, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuthContextValue } from '../auth/session/AuthProvider.tsx';
import type { NotificationSettings } from '../auth/api/profile.ts';
import { createI18n } from '../../i18n/index.ts';
import type { FeedNotification } from './api/notification.ts';
import { MAX_HELD_NOTIFICATIONS, useNotificationCenter } from './useNotificationCenter.ts';

let auth: Partial<AuthContextValue>;
vi.mock('../auth/session/AuthProvider.tsx', () => ({ useAuth: () => auth }));
// The Realtime feed itself is tested end to end; here the hook is handed each new row directly.
let deliver: ((n: FeedNotification) => void) | undefined;
vi.mock('./api/liveNotifications.ts', () => ({
  useLiveNotifications: (_userId: string | undefined, onNew?: (n: FeedNotification) => void) => {
    deliver = onNew;
  },
}));

const allOn: NotificationSettings = {
  emailAlerts: true,
  featureAnnouncements: true,
  usageReports: true,
  desktopConversations: true,
  desktopFailedCalls: true,
  desktopLowCredit: true,
};

function signedIn(id: string, settings: NotificationSettings | null): Partial<AuthContextValue> {
  return {
    initialized: true,
    user: { id } as AuthContextValue['user'],
    profileStatus: settings ? 'loaded' : 'loading',
    profile: settings ? ({ id, lang: 'en', notifications: settings } as unknown as AuthContextValue['profile']) : null,
  };
}

const failedCall: FeedNotification = {
  id: 'n1',
  kind: 'failed_call',
  route: '/agents/a1/calls',
  data: { channel: 'phone', status: 'no-answer', from: '+33600000002' },
  createdAt: '2026-11-28T10:00:00Z',
  read: false,
};
const lowCredit: FeedNotification = {
  id: 'n2',
  kind: 'low_credit',
  route: '/credits',
  data: { balance: 5 },
  createdAt: '2026-11-28T10:00:01Z',
  read: false,
};

const i18n = createI18n('en');
const wrapper = ({ children }: { children: ReactNode }) => (
  <I18nextProvider i18n={i18n}>
    <MemoryRouter>{children}</MemoryRouter>
  </I18nextProvider>
);

let notify: ReturnType<typeof vi.fn>;
beforeEach(() => {
  deliver = undefined;
  notify = vi.fn(() => Promise.resolve(true));
  window.concierge = {
    notify,
    onNotificationClick: () => () => {},
  } as unknown as NonNullable<typeof window.concierge>;
});
afterEach(() => {
  cleanup();
  delete window.concierge;
});

const routes = () => notify.mock.calls.map(([n]) => (n as { route: string }).route);

describe('native notifications of the desktop app', () => {
  it('raises each new row whose kind is turned on, worded in the interface language', () => {
    auth = signedIn('u1', { ...allOn, desktopLowCredit: false });
    renderHook(() => useNotificationCenter(), { wrapper });
    deliver!(failedCall);
    deliver!(lowCredit);
    expect(notify).toHaveBeenCalledTimes(1);
    expect(notify).toHaveBeenCalledWith({
      title: 'Call not completed',
      body: 'Phone call from +33 6 00 00 00 02 went unanswered.',
      route: '/agents/a1/calls',
    });
  });

  it('holds rows that arrive before the profile (the toggles) has loaded, then decides on them', () => {
    auth = signedIn('u1', null);
    const { rerender } = renderHook(() => useNotificationCenter(), { wrapper });
    deliver!(failedCall);
    deliver!(lowCredit);
    expect(notify).not.toHaveBeenCalled();

    auth = signedIn('u1', { ...allOn, desktopLowCredit: false });
    rerender();
    expect(routes()).toEqual(['/agents/a1/calls']);
    // Decided once: a later render raises nothing again.
    rerender();
    expect(notify).toHaveBeenCalledTimes(1);
  });

  it("words held rows in the owner's language, not the interface's fallback before the profile", () => {
    // Signed in, the interface is French (the fallback) until the profile says English.
    const french = createI18n('fr');
    auth = signedIn('u1', null);
    const { rerender } = renderHook(() => useNotificationCenter(), {
      wrapper: ({ children }: { children: ReactNode }) => (
        <I18nextProvider i18n={french}>
          <MemoryRouter>{children}</MemoryRouter>
        </I18nextProvider>
      ),
    });
    deliver!(lowCredit);
    auth = signedIn('u1', allOn);
    rerender();
    expect(notify).toHaveBeenCalledWith({
      title: 'Low credit',
      body: '5 credits left. Top up to keep your agents answering calls.',
      route: '/credits',
    });
  });

  it('keeps only the latest rows while the profile loads, and forgets them for another account', () => {
    auth = signedIn('u1', null);
    const { rerender } = renderHook(() => useNotificationCenter(), { wrapper });
    for (let i = 0; i < MAX_HELD_NOTIFICATIONS + 5; i++) deliver!({ ...failedCall, id: `n${i}`, route: `/r${i}` });
    auth = signedIn('u1', allOn);
    rerender();
    expect(routes()).toEqual(Array.from({ length: MAX_HELD_NOTIFICATIONS }, (_, i) => `/r${i + 5}`));

    notify.mockClear();
    auth = signedIn('u1', null);
    rerender();
    deliver!(failedCall);
    auth = signedIn('u2', allOn);
    rerender();
    expect(notify).not.toHaveBeenCalled();
  });

  it('raises nothing in a browser (no desktop API), before or after the profile loads', () => {
    delete window.concierge;
    auth = signedIn('u1', null);
    const { rerender } = renderHook(() => useNotificationCenter(), { wrapper });
    deliver!(failedCall);
    auth = signedIn('u1', allOn);
    rerender();
    deliver!(lowCredit);
    expect(notify).not.toHaveBeenCalled();
  });
});
