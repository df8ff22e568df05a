// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuthContextValue } from '../../features/auth/session/AuthProvider.tsx';
import { createI18n } from '../../i18n/index.ts';
import { RequireAdmin } from '../guards/RequireAdmin.tsx';
import { RequireSignedIn } from '../guards/RequireSignedIn.tsx';
import { AppLayout } from './AppLayout.tsx';

let auth: Partial<AuthContextValue>;
vi.mock('../../features/auth/session/AuthProvider.tsx', () => ({ useAuth: () => auth }));
// The usage box's SQL aggregate and Realtime feed need a live backend; the shell only draws them.
vi.mock('../../features/credits/api/getUsage.ts', () => ({
  useMinutesUsageQuery: () => ({ data: { usedMinutes: 12, totalMinutes: 500, subscribedPack: 'Pro' } }),
}));

// The feed's query and Realtime subscription need a live backend too (the feed has its own tests).
vi.mock('../../features/notifications/useNotificationCenter.ts', () => ({ useNotificationCenter: () => {} }));
vi.mock('../../features/notifications/api/listNotifications.ts', () => ({
  useNotificationsQuery: () => ({
    data: { items: [], unread: 2 },
    isPending: false,
    isError: false,
    refetch: () => {},
  }),
}));

const signedIn = (isAdmin: boolean): Partial<AuthContextValue> => ({
  initialized: true,
  user: { id: 'u1', email: 'ada@example.com' } as AuthContextValue['user'],
  emailVerified: true,
  profileStatus: 'loaded',
  profile: {
    id: 'u1',
    name: 'Ada Lovelace',
    email: 'ada@example.com',
    avatarUrl: null,
    credits: 30,
    lang: 'en',
    isAdmin,
    hasFreePackActivated: false,
    notifications: {
      emailAlerts: true,
      featureAnnouncements: true,
      usageReports: false,
      desktopConversations: true,
      desktopFailedCalls: true,
      desktopLowCredit: true,
    },
  },
});

let mobile = false;
beforeEach(() => {
  mobile = false;
  window.matchMedia = ((query: string) => ({
    matches: mobile && query.includes('max-width: 767px'),
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  })) as unknown as typeof window.matchMedia;
});
afterEach(cleanup);

function Where() {
  const { pathname } = useLocation();
  return <output data-testid="where">{pathname}</output>;
}

