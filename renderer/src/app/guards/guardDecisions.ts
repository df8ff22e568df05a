import type { ProfileStatus } from '../../features/auth/session/AuthProvider.tsx';

/** What a guard renders: a spinner, the protected content, or a redirect. */
export type GuardDecision = { kind: 'wait' } | { kind: 'allow' } | { kind: 'redirect'; to: string };

export interface SignedInGuardInput {
  initialized: boolean;
  signedIn: boolean;
  emailVerified: boolean;
  /** Signed out by the app itself (a dead session): the sign-in form says why. */
  signedOutWithNotice?: boolean;
}

/**
 * Signed-in guard: spinner until auth is initialised, then '/' without a
 * user (the sign-in form when the app signed a dead session out). An unverified address cannot enter; it is held on /login's verify screen.
 */
export function signedInGuard(input: SignedInGuardInput): GuardDecision {
  if (!input.initialized) return { kind: 'wait' };
  if (!input.signedIn) return { kind: 'redirect', to: input.signedOutWithNotice ? '/login' : '/' };
  if (!input.emailVerified) return { kind: 'redirect', to: '/login' };
  return { kind: 'allow' };
}

/**
 * Admin guard: '/dashboard' unless the profile says admin. It waits while the profile loads; a
 * missing row or a failed read denies.
 */
export function adminGuard(input: { profileStatus: ProfileStatus; isAdmin: boolean }): GuardDecision {
  if (input.profileStatus === 'loading') return { kind: 'wait' };
  if (input.profileStatus === 'loaded' && input.isAdmin) return { kind: 'allow' };
  return { kind: 'redirect', to: '/dashboard' };
}

/** Route state carried to the landing page and /login so sign-in can return to the request. */
export interface ReturnState {
  from?: string;
  lang?: string;
}

/**
 * Where to go after a successful sign-in: the originally requested in-app path, or '/'. Only
 * same-origin absolute paths are honoured (no '//host' open redirects, no loop back to /login).
 */
export function postLoginPath(state: unknown): string {
  const from = typeof state === 'object' && state !== null ? (state as ReturnState).from : undefined;
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//') || from.startsWith('/\\')) return '/';
  if (from === '/login' || from.startsWith('/login?') || from.startsWith('/login#')) return '/';
  return from;
}
