import { describe, expect, it } from 'vitest';
import { findDeepLink, parseDeepLink } from './deepLink.ts';

describe('deep links', () => {
  it('finds the concierge:// argument among Chromium switches', () => {
    expect(
      findDeepLink(['/opt/Concierge/concierge', '--no-sandbox', 'concierge://auth/callback#access_token=abc']),
    ).toBe('concierge://auth/callback#access_token=abc');
  });

  it('returns null without one', () => {
    expect(findDeepLink(['/opt/Concierge/concierge', '--flag', 'https://example.com'])).toBeNull();
  });

  it('refuses other schemes and malformed links', () => {
    expect(parseDeepLink('https://evil.example/')).toBeNull();
    expect(parseDeepLink('concierge:/missing-slashes')).toBeNull();
    expect(parseDeepLink(`concierge://${'a'.repeat(5000)}`)).toBeNull();
  });
});
