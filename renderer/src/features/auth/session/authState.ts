import type { AuthChangeEvent, User } from '@supabase/supabase-js';

/** Why the user was signed out without asking, shown on the sign-in form. */
export type SignedOutNotice = 'sessionExpired';

/** Signed-out, loading or signed-in, plus `initialized` after the first callback. */
export interface AuthState {
  initialized: boolean;
  user: User | null;
  notice: SignedOutNotice | null;
}

export const initialAuthState: AuthState = { initialized: false, user: null, notice: null };

/**
 * Applies one supabase-js auth event. While an email sign-up runs, events are ignored (the
 * sign-up signs in and out again), except the initial one that ends the loading state. A notice
 * stays until someone signs in again.
 */
export function applyAuthEvent(
  state: AuthState,
  event: AuthChangeEvent,
  user: User | null,
  ignoringEvents: boolean,
): AuthState {
  if (ignoringEvents && event !== 'INITIAL_SESSION') return state;
  if (event === 'SIGNED_OUT' || !user) return { initialized: true, user: null, notice: state.notice };
  return { initialized: true, user, notice: null };
}

/** A user can enter the application only with a confirmed address. */
export function isEmailVerified(user: User): boolean {
  return Boolean(user.email_confirmed_at ?? user.confirmed_at);
}

/** Auth error codes meaning the session the client holds is no longer one the server accepts. */
const deadSessionCodes = new Set([
  'session_not_found',
  'session_expired',
  'refresh_token_not_found',
  'refresh_token_already_used',
  'bad_jwt',
  'user_not_found',
]);

/**
 * Whether a failed request may come from a stale or invalid session rather than a real refusal:
 * a denied row or function (42501, 401/403), a JWT PostgREST rejects (PGRST30x), or an auth code
 * that names a dead session. The store then asks the server before signing out.
 */
export function maySignalDeadSession(error: { source: string; code: string; status?: number | undefined }): boolean {
  if (error.source === 'network') return false;
  if (deadSessionCodes.has(error.code)) return true;
  if (error.source === 'database') return error.code === '42501' || error.code.startsWith('PGRST30');
  if (error.source === 'function') return error.status === 401;
  return false;
}

/** Whether the server's answer to "who am I" says the session is gone (not a network blip). */
export function isDeadSessionAnswer(error: { name?: string; status?: number; code?: string } | null): boolean {
  if (!error) return false;
  if (error.name === 'AuthSessionMissingError') return true;
  if (error.name === 'AuthRetryableFetchError') return false;
  if (deadSessionCodes.has(error.code ?? '')) return true;
  return error.status !== undefined && error.status >= 400 && error.status < 500;
}