/** The shell's guard + layout tree with a probe page standing in for feature pages. */
function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      {
        element: <RequireSignedIn />,
        children: [
          {
            element: <AppLayout />,
            children: [
              { path: 'agents/*', element: <Where /> },
              { path: 'twilio-numbers/*', element: <Where /> },
              { path: 'dashboard', element: <Where /> },
              { element: <RequireAdmin />, children: [{ path: 'admin/*', element: <Where /> }] },
            ],
          },
        ],
      },
      { path: '*', element: <Where /> },
    ],
    { initialEntries: [path] },
  );
  render(
    <I18nextProvider i18n={createI18n('en')}>
      <QueryClientProvider client={new QueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

const mainNav = () => screen.getAllByRole('navigation', { name: 'Main navigation' })[0] as HTMLElement;

describe('console layout', () => {
  it('shows the full sidebar with New Agent, trial box and profile to a non-admin, without admin entries', () => {
    auth = signedIn(false);
    renderAt('/agents');
    const nav = mainNav();
    expect(nav.classList.contains('is-compact')).toBe(false);
    expect(within(nav).getByRole('button', { name: 'New Agent' })).toBeTruthy();
    expect(within(nav).getByRole('link', { name: 'Agents' }).getAttribute('aria-current')).toBe('page');
    expect(within(nav).queryByRole('link', { name: /Marketplace/ })).toBeNull();
    expect(within(nav).queryByRole('link', { name: /Administration/ })).toBeNull();
    // The usage box: minutes used of the pack's minutes this period, titled with the pack.
    expect(within(nav).getByTestId('minutes-period').textContent).toBe('Pack minutes this period: 12 / 500');
    expect(within(nav).getByText('Pro plan')).toBeTruthy();
    expect(within(nav).getByText('2%')).toBeTruthy();
    expect(within(nav).getByText('Ada Lovelace')).toBeTruthy();
    expect(within(nav).getByRole('link', { name: 'Profile' }).getAttribute('href')).toBe('/profile');
    expect(within(nav).getByRole('button', { name: 'Sign out' })).toBeTruthy();
    expect(within(nav).getByRole('button', { name: 'Notifications' })).toBeTruthy();
  });

  it('shows Marketplace and Administration with an Admin badge to an admin', () => {
    auth = signedIn(true);
    renderAt('/agents');
    const nav = mainNav();
    for (const name of ['Marketplace', 'Administration']) {
      const link = within(nav).getByRole('link', { name: new RegExp(name) });
      expect(within(link).getByText('Admin')).toBeTruthy();
    }
  });

  it('uses the 70 px rail and the admin section panel on /admin', () => {
    auth = signedIn(true);
    renderAt('/admin/users');
    expect(mainNav().classList.contains('is-compact')).toBe(true);
    const panel = screen.getByRole('complementary', { name: 'Administration' });
    expect(
      within(panel)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(['/admin/users', '/admin/settings', '/admin/billing', '/admin/packs', '/admin/numbers', '/site-config']);
    expect(within(panel).getByRole('link', { name: 'Users' }).getAttribute('aria-current')).toBe('page');
  });

  it('shows the agent panel on per-agent pages, branding disabled', () => {
    auth = signedIn(false);
    renderAt('/agents/a1/configure');
    const panel = screen.getByRole('complementary', { name: 'Agent' });
    const hrefs = within(panel)
      .getAllByRole('link')
      .map((a) => a.getAttribute('href'));
    expect(hrefs).toEqual([
      '/agents',
      '/agents/a1/dashboard',
      '/agents/a1/configure',
      '/agents/a1/prompts',
      '/agents/a1/integrations',
      '/agents/a1/test',
      null,
      '/agents/a1/calls',
    ]);
    expect(within(panel).getByRole('link', { name: 'Branding' }).getAttribute('aria-disabled')).toBe('true');
  });

  it('shows the numbers panel on /twilio-numbers', () => {
    auth = signedIn(false);
    renderAt('/twilio-numbers/active');
    const panel = screen.getByRole('complementary', { name: 'Phone Numbers' });
    expect(within(panel).getByRole('link', { name: 'Active Numbers' }).getAttribute('aria-current')).toBe('page');
  });

  it('under 768 px shows a bottom bar and opens the sidebar in a drawer', () => {
    mobile = true;
    auth = signedIn(false);
    renderAt('/dashboard');
    const bars = screen.getAllByRole('navigation', { name: 'Main navigation' });
    expect(bars).toHaveLength(1);
    expect(bars[0]?.classList.contains('console-mobile-bar')).toBe(true);
    expect(screen.queryAllByRole('button', { name: 'New Agent' })).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    expect(screen.getAllByRole('button', { name: 'New Agent' })).toHaveLength(1);
  });
});

describe('guards', () => {
  it('sends a visitor without a user to /', () => {
    auth = { initialized: true, user: null, emailVerified: false, profileStatus: 'none', profile: null };
    renderAt('/admin/users');
    expect(screen.getByTestId('where').textContent).toBe('/');
  });

  it('shows a spinner until auth is initialised', () => {
    auth = { initialized: false, user: null, emailVerified: false, profileStatus: 'none', profile: null };
    renderAt('/agents');
    expect(screen.getByRole('status')).toBeTruthy();
    expect(screen.queryByTestId('where')).toBeNull();
  });

  it('sends a non-admin from /admin to /dashboard', () => {
    auth = signedIn(false);
    renderAt('/admin/users');
    expect(screen.getByTestId('where').textContent).toBe('/dashboard');
  });

  it('denies admin pages when the profile row is missing', () => {
    auth = { ...signedIn(false), profile: null, profileStatus: 'missing' };
    renderAt('/admin');
    expect(screen.getByTestId('where').textContent).toBe('/dashboard');
  });

  it('holds an unverified user on /login', () => {
    auth = { ...signedIn(false), emailVerified: false };
    renderAt('/agents');
    expect(screen.getByTestId('where').textContent).toBe('/login');
  });
});
