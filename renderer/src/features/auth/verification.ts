/**
 * The email verification page: what the confirmation link brought back, and
 * the attempt rules. Supabase returns either a session in the fragment (`#access_token=…&type=signup`),
 * a PKCE `?code=`, a `?token_hash=&type=` (custom templates), or an error
 * (`#error=access_denied&error_code=otp_expired&error_description=…`). A link of the form
 * `?mode=verifyEmail&oobCode=…` (both required) is read as a sign-up token hash, so an
 * email template written that way (`oobCode={{ .TokenHash }}`) works too.
 */
export type EmailLinkType = 'signup' | 'email' | 'invite' | 'magiclink' | 'recovery' | 'email_change';

export type VerificationLink =
  | { kind: 'session'; type: string }
  | { kind: 'code'; code: string }
  | { kind: 'tokenHash'; tokenHash: string; type: EmailLinkType }
  | { kind: 'error'; code: string; description: string }
  | { kind: 'missing' };

export const MAX_VERIFICATION_ATTEMPTS = 3;
export const VERIFICATION_ERROR_DELAY_MS = 1000;

const linkTypes: readonly string[] = ['signup', 'email', 'invite', 'magiclink', 'recovery', 'email_change'];

export function readVerificationLink(href: string): VerificationLink {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return { kind: 'missing' };
  }
  const hash = new URLSearchParams(url.hash.replace(/^#/, ''));
  const query = url.searchParams;
  const errorCode = hash.get('error_code') ?? query.get('error_code') ?? hash.get('error') ?? query.get('error');
  if (errorCode) {
    return {
      kind: 'error',
      code: errorCode,
      description: hash.get('error_description') ?? query.get('error_description') ?? '',
    };
  }
  if (hash.get('access_token')) return { kind: 'session', type: hash.get('type') ?? 'signup' };
  const mode = query.get('mode');
  const oobCode = query.get('oobCode');
  if (mode !== null || oobCode !== null) {
    return mode === 'verifyEmail' && oobCode
      ? { kind: 'tokenHash', tokenHash: oobCode, type: 'signup' }
      : { kind: 'missing' };
  }
  const code = query.get('code');
  if (code) return { kind: 'code', code };
  const tokenHash = query.get('token_hash');
  const type = query.get('type') ?? 'signup';
  if (tokenHash && linkTypes.includes(type)) return { kind: 'tokenHash', tokenHash, type: type as EmailLinkType };
  return { kind: 'missing' };
}

/** The interface language a link asks for (`lang=fr`), when a verification link carries one. */
export function verificationLinkLanguage(href: string): 'en' | 'fr' | null {
  try {
    const lang = new URL(href).searchParams.get('lang')?.slice(0, 2).toLowerCase();
    return lang === 'en' || lang === 'fr' ? lang : null;
  } catch {
    return null;
  }
}

export type VerificationView =
  | { status: 'loading' }
  | { status: 'success'; email: string }
  /** `reasonKey`: an i18n key naming why, when known (the provider's own text is English only). */
  | { status: 'error'; attempts: number; canRetry: boolean; reasonKey: 'auth:verification.linkExpired' | null };

/** After a failed attempt: retry is offered until MAX_VERIFICATION_ATTEMPTS have been used. */
export function failedView(attempts: number, errorCode: string): VerificationView {
  return {
    status: 'error',
    attempts,
    canRetry: attempts < MAX_VERIFICATION_ATTEMPTS,
    reasonKey: errorCode === 'otp_expired' ? 'auth:verification.linkExpired' : null,
  };
}
