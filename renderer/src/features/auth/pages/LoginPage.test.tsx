// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppError } from '../../../errors/appError.ts';
import { createI18n } from '../../../i18n/index.ts';
import type { AuthContextValue } from '../session/AuthProvider.tsx';
import { LoginPage } from './LoginPage.tsx';

const api = vi.hoisted(() => ({
  signInWithEmail: vi.fn(),
  signInWithGoogle: vi.fn(),
  signUpWithEmail: vi.fn(),
  reloadUser: vi.fn(),
  signOut: vi.fn(),
  fetchAuthSettings: vi.fn(),
}));
vi.mock('../api/signIn.ts', () => ({ signInWithEmail: api.signInWithEmail, signInWithGoogle: api.signInWithGoogle }));
vi.mock('../api/signUp.ts', () => ({ signUpWithEmail: api.signUpWithEmail }));
vi.mock('../api/signOut.ts', () => ({ reloadUser: api.reloadUser, signOut: api.signOut }));
vi.mock('../api/getAuthSettings.ts', async () => {
  const { useQuery } = await import('@tanstack/react-query');
  return { useAuthSettingsQuery: () => useQuery({ queryKey: ['auth', 'settings'], queryFn: api.fetchAuthSettings }) };
});

let auth: Partial<AuthContextValue>;
vi.mock('../session/AuthProvider.tsx', () => ({ useAuth: () => auth }));

const store = { whileIgnoringEvents: <T,>(work: () => Promise<T>) => work() } as unknown as AuthContextValue['store'];
const signedOut = (): Partial<AuthContextValue> => ({
  initialized: true,
  user: null,
  emailVerified: false,
  profile: null,
  profileStatus: 'none',
  store,
});

function Where() {
  const { pathname } = useLocation();
  return <output data-testid="where">{pathname}</output>;
}

function renderLogin(state?: unknown, i18n = createI18n('en')) {
  const router = createMemoryRouter(
    [
      { path: '/login', element: <LoginPage /> },
      { path: '*', element: <Where /> },
    ],
    { initialEntries: [{ pathname: '/login', state }] },
  );
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={new QueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return i18n;
}

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label, { selector: 'input' }), { target: { value } });

beforeEach(() => {
  Object.values(api).forEach((fn) => fn.mockReset());
  api.fetchAuthSettings.mockResolvedValue({ googleEnabled: true });
  auth = signedOut();
});
afterEach(cleanup);

