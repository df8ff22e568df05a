import { describe, expect, it } from 'vitest';
import { renderAgentIndex } from '../../public-site/server/meta.ts';
import { parsePublicAgent } from '../../public-site/src/api/publicAgent.ts';
import {
  ANY_SUPABASE_PROJECT,
  apiSources,
  consoleCsp,
  consolePageOf,
  siteCsp,
  staticHostHeadersFile,
  widgetFrameAncestors,
} from './security-headers.ts';
import { WAVESURFER_STYLE_HASH } from '../../supabase/functions/_shared/contracts/recording-player.ts';

function directives(csp: string): Map<string, string[]> {
  return new Map(
    csp.split('; ').map((d) => {
      const [name, ...sources] = d.split(' ');
      return [name ?? '', sources];
    }),
  );
}

describe('apiSources', () => {
  it('gives the API origin and its Realtime socket, http+ws locally, https+wss hosted', () => {
    expect(apiSources('http://127.0.0.1:54321/')).toEqual({
      http: ['http://127.0.0.1:54321'],
      realtime: ['ws://127.0.0.1:54321'],
    });
    expect(apiSources('https://abc.supabase.co/rest/v1')).toEqual({
      http: ['https://abc.supabase.co'],
      realtime: ['wss://abc.supabase.co'],
    });
    expect(apiSources(ANY_SUPABASE_PROJECT).realtime).toEqual(['wss://*.supabase.co']);
    expect(apiSources(null)).toEqual({ http: [], realtime: [] });
  });

  it('refuses anything that is not http(s) or could smuggle a directive', () => {
    expect(() => apiSources('javascript:alert(1)')).toThrow(/http/);
    expect(apiSources("https://x.example; script-src 'unsafe-inline'").http).toEqual(['https://x.example']);
  });
});

describe('consoleCsp: a phone relay on its own host', () => {
  it('lets the console connect to the relay origin only', () => {
    const d = directives(
      consoleCsp({ supabaseUrl: 'https://ref.supabase.co', phoneRelayUrl: 'wss://Relay.Example.com:8443/phone-relay' }),
    );
    expect(d.get('connect-src')).toContain('wss://relay.example.com:8443');
    expect(directives(consoleCsp({ supabaseUrl: 'https://ref.supabase.co' })).get('connect-src')).not.toContain(
      'wss://relay.example.com:8443',
    );
  });
  it('refuses anything but a ws(s) URL, so nothing can be injected into the header', () => {
    expect(() => consoleCsp({ supabaseUrl: null, phoneRelayUrl: 'https://relay.example.com' })).toThrow();
    expect(() =>
      consoleCsp({ supabaseUrl: null, phoneRelayUrl: "wss://x.example; script-src 'unsafe-inline'" }),
    ).toThrow();
  });
});

