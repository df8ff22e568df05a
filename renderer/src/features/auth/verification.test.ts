import { describe, expect, it } from 'vitest';
import {
  failedView,
  MAX_VERIFICATION_ATTEMPTS,
  readVerificationLink,
  verificationLinkLanguage,
} from './verification.ts';

const page = 'http://localhost:5180/email-verification';

describe('reading the confirmation redirect', () => {
  it('sees a session in the fragment (implicit flow)', () => {
    expect(readVerificationLink(`${page}#access_token=abc&refresh_token=r&type=signup&expires_in=3600`)).toEqual({
      kind: 'session',
      type: 'signup',
    });
  });

  it('sees a PKCE code in the query', () => {
    expect(readVerificationLink(`${page}?code=5f1c`)).toEqual({ kind: 'code', code: '5f1c' });
  });

  it('sees a token hash from a custom email template', () => {
    expect(readVerificationLink(`${page}?token_hash=pkce_1&type=email`)).toEqual({
      kind: 'tokenHash',
      tokenHash: 'pkce_1',
      type: 'email',
    });
    expect(readVerificationLink(`${page}?token_hash=x&type=nonsense`)).toEqual({ kind: 'missing' });
  });

  it('reports the error Supabase sent back', () => {
    expect(
      readVerificationLink(
        `${page}#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired`,
      ),
    ).toEqual({
      kind: 'error',
      code: 'otp_expired',
      description: 'Email link is invalid or has expired',
    });
  });

  it('accepts a mode=verifyEmail&oobCode= link as a sign-up token hash', () => {
    expect(readVerificationLink(`${page}?mode=verifyEmail&oobCode=ab12&lang=fr`)).toEqual({
      kind: 'tokenHash',
      tokenHash: 'ab12',
      type: 'signup',
    });
  });

  it('needs both oobCode and mode=verifyEmail', () => {
    expect(readVerificationLink(`${page}?mode=resetPassword&oobCode=ab12`)).toEqual({ kind: 'missing' });
    expect(readVerificationLink(`${page}?mode=verifyEmail`)).toEqual({ kind: 'missing' });
    expect(readVerificationLink(`${page}?oobCode=ab12`)).toEqual({ kind: 'missing' });
  });

  it('reads the language a link asks for', () => {
    expect(verificationLinkLanguage(`${page}?mode=verifyEmail&oobCode=x&lang=fr`)).toBe('fr');
    expect(verificationLinkLanguage(`${page}?lang=en-US`)).toBe('en');
    expect(verificationLinkLanguage(`${page}?lang=de`)).toBeNull();
    expect(verificationLinkLanguage(page)).toBeNull();
  });

  it('has nothing to verify on a bare visit', () => {
    expect(readVerificationLink(page)).toEqual({ kind: 'missing' });
    expect(readVerificationLink('not a url')).toEqual({ kind: 'missing' });
  });
});

describe('attempts', () => {
  it('offers a retry until three attempts have failed', () => {
    expect(MAX_VERIFICATION_ATTEMPTS).toBe(3);
    expect(failedView(1, '')).toMatchObject({ canRetry: true });
    expect(failedView(2, '')).toMatchObject({ canRetry: true });
    expect(failedView(3, '')).toMatchObject({ canRetry: false });
  });
  it('names an expired or used link in the interface language, nothing else from the provider', () => {
    expect(failedView(1, 'otp_expired')).toMatchObject({ reasonKey: 'auth:verification.linkExpired' });
    expect(failedView(1, 'verification_failed')).toMatchObject({ reasonKey: null });
  });
});
