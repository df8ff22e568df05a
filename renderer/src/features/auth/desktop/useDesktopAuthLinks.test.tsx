// @vitest-environment jsdom
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createI18n } from '../../../i18n/index.ts';
import { useDesktopAuthLinks } from './useDesktopAuthLinks.ts';

/**
 * The desktop deep-link path end to end in the renderer: a concierge:// link pushed through the
 * preload API (a stand-in for window.concierge) completes the session with supabase-js (mocked
 * here) and lands on the right page.
 */
const auth = vi.hoisted(() => ({
  setSession: vi.fn(),
  getSession: vi.fn(),
  exchangeCodeForSession: vi.fn(),
  verifyOtp: vi.fn(),
  signOut: vi.fn(async () => ({ error: null })),
}));
vi.mock('../../../lib/supabase.ts', () => ({ getSupabase: () => ({ auth }) }));

let push: (url: string) => void = () => {};
beforeEach(() => {
  Object.values(auth).forEach((f) => f.mockClear());
  window.concierge = {
    onDeepLink: (listener: (url: string) => void) => {
      push = listener;
      return () => {};
    },
  } as unknown as NonNullable<Window['concierge']>;
});
afterEach(() => {
  cleanup();
  delete window.concierge;
});

function Where() {
  useDesktopAuthLinks();
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname} ${JSON.stringify(location.state ?? null)}`}</p>;
}

function renderApp() {
  const router = createMemoryRouter([{ path: '*', element: <Where /> }], { initialEntries: ['/login'] });
  render(
    <I18nextProvider i18n={createI18n('en')}>
      <RouterProvider router={router} />
    </I18nextProvider>,
  );
}

describe('desktop auth deep links', () => {
  it('a sign-up confirmation sets the session, confirms the address, stays signed in and shows the result', async () => {
    auth.setSession.mockResolvedValueOnce({ data: {}, error: null });
    auth.getSession.mockResolvedValueOnce({
      data: { session: { user: { email: 'ada@example.com', email_confirmed_at: '2026-11-26T10:00:00Z' } } },
      error: null,
    });
    renderApp();
    push('concierge://auth/callback#access_token=at&refresh_token=rt&type=signup');
    await waitFor(() =>
      expect(screen.getByTestId('where').textContent).toBe(
        '/email-verification {"desktopVerification":{"email":"ada@example.com"}}',
      ),
    );
    expect(auth.setSession).toHaveBeenCalledWith({ access_token: 'at', refresh_token: 'rt' });
    expect(auth.signOut).not.toHaveBeenCalled();
  });

  it('a magic link or OAuth code signs in and opens the dashboard', async () => {
    auth.exchangeCodeForSession.mockResolvedValueOnce({ data: {}, error: null });
    renderApp();
    push('concierge://auth/callback?code=c0de');
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/dashboard null'));
    expect(auth.exchangeCodeForSession).toHaveBeenCalledWith('c0de');
    expect(auth.signOut).not.toHaveBeenCalled();
  });

  it('an expired link shows the verification error', async () => {
    renderApp();
    push('concierge://auth/callback#error=access_denied&error_code=otp_expired&error_description=expired');
    await waitFor(() =>
      expect(screen.getByTestId('where').textContent).toBe(
        '/email-verification {"desktopVerification":{"errorCode":"otp_expired"}}',
      ),
    );
    expect(auth.setSession).not.toHaveBeenCalled();
  });

  it('ignores deep links that are not auth callbacks', async () => {
    renderApp();
    push('concierge://library/open');
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.getByTestId('where').textContent).toBe('/login null');
  });
});
