import { describe, expect, it } from 'vitest';
// Vite's raw import: the file's text, without Node's fs in browser-zone code.
import configToml from '../../../../../supabase/config.toml?raw';
import { authRedirectUrl, DESKTOP_AUTH_CALLBACK_URL, readDesktopAuthLink } from './authCallback.ts';

describe('desktop auth links', () => {
  it('reads a sign-up confirmation that brings a session as a verification with its tokens', () => {
    expect(readDesktopAuthLink('concierge://auth/callback#access_token=at&refresh_token=rt&type=signup')).toEqual({
      kind: 'verification',
      link: { kind: 'session', type: 'signup' },
      session: { accessToken: 'at', refreshToken: 'rt' },
    });
  });

  it('reads a magic link or recovery session, a PKCE code and a token hash', () => {
    expect(
      readDesktopAuthLink('concierge://auth/callback#access_token=at&refresh_token=rt&type=magiclink'),
    ).toMatchObject({ kind: 'signIn', session: { accessToken: 'at' } });
    expect(readDesktopAuthLink('concierge://auth/callback?code=c0de')).toEqual({
      kind: 'signIn',
      link: { kind: 'code', code: 'c0de' },
      session: null,
    });
    expect(readDesktopAuthLink('concierge://auth/callback?token_hash=h&type=email')).toEqual({
      kind: 'verification',
      link: { kind: 'tokenHash', tokenHash: 'h', type: 'email' },
      session: null,
    });
  });

  it('reports errors and links without what they need', () => {
    expect(
      readDesktopAuthLink(
        'concierge://auth/callback#error=access_denied&error_code=otp_expired&error_description=gone',
      ),
    ).toEqual({ kind: 'error', code: 'otp_expired', description: 'gone' });
    expect(readDesktopAuthLink('concierge://auth/callback')).toMatchObject({
      kind: 'error',
      code: 'missing_parameters',
    });
    expect(readDesktopAuthLink('concierge://auth/callback#access_token=at&type=signup')).toMatchObject({
      kind: 'error',
      code: 'missing_parameters',
    });
  });

  it('leaves other deep links alone', () => {
    expect(readDesktopAuthLink('concierge://library/open?id=1')).toBeNull();
    expect(readDesktopAuthLink('concierge://auth/callbackevil?code=x')).toBeNull();
    expect(readDesktopAuthLink('https://evil.example/auth/callback?code=x')).toBeNull();
  });

  it('sends auth emails back to the page in a browser and to the deep link in the desktop app', () => {
    expect(authRedirectUrl('http://localhost:5180', '/email-verification', false)).toBe(
      'http://localhost:5180/email-verification',
    );
    expect(authRedirectUrl('app://concierge', '/email-verification', true)).toBe(DESKTOP_AUTH_CALLBACK_URL);
    expect(authRedirectUrl('app://concierge', '/email-verification', false)).toBeUndefined();
  });

  it('is a redirect the auth server allows (supabase/config.toml)', () => {
    expect(configToml).toContain(`"${DESKTOP_AUTH_CALLBACK_URL}"`);
  });
});
