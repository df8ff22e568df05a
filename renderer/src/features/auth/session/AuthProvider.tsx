import type { User } from '@supabase/supabase-js';
import { useQueryClient } from '@tanstack/react-query';
import { createContext, useContext, useEffect, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AppError } from '../../../errors/appError.ts';
import { fallbackLanguage, rememberedVisitorLanguage } from '../../../i18n/index.ts';
import { getSupabase } from '../../../lib/supabase.ts';
import { useProfileQuery } from '../api/getProfile.ts';
import type { Profile } from '../api/profile.ts';
import { isEmailVerified, maySignalDeadSession, type SignedOutNotice } from './authState.ts';
import { createAuthStore, type AuthStore } from './authStore.ts';

export type ProfileStatus = 'none' | 'loading' | 'loaded' | 'missing' | 'error';

export interface AuthContextValue {
  initialized: boolean;
  user: User | null;
  emailVerified: boolean;
  profile: Profile | null;
  profileStatus: ProfileStatus;
  /** Why this device was signed out without asking (the sign-in form says it). */
  notice: SignedOutNotice | null;
  store: AuthStore;
}

const AuthContext = createContext<AuthContextValue | null>(null);

/** Holds the auth state and the profile, and makes the UI follow the profile's language. */
export function AuthProvider({ children }: { children: ReactNode }) {
  // The store detaches from supabase-js itself when its last listener leaves (see authStore).
  const store = useMemo(() => createAuthStore(getSupabase()), []);
  const { initialized, user, notice } = useSyncExternalStore(store.subscribe, store.getSnapshot);
  const profileQuery = useProfileQuery(user?.id);
  const { i18n } = useTranslation();
  const queryClient = useQueryClient();

  // A refused request may mean the session is stale or was revoked: the store asks the server,
  // and signs out with a message instead of leaving a console where everything is refused.
  useEffect(() => {
    const check = (error: unknown) => {
      if (error instanceof AppError && maySignalDeadSession(error)) void store.checkSession();
    };
    const stopQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') check(event.action.error);
    });
    const stopMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') check(event.action.error);
    });
    return () => {
      stopQueries();
      stopMutations();
    };
  }, [queryClient, store]);

  const profile = profileQuery.data ?? null;
  const profileStatus: ProfileStatus = !user
    ? 'none'
    : profileQuery.isPending
      ? 'loading'
      : profileQuery.isError
        ? 'error'
        : profile
          ? 'loaded'
          : 'missing';

  // Profile language wins once loaded; signed out, the visitor's own choice, else French.
  const wanted =
    profile?.lang ?? (initialized && !user ? (rememberedVisitorLanguage() ?? fallbackLanguage) : undefined);
  useEffect(() => {
    if (wanted && i18n.language !== wanted) void i18n.changeLanguage(wanted);
  }, [wanted, i18n]);

  const value = useMemo<AuthContextValue>(
    () => ({
      initialized,
      user,
      emailVerified: user ? isEmailVerified(user) : false,
      profile,
      profileStatus,
      notice,
      store,
    }),
    [initialized, user, profile, profileStatus, notice, store],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth outside AuthProvider');
  return value;
}
