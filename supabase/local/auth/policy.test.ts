import { describe, expect, it } from 'vitest';
import type { StackContext } from '../core/contracts.ts';
import { AuthError, errorResponse } from './errors.ts';
import { assertStrongPassword, passwordWeakness, verifyPassword, hashPassword } from './password.ts';
import { createRateLimiter } from './rate-limit.ts';
import { resolveRedirect } from './redirect.ts';
import { parseGoDuration, type AuthConfig, type AuthEnv } from './settings.ts';

function envWith(auth: Partial<AuthConfig>): AuthEnv {
  const config = {
    site_url: 'http://localhost:3000',
    additional_redirect_urls: [],
    minimum_password_length: 6,
    password_requirements: '',
    ...auth,
  } as unknown as AuthConfig;
  return {
    ctx: {} as StackContext,
    config,
    autoconfirm: true,
    maxFrequencyMs: 1000,
    externalUrl: () => 'http://127.0.0.1:54321/auth/v1',
    limiter: createRateLimiter({ sign_in_sign_ups: 30, token_refresh: 150, token_verifications: 30 }),
  };
}

describe('redirect allow list', () => {
  const env = envWith({
    additional_redirect_urls: ['https://*.example.com/**', 'concierge://auth/*', 'http://127.0.0.1:5173'],
  });

  it('accepts any path on the site_url host', () => {
    expect(resolveRedirect(env, 'http://localhost:3000/a/b?x=1')).toBe('http://localhost:3000/a/b?x=1');
  });
  it('matches globs where * stays within a label or segment and ** crosses them', () => {
    expect(resolveRedirect(env, 'https://app.example.com/deep/path')).toBe('https://app.example.com/deep/path');
    expect(resolveRedirect(env, 'https://a.b.example.com/x')).toBe('http://localhost:3000');
    expect(resolveRedirect(env, 'concierge://auth/callback')).toBe('concierge://auth/callback');
    expect(resolveRedirect(env, 'concierge://auth/callback/more')).toBe('http://localhost:3000');
    expect(resolveRedirect(env, 'http://127.0.0.1:5173')).toBe('http://127.0.0.1:5173');
  });
  it('falls back to site_url for anything else, including garbage', () => {
    expect(resolveRedirect(env, 'https://evil.example.org/')).toBe('http://localhost:3000');
    expect(resolveRedirect(env, 'not a url')).toBe('http://localhost:3000');
    expect(resolveRedirect(env, undefined)).toBe('http://localhost:3000');
  });
});

describe('password policy', () => {
  it('reports length and character reasons with GoTrue messages', () => {
    expect(passwordWeakness('abc', envWith({}).config)).toEqual({
      reasons: ['length'],
      message: 'Password should be at least 6 characters.',
    });
    expect(passwordWeakness('abcdef', envWith({}).config)).toBeNull();
    const strict = envWith({ password_requirements: 'lower_upper_letters_digits' }).config;
    expect(passwordWeakness('abcdefgh', strict)?.reasons).toEqual(['characters']);
    expect(passwordWeakness('abcDEF12', strict)).toBeNull();
  });

  it("refuses passwords bcrypt would truncate (over 72 bytes), as GoTrue's validation_failed", () => {
    const config = envWith({}).config;
    expect(() => assertStrongPassword('x'.repeat(72), config)).not.toThrow();
    expect(() => assertStrongPassword('é'.repeat(37), config)).toThrow(
      expect.objectContaining({ status: 400, code: 'validation_failed' }),
    );
  });

  it('hashes as $2a$10$ and verifies pgcrypto-style $2a$06$ hashes', async () => {
    const hash = await hashPassword('secret123');
    expect(hash).toMatch(/^\$2a\$10\$/);
    expect(await verifyPassword('secret123', hash)).toBe(true);
    expect(await verifyPassword('secret124', hash)).toBe(false);
    // extensions.crypt('pw', extensions.gen_salt('bf')) from PGlite
    expect(await verifyPassword('pw', '$2a$06$HJcN1GqV25qfms/hn7kbJO73oyAeczHYoaV.HBs1BT3RQ9WeqpMSC')).toBe(true);
    expect(await verifyPassword('pw', '')).toBe(false);
    expect(await verifyPassword('pw', 'plaintext')).toBe(false);
  });
});

describe('Go durations (max_frequency, ban_duration)', () => {
  it('parses the forms config.toml and admins use', () => {
    expect(parseGoDuration('1s')).toBe(1000);
    expect(parseGoDuration('1m0s')).toBe(60_000);
    expect(parseGoDuration('1h30m')).toBe(5_400_000);
    expect(parseGoDuration('500ms')).toBe(500);
    expect(() => parseGoDuration('soon')).toThrow();
  });
});

describe('error shapes', () => {
  const error = new AuthError(422, 'weak_password', 'Password should be at least 6 characters.', {
    weak_password: { reasons: ['length'] },
  });
  it('answers {code, message} and echoes the API version when the client sends it', async () => {
    const response = errorResponse(
      new Request('http://x/signup', { headers: { 'X-Supabase-Api-Version': '2024-01-01' } }),
      error,
    );
    expect(response.status).toBe(422);
    expect(response.headers.get('x-supabase-api-version')).toBe('2024-01-01');
    expect(await response.json()).toEqual({
      code: 'weak_password',
      message: 'Password should be at least 6 characters.',
      weak_password: { reasons: ['length'] },
    });
  });
  it('answers the legacy shape otherwise', async () => {
    const response = errorResponse(new Request('http://x/signup'), error);
    expect(response.headers.get('x-sb-error-code')).toBe('weak_password');
    expect(await response.json()).toEqual({
      code: 422,
      error_code: 'weak_password',
      msg: 'Password should be at least 6 characters.',
      weak_password: { reasons: ['length'] },
    });
  });
});
