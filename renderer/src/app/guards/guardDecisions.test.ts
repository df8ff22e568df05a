import { describe, expect, it } from 'vitest';
import { adminGuard, postLoginPath, signedInGuard } from './guardDecisions.ts';

describe('signed-in guard', () => {
  it('waits until authentication is initialised', () => {
    expect(signedInGuard({ initialized: false, signedIn: false, emailVerified: false })).toEqual({ kind: 'wait' });
    expect(signedInGuard({ initialized: false, signedIn: true, emailVerified: true })).toEqual({ kind: 'wait' });
  });
  it('sends a visitor without a user to /', () => {
    expect(signedInGuard({ initialized: true, signedIn: false, emailVerified: false })).toEqual({
      kind: 'redirect',
      to: '/',
    });
  });
  it('holds an unverified user on the login verify screen', () => {
    expect(signedInGuard({ initialized: true, signedIn: true, emailVerified: false })).toEqual({
      kind: 'redirect',
      to: '/login',
    });
  });
  it('lets a verified user in', () => {
    expect(signedInGuard({ initialized: true, signedIn: true, emailVerified: true })).toEqual({ kind: 'allow' });
  });
});

describe('admin guard', () => {
  it('waits for the profile', () => {
    expect(adminGuard({ profileStatus: 'loading', isAdmin: false })).toEqual({ kind: 'wait' });
  });
  it('admits an admin profile', () => {
    expect(adminGuard({ profileStatus: 'loaded', isAdmin: true })).toEqual({ kind: 'allow' });
  });
  it.each(['loaded', 'missing', 'error', 'none'] as const)(
    'sends a non-admin (%s profile) to /dashboard',
    (profileStatus) => {
      expect(adminGuard({ profileStatus, isAdmin: false })).toEqual({ kind: 'redirect', to: '/dashboard' });
    },
  );
});

describe('post-login destination', () => {
  it('returns to the requested path with its query', () => {
    expect(postLoginPath({ from: '/agents/42/configure?tab=knowledge' })).toBe('/agents/42/configure?tab=knowledge');
  });
  it.each([
    undefined,
    null,
    'x',
    {},
    { from: 42 },
    { from: 'https://evil.example' },
    { from: '//evil.example/x' },
    { from: '/\\evil' },
    { from: '/login' },
    { from: '/login?x=1' },
  ])('falls back to / for %j', (state) => {
    expect(postLoginPath(state)).toBe('/');
  });
});

describe('signed-in guard after the app signed a dead session out', () => {
  it('sends the user to the sign-in form (which says why), not to the landing page', () => {
    expect(
      signedInGuard({ initialized: true, signedIn: false, emailVerified: false, signedOutWithNotice: true }),
    ).toEqual({ kind: 'redirect', to: '/login' });
  });
});
