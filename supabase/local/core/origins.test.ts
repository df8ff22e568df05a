import { describe, expect, it } from 'vitest';
import { configuredOrigins, originMatcher, originOf } from './origins.ts';

describe('originOf', () => {
  it('keeps scheme, host and port of URLs and URL patterns', () => {
    expect(originOf('http://localhost:5180/**')).toBe('http://localhost:5180');
    expect(originOf('HTTP://*.LocalHost:5181')).toBe('http://*.localhost:5181');
    expect(originOf('concierge://auth/callback')).toBeNull();
  });
});

describe('configuredOrigins', () => {
  it('collects site_url, redirect URLs and the extra list, without duplicates or deep links', () => {
    expect(
      configuredOrigins(
        {
          site_url: 'http://localhost:5180',
          additional_redirect_urls: [
            'http://localhost:5180/**',
            'http://*.localhost:5181/**',
            'concierge://auth/callback',
          ],
        },
        ' https://console.example.com , ',
      ),
    ).toEqual(['http://localhost:5180', 'http://*.localhost:5181', 'https://console.example.com']);
  });
});

describe('originMatcher', () => {
  const allowed = originMatcher(['http://localhost:5180', 'http://*.localhost:5181', 'app://concierge']);

  it('admits the listed origins and one subdomain label for a wildcard', () => {
    expect(allowed('http://localhost:5180')).toBe(true);
    expect(allowed('http://demo.localhost:5181')).toBe(true);
    expect(allowed('HTTP://Demo.LOCALHOST:5181')).toBe(true);
    expect(allowed('app://concierge')).toBe(true);
  });

  it('refuses other origins, ports, nested subdomains and look-alikes', () => {
    expect(allowed('http://evil.example')).toBe(false);
    expect(allowed('null')).toBe(false);
    expect(allowed('http://localhost:5182')).toBe(false);
    expect(allowed('http://a.b.localhost:5181')).toBe(false);
    expect(allowed('http://demo.localhost:5181.evil.example')).toBe(false);
    expect(allowed('http://evil.localhost:51811')).toBe(false);
    expect(allowed('http://localhost:5181')).toBe(false);
  });
});
