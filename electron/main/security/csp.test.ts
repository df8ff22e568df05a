import { describe, expect, it } from 'vitest';
import { WAVESURFER_STYLE_HASH } from '../../../supabase/functions/_shared/contracts/recording-player.ts';
import { buildContentSecurityPolicy } from './csp.ts';

function directives(csp: string): Map<string, string[]> {
  return new Map(
    csp.split('; ').map((d) => {
      const [name, ...sources] = d.split(' ');
      return [name ?? '', sources];
    }),
  );
}

describe('buildContentSecurityPolicy', () => {
  it('allows the API over http and ws for a local stack', () => {
    const d = directives(buildContentSecurityPolicy({ supabaseUrl: 'http://127.0.0.1:54321' }));
    expect(d.get('connect-src')).toEqual(["'self'", 'http://127.0.0.1:54321', 'ws://127.0.0.1:54321']);
    expect(d.get('media-src')).toContain('blob:');
  });

  it('uses wss for a hosted project', () => {
    const d = directives(buildContentSecurityPolicy({ supabaseUrl: 'https://abc.supabase.co/' }));
    expect(d.get('connect-src')).toEqual(["'self'", 'https://abc.supabase.co', 'wss://abc.supabase.co']);
  });

  it('is strict in production', () => {
    const csp = buildContentSecurityPolicy({ supabaseUrl: 'https://abc.supabase.co' });
    const d = directives(csp);
    expect(d.get('script-src')).toEqual(["'self'"]);
    expect(d.get('style-src')).toEqual(["'self'", WAVESURFER_STYLE_HASH]);
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).not.toContain('unsafe-eval');
    expect(d.get('object-src')).toEqual(["'none'"]);
    expect(d.get('frame-ancestors')).toEqual(["'none'"]);
    expect(d.get('base-uri')).toEqual(["'none'"]);
  });

  it("allows exactly the Facebook SDK's script origin, facebook.com frames and calls when configured", () => {
    const d = directives(
      buildContentSecurityPolicy({
        supabaseUrl: 'https://abc.supabase.co',
        facebookSdkUrl: 'https://connect.facebook.net/en_US/sdk.js',
      }),
    );
    expect(d.get('script-src')).toEqual(["'self'", 'https://connect.facebook.net']);
    expect(d.get('frame-src')).toEqual(["'self'", 'https://www.facebook.com', 'https://*.facebook.com']);
    expect(d.get('connect-src')).toContain('https://*.facebook.com');
    const preview = directives(
      buildContentSecurityPolicy({
        supabaseUrl: 'https://abc.supabase.co',
        page: 'sitePreview',
        facebookSdkUrl: 'https://connect.facebook.net/en_US/sdk.js',
      }),
    );
    expect(preview.get('script-src')).toEqual(["'self'"]);
    expect(() => buildContentSecurityPolicy({ supabaseUrl: null, facebookSdkUrl: 'javascript:alert(1)' })).toThrow();
  });

  it('frames only its own branding preview page, which only the console may frame', () => {
    const app = directives(buildContentSecurityPolicy({ supabaseUrl: 'https://abc.supabase.co' }));
    expect(app.get('frame-src')).toEqual(["'self'"]);
    const preview = buildContentSecurityPolicy({ supabaseUrl: 'https://abc.supabase.co', page: 'sitePreview' });
    const d = directives(preview);
    expect(d.get('frame-ancestors')).toEqual(["'self'"]);
    expect(d.get('script-src')).toEqual(["'self'"]);
    // The owner's custom CSS is a <style> element on the public page.
    expect(d.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
    expect(d.get('frame-src')).toEqual(['https://www.youtube-nocookie.com']);
  });

  it('opens only what the Vite dev server needs in development', () => {
    const d = directives(
      buildContentSecurityPolicy({ supabaseUrl: 'http://127.0.0.1:54321', devServerUrl: 'http://localhost:5180' }),
    );
    expect(d.get('script-src')).toEqual(["'self'", 'http://localhost:5180', "'unsafe-inline'"]);
    expect(d.get('connect-src')).toContain('ws://localhost:5180');
  });

  it('allows no API at all when the backend could not start', () => {
    const d = directives(buildContentSecurityPolicy({ supabaseUrl: null }));
    expect(d.get('connect-src')).toEqual(["'self'"]);
    expect(d.get('media-src')).toEqual(["'self'", 'blob:']);
  });

  it('refuses a non-http API URL', () => {
    expect(() => buildContentSecurityPolicy({ supabaseUrl: 'javascript:alert(1)' })).toThrow(/http/);
  });
});

describe('a phone relay on its own host', () => {
  it('is added to connect-src, and only a ws(s) URL is accepted', () => {
    const csp = buildContentSecurityPolicy({
      supabaseUrl: 'https://ref.supabase.co',
      phoneRelayUrl: 'wss://relay.example.com/phone-relay',
    });
    expect(csp).toMatch(/connect-src [^;]*wss:\/\/relay\.example\.com(;|\s|$)/);
    expect(() =>
      buildContentSecurityPolicy({ supabaseUrl: null, phoneRelayUrl: 'https://relay.example.com' }),
    ).toThrow();
  });
});
