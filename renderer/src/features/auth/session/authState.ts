import type { AuthChangeEvent, User } from '@supabase/supabase-js';

/** Spec 000 §4: signed-out, loading or signed-in, plus `initialized` after the first callback. */
export interface AuthState {
  initialized: boolean;
  user: User | null;
}

export const initialAuthState: AuthState = { initialized: false, user: null };

/**
 * Applies one supabase-js auth event. While an email sign-up runs, events are ignored (the
 * sign-up signs in and out again), except the initial one that ends the loading state.
 */
export function applyAuthEvent(
  state: AuthState,
  event: AuthChangeEvent,
  user: User | null,
  ignoringEvents: boolean,
): AuthState {
  if (ignoringEvents && event !== 'INITIAL_SESSION') return state;
  if (event === 'SIGNED_OUT') return { initialized: true, user: null };
  return { initialized: true, user };
}

/** A user can enter the application only with a confirmed address (spec 000 §6). */
export function isEmailVerified(user: User): boolean {
  return Boolean(user.email_confirmed_at ?? user.confirmed_at);
}
