import type { SupabaseClient, User } from '@supabase/supabase-js';
import { applyAuthEvent, initialAuthState, type AuthState } from './authState.ts';

/**
 * Auth state as an external store fed by `onAuthStateChange`, read with useSyncExternalStore.
 * One per supabase client; created by AuthProvider.
 */
export interface AuthStore {
  getSnapshot(): AuthState;
  subscribe(listener: () => void): () => void;
  /** Runs `work` with auth events ignored, then re-reads the session once. */
  whileIgnoringEvents<T>(work: () => Promise<T>): Promise<T>;
  dispose(): void;
}

export function createAuthStore(supabase: SupabaseClient): AuthStore {
  let state = initialAuthState;
  let ignoring = 0;
  const listeners = new Set<() => void>();
  const set = (next: AuthState) => {
    if (next === state) return;
    state = next;
    for (const l of listeners) l();
  };
  // Attached while someone listens: React StrictMode (and vitest-built bundles) unsubscribe and
  // subscribe again, and a subscription disposed for good would miss every later sign-in.
  // supabase-js replays INITIAL_SESSION to each new subscriber, so re-attaching loses nothing.
  let subscription: { unsubscribe(): void } | null = null;
  const attach = () => {
    subscription ??= supabase.auth.onAuthStateChange((event, session) => {
      set(applyAuthEvent(state, event, session?.user ?? null, ignoring > 0));
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
        set({ initialized: true, user });
      }
    },
    dispose: detach,
  };
}
