/** Email tab of /login: sign-in or sign-up. */
export type LoginMode = 'signIn' | 'signUp';

export interface LoginValues {
  name: string;
  email: string;
  password: string;
}

/** Password minimum 6 characters. */
export const passwordMinLength = 6;

// Deliberately loose: the auth server is the judge; this only keeps obvious typos from a request.
const emailShape = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isEmailShaped(email: string): boolean {
  return emailShape.test(email.trim());
}

/** Sign-in needs email and password; sign-up also a name and a 6+ character password. */
export function isLoginFormValid(mode: LoginMode, values: LoginValues): boolean {
  if (!isEmailShaped(values.email) || values.password.length === 0) return false;
  if (mode === 'signIn') return true;
  return values.name.trim().length > 0 && values.password.length >= passwordMinLength;
}

export type LoginField = keyof LoginValues;

/** i18n keys of the message under each field; a field has none while it is fine. */
export type LoginFieldErrors = Partial<
  Record<
    LoginField,
    'auth:login.nameRequired' | 'errors:auth.invalidEmail' | 'auth:login.passwordRequired' | 'errors:auth.weakPassword'
  >
>;

/**
 * What each field says, for the fields the user has already left once: from
 * then on the message follows every keystroke, so a typo is explained instead of only greying out
 * the button. Sign-in does not judge the password's length (existing accounts may predate rules).
 */
export function loginFieldErrors(
  mode: LoginMode,
  values: LoginValues,
  touched: ReadonlySet<LoginField>,
): LoginFieldErrors {
  const errors: LoginFieldErrors = {};
  if (mode === 'signUp' && touched.has('name') && values.name.trim().length === 0) {
    errors.name = 'auth:login.nameRequired';
  }
  if (touched.has('email') && !isEmailShaped(values.email)) errors.email = 'errors:auth.invalidEmail';
  if (touched.has('password')) {
    if (values.password.length === 0) errors.password = 'auth:login.passwordRequired';
    else if (mode === 'signUp' && values.password.length < passwordMinLength)
      errors.password = 'errors:auth.weakPassword';
  }
  return errors;
}

/** The submit button is disabled while the form is invalid or a request is running. */
export function canSubmit(mode: LoginMode, values: LoginValues, busy: boolean): boolean {
  return !busy && isLoginFormValid(mode, values);
}

/** Where auth e-mails and OAuth return: only meaningful on an http(s) origin. */
export function appUrl(origin: string, path: string): string | undefined {
  return /^https?:\/\//.test(origin) ? `${origin}${path}` : undefined;
}

/**
 * The `next` query parameter carries the requested path through the OAuth round trip; route state
 * may also carry the language, an address, an open "Forgot password?" or `signUp` (the landing
 * page's free-trial button opens the sign-up form).
 */
export function returnStateFrom(
  routeState: unknown,
  search: string,
): { from?: string; lang?: string; email?: string; forgot?: boolean; signUp?: boolean } {
  const state =
    typeof routeState === 'object' && routeState !== null
      ? (routeState as { from?: unknown; lang?: unknown; email?: unknown; forgot?: unknown; signUp?: unknown })
      : {};
  const next = new URLSearchParams(search).get('next');
  const from = typeof state.from === 'string' ? state.from : (next ?? undefined);
  return {
    ...(from !== undefined ? { from } : {}),
    ...(typeof state.lang === 'string' ? { lang: state.lang } : {}),
    ...(typeof state.email === 'string' ? { email: state.email } : {}),
    ...(state.forgot === true ? { forgot: true } : {}),
    ...(state.signUp === true ? { signUp: true } : {}),
  };
}
