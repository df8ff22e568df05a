import { AppError, toAppError } from '../../../errors/appError.ts';
import { getSupabase } from '../../../lib/supabase.ts';
import type { VerificationLink } from '../verification.ts';

const failed = (message: string) =>
  new AppError({ source: 'auth', code: 'verification_failed', messageKey: 'errors:verification.failed', message });

/**
 * Completes the confirmation the link started and answers the verified address. The session the
 * link opens stays: the user continues signed in. Signing it out here raced supabase-js, which
 * announces the URL's session a tick after it stored it, so the console kept a user whose session
 * was already gone and every request was refused.
 */
export async function completeEmailVerification(link: VerificationLink): Promise<string> {
  const auth = getSupabase().auth;
  let email: string | undefined;
  let confirmed: boolean;
  if (link.kind === 'error') throw failed(link.description || link.code);
  if (link.kind === 'missing') throw failed('No verification parameters in the link');
  if (link.kind === 'session') {
    // supabase-js consumed the fragment during its initialisation; getSession waits for that.
    const { data, error } = await auth.getSession();
    if (error) throw toAppError(error, 'verification');
    email = data.session?.user.email;
    confirmed = Boolean(data.session?.user.email_confirmed_at);
  } else if (link.kind === 'code') {
    const { data, error } = await auth.exchangeCodeForSession(link.code);
    if (error) throw toAppError(error, 'verification');
    email = data.user?.email;
    confirmed = Boolean(data.user?.email_confirmed_at);
  } else {
    const { data, error } = await auth.verifyOtp({ token_hash: link.tokenHash, type: link.type });
    if (error) throw toAppError(error, 'verification');
    email = data.user?.email;
    confirmed = Boolean(data.user?.email_confirmed_at);
  }
  if (!email || !confirmed) throw failed('The link did not confirm an address');
  return email;
}
