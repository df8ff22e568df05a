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
  const { data } = supabase.auth.onAuthStateChange((event, session) => {
    set(applyAuthEvent(state, event, session?.user ?? null, ignoring > 0));
  });
  return {
    getSnapshot: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
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
    dispose: () => data.subscription.unsubscribe(),
  };
}