describe('LoginPage', () => {
  it('signs in with email and shows what a failure means (an unverified address)', async () => {
    api.signInWithEmail.mockRejectedValue(
      new AppError({
        source: 'auth',
        code: 'email_not_confirmed',
        messageKey: 'errors:auth.emailNotConfirmed',
        message: 'Email not confirmed',
      }),
    );
    renderLogin();
    const submit = screen.getByRole('button', { name: 'Sign In' });
    expect(submit.hasAttribute('disabled')).toBe(true);
    type('Email', 'ada@example.com');
    type('Password', 'secret');
    fireEvent.click(submit);
    expect(
      await screen.findByText(
        'Please verify your email address before signing in. Check your inbox for a verification link.',
      ),
    ).toBeTruthy();
    expect(api.signInWithEmail).toHaveBeenCalledWith({ name: '', email: 'ada@example.com', password: 'secret' });
  });

  it('after sign-up shows "check your email" until the user goes back to sign in', async () => {
    api.signUpWithEmail.mockResolvedValue(undefined);
    renderLogin();
    fireEvent.click(screen.getByRole('button', { name: "Don't have an account? Sign up" }));
    expect(screen.getByText('Password must be at least 6 characters long')).toBeTruthy();
    type('Name', 'Ada');
    type('Email', 'ada@example.com');
    type('Password', 'secret1');
    fireEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText('Check your email')).toBeTruthy();
    expect(screen.getByText(/ada@example\.com/)).toBeTruthy();
    expect(api.signUpWithEmail.mock.calls[0]?.[0]).toMatchObject({
      name: 'Ada',
      email: 'ada@example.com',
      password: 'secret1',
      lang: 'en',
      emailRedirectTo: `${window.location.origin}/email-verification`,
    });
    fireEvent.click(screen.getByRole('button', { name: 'Back to Sign In' }));
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeTruthy();
  });

  it('interpolates the provider message into the sign-up failure', async () => {
    api.signUpWithEmail.mockRejectedValue(
      new AppError({
        source: 'auth',
        code: 'unexpected_failure',
        messageKey: 'errors:auth.signUpFailed',
        message: 'Database error',
        params: { message: 'Database error' },
      }),
    );
    renderLogin();
    fireEvent.click(screen.getByRole('button', { name: "Don't have an account? Sign up" }));
    type('Name', 'Ada');
    type('Email', 'ada@example.com');
    type('Password', 'secret1');
    fireEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText('Failed to create account: Database error')).toBeTruthy();
  });

  it('holds an unverified user on the verify screen; Reload refreshes the session', async () => {
    api.reloadUser.mockResolvedValue(undefined);
    auth = {
      ...signedOut(),
      user: { id: 'u1', email: 'ada@example.com' } as AuthContextValue['user'],
      emailVerified: false,
    };
    renderLogin({ from: '/agents' });
    expect(screen.getByText('Please verify your email address')).toBeTruthy();
    expect(screen.queryByTestId('where')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect(api.reloadUser).toHaveBeenCalledTimes(1));
  });

  it('sends a verified user to the originally requested path', () => {
    auth = {
      ...signedOut(),
      user: { id: 'u1', email: 'ada@example.com' } as AuthContextValue['user'],
      emailVerified: true,
    };
    renderLogin({ from: '/agents/42/configure' });
    expect(screen.getByTestId('where').textContent).toBe('/agents/42/configure');
  });

  it('sends a verified user to / without a requested path', () => {
    auth = {
      ...signedOut(),
      user: { id: 'u1', email: 'ada@example.com' } as AuthContextValue['user'],
      emailVerified: true,
    };
    renderLogin();
    expect(screen.getByTestId('where').textContent).toBe('/');
  });

  it('opens on the sign-up form when the free-trial button led here', async () => {
    renderLogin({ signUp: true });
    expect(await screen.findByRole('button', { name: 'Create Account' })).toBeTruthy();
  });

  it('uses the language carried in route state', async () => {
    const i18n = renderLogin({ lang: 'fr' });
    await waitFor(() => expect(i18n.language).toBe('fr'));
    expect(await screen.findByRole('button', { name: 'Se connecter' })).toBeTruthy();
  });

  it('starts Google sign-in returning to /login with the requested path', async () => {
    api.signInWithGoogle.mockResolvedValue(undefined);
    renderLogin({ from: '/credits' });
    fireEvent.click(screen.getByRole('tab', { name: 'Google' }));
    // The button waits for /auth/v1/settings to say Google is enabled.
    const button = await screen.findByRole('button', { name: 'Continue with Google' });
    await waitFor(() => expect(button.hasAttribute('disabled')).toBe(false));
    fireEvent.click(button);
    await waitFor(() =>
      expect(api.signInWithGoogle).toHaveBeenCalledWith(`${window.location.origin}/login?next=%2Fcredits`),
    );
  });

  it('explains and disables Google when the project has not enabled it', async () => {
    api.fetchAuthSettings.mockResolvedValue({ googleEnabled: false });
    renderLogin();
    fireEvent.click(screen.getByRole('tab', { name: 'Google' }));
    expect(await screen.findByText('Google sign-in is not enabled')).toBeTruthy();
    const button = screen.getByRole('button', { name: 'Continue with Google' });
    expect(button.hasAttribute('disabled') || button.getAttribute('aria-disabled') === 'true').toBe(true);
    fireEvent.click(button);
    expect(api.signInWithGoogle).not.toHaveBeenCalled();
  });
});
