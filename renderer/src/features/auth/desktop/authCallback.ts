import { z } from 'zod';
import { appUrl } from '../loginForm.ts';
import { readVerificationLink, type VerificationLink } from '../verification.ts';

/**
 * Auth in the desktop app. The console there runs on app://concierge, which no email
 * link or provider can redirect to; instead, auth emails name `concierge://auth/callback` (allowed
 * in supabase/config.toml additional_redirect_urls), the OS hands that link to the app, main
 * forwards it (IPC `onDeepLink`) and this module reads it. The link carries what a browser
 * redirect would: a session fragment, a PKCE code, a token hash, or an error.
 */
export const DESKTOP_AUTH_CALLBACK_URL = 'concierge://auth/callback';

/** Link types that confirm an address (the rest sign the user in: magic link, recovery, OAuth). */
const VERIFICATION_TYPES = ['signup', 'email', 'invite', 'email_change'];

const sessionFragmentSchema = z.object({
  access_token: z.string().min(1).max(8192),
  refresh_token: z.string().min(1).max(1024),
});

export type DesktopAuthLink =
  | { kind: 'verification'; link: VerificationLink; session: SessionTokens | null }
  | { kind: 'signIn'; link: VerificationLink; session: SessionTokens | null }
  | { kind: 'error'; code: string; description: string };

export interface SessionTokens {
  accessToken: string;
  refreshToken: string;
}

/** Reads a `concierge://auth/callback…` link; null for any other deep link (not ours to handle). */
export function readDesktopAuthLink(url: string): DesktopAuthLink | null {
  if (!url.startsWith(DESKTOP_AUTH_CALLBACK_URL)) return null;
  const rest = url.slice(DESKTOP_AUTH_CALLBACK_URL.length);
  if (rest !== '' && !/^[/?#]/.test(rest)) return null;
  const link = readVerificationLink(url);
  if (link.kind === 'error') return { kind: 'error', code: link.code, description: link.description };
  if (link.kind === 'missing') return { kind: 'error', code: 'missing_parameters', description: '' };
  let session: SessionTokens | null = null;
  if (link.kind === 'session') {
    const fragment = Object.fromEntries(new URLSearchParams(new URL(url).hash.replace(/^#/, '')));
    const parsed = sessionFragmentSchema.safeParse(fragment);
    if (!parsed.success) return { kind: 'error', code: 'missing_parameters', description: '' };
    session = { accessToken: parsed.data.access_token, refreshToken: parsed.data.refresh_token };
  }
  const type = link.kind === 'session' || link.kind === 'tokenHash' ? link.type : null;
  const verifies = type !== null && VERIFICATION_TYPES.includes(type);
  return { kind: verifies ? 'verification' : 'signIn', link, session };
}

/**
 * Where auth emails should send the user back to: the page in a browser, the app's deep link in the
 * desktop app (whose app:// origin no email can open).
 */
export function authRedirectUrl(origin: string, path: string, desktop: boolean): string | undefined {
  return appUrl(origin, path) ?? (desktop ? DESKTOP_AUTH_CALLBACK_URL : undefined);
}
