import type { User } from '@supabase/supabase-js';
import { createContext, useContext, useEffect, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { fallbackLanguage, rememberedVisitorLanguage } from '../../../i18n/index.ts';
import { getSupabase } from '../../../lib/supabase.ts';
import { useProfileQuery } from '../api/getProfile.ts';
import type { Profile } from '../api/profile.ts';
import { isEmailVerified } from './authState.ts';
import { createAuthStore, type AuthStore } from './authStore.ts';

export type ProfileStatus = 'none' | 'loading' | 'loaded' | 'missing' | 'error';

export interface AuthContextValue {
  initialized: boolean;
  user: User | null;
  emailVerified: boolean;
  profile: Profile | null;
  profileStatus: ProfileStatus;
  store: AuthStore;
}

const AuthContext = createContext<AuthContextValue | null>(null);

/** Holds the auth state and the profile, and makes the UI follow the profile's language. */
export function AuthProvider({ children }: { children: ReactNode }) {
  // The store detaches from supabase-js itself when its last listener leaves (see authStore).
  const store = useMemo(() => createAuthStore(getSupabase()), []);
  const { initialized, user } = useSyncExternalStore(store.subscribe, store.getSnapshot);
  const profileQuery = useProfileQuery(user?.id);
  const { i18n } = useTranslation();

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
    () => ({ initialized, user, emailVerified: user ? isEmailVerified(user) : false, profile, profileStatus, store }),
    [initialized, user, profile, profileStatus, store],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth outside AuthProvider');
  return value;
}
