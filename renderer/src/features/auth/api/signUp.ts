import { AppError, toAppError } from '../../../errors/appError.ts';
import { getSupabase } from '../../../lib/supabase.ts';

export interface SignUpInput {
  name: string;
  email: string;
  password: string;
  /** The interface language at sign-up; the new profile starts in it. */
  lang?: 'en' | 'fr';
  /** Where the confirmation link returns (the email verification page). */
  emailRedirectTo: string | undefined;
}

/**
 * Email sign-up: create the account with its display name (the profile row is
 * created from it on the server), then sign out so the user confirms the address before entering.
 */
export async function signUpWithEmail(input: SignUpInput): Promise<void> {
  const supabase = getSupabase();
  const { data, error } = await supabase.auth.signUp({
    email: input.email.trim(),
    password: input.password,
    options: {
      data: { name: input.name.trim(), ...(input.lang ? { lang: input.lang } : {}) },
      ...(input.emailRedirectTo ? { emailRedirectTo: input.emailRedirectTo } : {}),
    },
  });
  if (error) throw toAppError(error, 'signUp');
  // With confirmations on, Supabase answers an already-registered address with an obfuscated user
  // that has no identities instead of an error (anti-enumeration).
  if (data.user && data.user.identities?.length === 0) {
    throw new AppError({
      source: 'auth',
      code: 'user_already_exists',
      messageKey: 'errors:auth.emailInUse',
      message: 'User already registered',
    });
  }
  if (data.session) await supabase.auth.signOut();
}