describe('consoleCsp', () => {
  const d = directives(consoleCsp({ supabaseUrl: 'http://127.0.0.1:54321' }));

  it('runs only our scripts and styles, cannot be framed, and frames only itself (the preview page)', () => {
    expect(d.get('script-src')).toEqual(["'self'"]);
    // plus exactly the recording player's wavesurfer <style>, by hash
    expect(d.get('style-src')).toEqual(["'self'", WAVESURFER_STYLE_HASH]);
    expect(d.get('frame-ancestors')).toEqual(["'none'"]);
    expect(d.get('frame-src')).toEqual(["'self'"]);
    expect(d.get('object-src')).toEqual(["'none'"]);
  });

  it('lets the console load map tiles from the configured tile origin only, and nothing else changes', () => {
    const local = directives(
      consoleCsp({ supabaseUrl: 'http://127.0.0.1:54321', mapTileUrl: 'http://127.0.0.1:4100/tiles/{z}/{x}/{y}.png' }),
    );
    expect(local.get('img-src')).toEqual([...d.get('img-src')!, 'http://127.0.0.1:4100']);
    expect(local.get('connect-src')).toEqual(d.get('connect-src'));
    const osm = directives(
      consoleCsp({ supabaseUrl: null, mapTileUrl: 'https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png' }),
    );
    expect(osm.get('img-src')).toContain('https://*.tile.openstreetmap.org');
    // A template that could smuggle a directive adds nothing.
    const smuggled = directives(
      consoleCsp({ supabaseUrl: null, mapTileUrl: "http://x.example; script-src 'unsafe-inline'/{z}/{x}/{y}" }),
    );
    expect(smuggled.get('script-src')).toEqual(["'self'"]);
    expect(smuggled.get('img-src')).not.toContain('http://x.example;');
    expect(staticHostHeadersFile('console', null, 'http://127.0.0.1:4100/{z}/{x}/{y}.png')).toContain(
      'http://127.0.0.1:4100',
    );
  });

  it("allows exactly the Facebook SDK's script origin and facebook.com frames and calls (WhatsApp sign-up)", () => {
    const withSdk = directives(
      consoleCsp({
        supabaseUrl: 'http://127.0.0.1:54321',
        facebookSdkUrl: 'https://connect.facebook.net/en_US/sdk.js',
      }),
    );
    expect(withSdk.get('script-src')).toEqual(["'self'", 'https://connect.facebook.net']);
    expect(withSdk.get('frame-src')).toEqual(["'self'", 'https://www.facebook.com', 'https://*.facebook.com']);
    expect(withSdk.get('connect-src')).toEqual([
      ...d.get('connect-src')!,
      'https://*.facebook.com',
      'https://graph.facebook.com',
    ]);
    const fake = directives(consoleCsp({ supabaseUrl: null, facebookSdkUrl: 'http://127.0.0.1:4300/sdk.js' }));
    expect(fake.get('script-src')).toEqual(["'self'", 'http://127.0.0.1:4300']);
    // Not configured: nothing of Facebook's; the preview page never gets it.
    expect(d.get('script-src')).toEqual(["'self'"]);
    const preview = directives(
      consoleCsp({ supabaseUrl: null, page: 'sitePreview', facebookSdkUrl: 'https://connect.facebook.net/sdk.js' }),
    );
    expect(preview.get('script-src')).toEqual(["'self'"]);
    expect(() =>
      consoleCsp({ supabaseUrl: null, facebookSdkUrl: "https://x.example; script-src 'unsafe-inline'" }),
    ).toThrow(/Facebook SDK URL/);
    expect(staticHostHeadersFile('console', null, null, null, 'https://connect.facebook.net/en_US/sdk.js')).toContain(
      "script-src 'self' https://connect.facebook.net",
    );
  });

  it('lets only the console frame its branding preview page, which draws the public page', () => {
    const preview = directives(consoleCsp({ supabaseUrl: 'http://127.0.0.1:54321', page: 'sitePreview' }));
    expect(preview.get('frame-ancestors')).toEqual(["'self'"]);
    expect(preview.get('script-src')).toEqual(["'self'"]);
    expect(preview.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
    expect(preview.get('frame-src')).toEqual(['https://www.youtube-nocookie.com']);
    expect(consolePageOf('/preview.html')).toBe('sitePreview');
    expect(consolePageOf('/preview.html?x=1')).toBe('sitePreview');
    for (const path of ['/', '/agents/1/branding', '/preview.htm', '/x/preview.html'])
      expect(consolePageOf(path)).toBe('app');
  });

  it('reaches the API over http and ws, and YouTube oEmbed', () => {
    expect(d.get('connect-src')).toEqual([
      "'self'",
      'http://127.0.0.1:54321',
      'ws://127.0.0.1:54321',
      'https://www.youtube.com',
    ]);
    expect(d.get('img-src')).toEqual(["'self'", 'data:', 'blob:', 'http://127.0.0.1:54321', 'https:']);
  });

  it('keeps <base href="/"> working (deep links load assets from the root)', () => {
    expect(d.get('base-uri')).toEqual(["'self'"]);
  });
});

describe('siteCsp', () => {
  it('by default frames nobody and embeds only privacy-enhanced YouTube', () => {
    const d = directives(siteCsp({ supabaseUrl: 'https://abc.supabase.co' }));
    expect(d.get('frame-ancestors')).toEqual(["'none'"]);
    expect(d.get('frame-src')).toEqual(['https://www.youtube-nocookie.com']);
    expect(d.get('script-src')).toEqual(["'self'"]);
    expect(d.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
    expect(d.get('connect-src')).toEqual(["'self'", 'https://abc.supabase.co', 'wss://abc.supabase.co']);
  });

  it('lets the widget view be framed by the widget domain and its subdomains only', () => {
    const d = directives(siteCsp({ supabaseUrl: null, frameAncestors: widgetFrameAncestors('shop.example.com') }));
    expect(d.get('frame-ancestors')).toEqual(['shop.example.com:*', '*.shop.example.com:*']);
    expect(widgetFrameAncestors(null)).toEqual([]);
    expect(widgetFrameAncestors("x.com 'unsafe-inline'")).toEqual([]);
  });

  it("allows the enabled trackers' hosts and never an inline script", () => {
    const agent = parsePublicAgent({
      id: 'a0000000-0000-4000-8000-000000000001',
      name: 'Clara',
      subdomain: 'demo',
      branding: {
        integrations: {
          google_analytics: { enabled: true, value: 'G-ABCDEF1234' },
          meta_pixel: { enabled: true, value: '1234567890' },
        },
      },
    });
    const page = renderAgentIndex('<html><head></head></html>', agent, 'http://demo.localhost:5181/');
    const d = directives(siteCsp({ supabaseUrl: null, trackers: page.trackers }));
    expect(d.get('script-src')).toEqual(["'self'", 'https://*.googletagmanager.com', 'https://connect.facebook.net']);
    expect(d.get('connect-src')).toContain('https://*.google-analytics.com');
  });

  it('allows no tracker host on a page without trackers', () => {
    expect(directives(siteCsp({ supabaseUrl: null })).get('script-src')).toEqual(["'self'"]);
  });
});

describe('staticHostHeadersFile', () => {
  it('writes every header for every path, with the API the build was given', () => {
    const file = staticHostHeadersFile('console', 'https://abc.supabase.co');
    expect(file).toMatch(/^\/\*$/m);
    expect(file).toContain('  X-Content-Type-Options: nosniff');
    expect(file).toContain('  Referrer-Policy: strict-origin-when-cross-origin');
    expect(file).toContain("frame-ancestors 'none'");
    expect(file).toContain('wss://abc.supabase.co');
    // The preview page's CSP replaces the app's there (a host would otherwise apply both).
    expect(file).toMatch(
      /^\/preview\.html\n {2}! Content-Security-Policy\n {2}Content-Security-Policy: .*frame-ancestors 'self'/m,
    );
    expect(staticHostHeadersFile('site', ANY_SUPABASE_PROJECT)).toContain('wss://*.supabase.co');
  });
});
