import { describe, expect, it } from 'vitest';
import { DEFAULT_EXTERNAL_HOSTS, isAllowedExternalUrl } from './externalLinks.ts';

const policy = { hosts: DEFAULT_EXTERNAL_HOSTS, allowLoopback: true };

describe('isAllowedExternalUrl', () => {
  it.each([
    'https://supabase.com/docs',
    'https://platform.openai.com/api-keys',
    'https://console.twilio.com/',
    'https://www.youtube.com/watch?v=abc',
    'http://demo.localhost:5181/',
    'http://127.0.0.1:54321/_local/inbox',
  ])('allows %s', (url) => {
    expect(isAllowedExternalUrl(url, policy)).toBe(true);
  });

  it.each([
    'http://supabase.com/docs',
    'https://supabase.com.evil.example/',
    'https://evilsupabase.com/',
    'https://user:pass@supabase.com/',
    'file:///etc/passwd',
    'javascript:alert(1)',
    'smb://host/share',
    'concierge://auth/callback',
    'not a url',
    '',
  ])('refuses %s', (url) => {
    expect(isAllowedExternalUrl(url, policy)).toBe(false);
  });

  it('refuses loopback when the policy does not allow it', () => {
    expect(
      isAllowedExternalUrl('http://localhost:5180/', { hosts: DEFAULT_EXTERNAL_HOSTS, allowLoopback: false }),
    ).toBe(false);
  });
});
