import { toAppError } from '../../../errors/appError.ts';
import { getSupabase } from '../../../lib/supabase.ts';
import { authRedirectUrl } from '../desktop/authCallback.ts';

/** Where an auth email's link returns to in this console (the desktop app's deep link there). */
function returnUrl(path: string): string | undefined {
  return authRedirectUrl(window.location.origin, path, Boolean(window.concierge));
}

/**
 * "Forgot password?": Supabase Auth's recover flow mails a link to /reset-password. The answer is
 * the same whether or not the address has an account (no enumeration).
 */
export async function sendPasswordReset(email: string): Promise<void> {
  const redirectTo = returnUrl('/reset-password');
  const { error } = await getSupabase().auth.resetPasswordForEmail(email.trim(), {
    ...(redirectTo ? { redirectTo } : {}),
  });
  if (error) throw toAppError(error, 'recover');
}

/** Mails a new confirmation link to an address that signed up and is not verified yet. */
export async function resendVerificationEmail(email: string): Promise<void> {
  const emailRedirectTo = returnUrl('/email-verification');
  const { error } = await getSupabase().auth.resend({
    type: 'signup',
    email: email.trim(),
    ...(emailRedirectTo ? { options: { emailRedirectTo } } : {}),
  });
  if (error) throw toAppError(error, 'resend');
}

/** Sets the password of the user the recovery link signed in. */
export async function setNewPassword(password: string): Promise<void> {
  const { error } = await getSupabase().auth.updateUser({ password });
  if (error) throw toAppError(error, 'resetPassword');
}
