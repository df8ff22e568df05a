import { AppError, toAppError } from '../../../errors/appError.ts';
import { getSupabase } from '../../../lib/supabase.ts';
import { completeEmailVerification } from '../api/verifyEmail.ts';
import type { DesktopAuthLink } from './authCallback.ts';

/** What the console shows after a desktop auth link: the verification result, or the signed-in app. */
export type DesktopAuthOutcome =
  | { kind: 'verified'; email: string }
  | { kind: 'verificationFailed'; code: string }
  | { kind: 'signedIn' }
  | { kind: 'signInFailed'; error: AppError };

/**
 * Finishes what the link started, with supabase-js as in a browser: the session fragment becomes
 * the client's session (setSession), a PKCE code is exchanged, a token hash verified. A verification
 * then follows the web rule (completeEmailVerification: confirm, and stay signed in).
 */
export async function completeDesktopAuth(link: DesktopAuthLink): Promise<DesktopAuthOutcome> {
  if (link.kind === 'error') {
    return { kind: 'verificationFailed', code: link.code };
  }
  const auth = getSupabase().auth;
  try {
    if (link.session) {
      const { error } = await auth.setSession({
        access_token: link.session.accessToken,
        refresh_token: link.session.refreshToken,
      });
      if (error) throw toAppError(error, 'verification');
    }
    if (link.kind === 'verification') {
      return { kind: 'verified', email: await completeEmailVerification(link.link) };
    }
    if (link.link.kind === 'code') {
      const { error } = await auth.exchangeCodeForSession(link.link.code);
      if (error) throw toAppError(error, 'signIn');
    } else if (link.link.kind === 'tokenHash') {
      const { error } = await auth.verifyOtp({ token_hash: link.link.tokenHash, type: link.link.type });
      if (error) throw toAppError(error, 'signIn');
    }
    return { kind: 'signedIn' };
  } catch (error) {
    const appError = toAppError(error, link.kind === 'verification' ? 'verification' : 'signIn');
    return link.kind === 'verification'
      ? { kind: 'verificationFailed', code: appError.code }
      : { kind: 'signInFailed', error: appError };
  }
}
