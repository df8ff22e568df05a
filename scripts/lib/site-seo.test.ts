import { describe, expect, it, vi } from 'vitest';
import { createSiteSeoTransform, injectSiteSeo } from './site-seo.ts';

const seo = {
  meta_title: 'Acme',
  meta_description: 'Desc',
  og_title: null,
  og_description: null,
  og_image: null,
  favicon: 'https://cdn.example.com/f.png',
  twitter_card: 'summary_large_image' as const,
  twitter_title: null,
  twitter_description: null,
  twitter_image: null,
};
const page = '<html><head><title>Concierge</title><link rel="icon" href="/old.ico" /></head><body></body></html>';

describe('site SEO tags', () => {
  it('replace the template title and icon, Open Graph and Twitter falling back to the meta texts', () => {
    const html = injectSiteSeo(page, seo);
    expect(html).not.toContain('Concierge');
    expect(html).not.toContain('/old.ico');
    expect(html).toContain('<title>Acme</title>');
    expect(html).toContain('<meta property="og:title" content="Acme" />');
    expect(html).toContain('<meta name="twitter:description" content="Desc" />');
    expect(html).toContain('<link rel="icon" href="https://cdn.example.com/f.png" />');
  });

  it('reads the row once per cache period and keeps the last tags when the database fails', async () => {
    let now = 0;
    const fetchFn = vi.fn(async () => Response.json([seo]));
    const transform = createSiteSeoTransform({
      supabaseUrl: () => 'http://db',
      supabaseAnonKey: () => 'anon',
      fetchFn: fetchFn as unknown as typeof fetch,
      now: () => now,
      ttlMs: 1000,
    });
    expect(await transform(page)).toContain('<title>Acme</title>');
    await transform(page);
    expect(fetchFn).toHaveBeenCalledTimes(1);
    now = 2000;
    fetchFn.mockImplementationOnce(async () => new Response('down', { status: 503 }));
    expect(await transform(page)).toContain('<title>Acme</title>');
    expect(fetchFn).toHaveBeenCalledTimes(2);
  });
});
