import type { SupabaseClient, User } from '@supabase/supabase-js';
import { applyAuthEvent, initialAuthState, isDeadSessionAnswer, type AuthState } from './authState.ts';

/**
 * Auth state as an external store fed by `onAuthStateChange`, read with useSyncExternalStore.
 * One per supabase client; created by AuthProvider.
 */
export interface AuthStore {
  getSnapshot(): AuthState;
  subscribe(listener: () => void): () => void;
  /** Runs `work` with auth events ignored, then re-reads the session once. */
  whileIgnoringEvents<T>(work: () => Promise<T>): Promise<T>;
  /**
   * Asks the server whether the session still holds (after a refused request); when it does not,
   * signs this device out with the "session expired" notice. Answers whether it signed out.
   */
  checkSession(): Promise<boolean>;
  dispose(): void;
}

export function createAuthStore(supabase: SupabaseClient): AuthStore {
  let state = initialAuthState;
  let ignoring = 0;
  let checking: Promise<boolean> | null = null;
  const listeners = new Set<() => void>();
  const set = (next: AuthState) => {
    if (next === state) return;
    state = next;
    for (const l of listeners) l();
  };
  const signOutExpired = async () => {
    set({ initialized: true, user: null, notice: 'sessionExpired' });
    await supabase.auth.signOut({ scope: 'local' }).catch(() => undefined);
  };
  // An event can describe a session the client no longer holds: supabase-js announces a session
  // read from the URL a tick after storing it, so a sign-out in between is followed by a stale
  // SIGNED_IN. After each signed-in event the stored session is read again, and wins.
  const reconcile = () => {
    setTimeout(() => {
      void supabase.auth.getSession().then(({ data }) => {
        if (!data.session && state.user && ignoring === 0) set({ ...state, user: null });
      });
    }, 0);
  };
  // Attached while someone listens: React StrictMode (and vitest-built bundles) unsubscribe and
  // subscribe again, and a subscription disposed for good would miss every later sign-in.
  // supabase-js replays INITIAL_SESSION to each new subscriber, so re-attaching loses nothing.
  let subscription: { unsubscribe(): void } | null = null;
  const attach = () => {
    subscription ??= supabase.auth.onAuthStateChange((event, session) => {
      set(applyAuthEvent(state, event, session?.user ?? null, ignoring > 0));
      if (session) reconcile();
    }).data.subscription;
  };
  const detach = () => {
    subscription?.unsubscribe();
    subscription = null;
  };
  attach();
  return {
    getSnapshot: () => state,
    subscribe(listener) {
      listeners.add(listener);
      attach();
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) detach();
      };
    },
    async whileIgnoringEvents(work) {
      ignoring += 1;
      try {
        return await work();
      } finally {
        ignoring -= 1;
        const { data: current } = await supabase.auth.getSession();
        const user: User | null = current.session?.user ?? null;
        set({ initialized: true, user, notice: user ? null : state.notice });
      }
    },
    checkSession() {
      checking ??= (async () => {
        try {
          if (!state.user) return false;
          const { data } = await supabase.auth.getSession();
          if (!data.session) {
            await signOutExpired();
            return true;
          }
          const { error } = await supabase.auth.getUser();
          if (!isDeadSessionAnswer(error)) return false;
          await signOutExpired();
          return true;
        } finally {
          checking = null;
        }
      })();
      return checking;
    },
    dispose: detach,
  };
}
