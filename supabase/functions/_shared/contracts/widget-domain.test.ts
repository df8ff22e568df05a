import { describe, expect, it } from 'vitest';
import { normaliseWidgetDomain, widgetHostAllowed, widgetSiteDomain } from './widget-domain.ts';

// The agreement with private.normalise_widget_domain is tests/integration/contracts/rules.test.ts.
describe('normaliseWidgetDomain', () => {
  it('accepts host names, dropping case, spaces, the scheme and a trailing slash', () => {
    expect(normaliseWidgetDomain('example.com')).toBe('example.com');
    expect(normaliseWidgetDomain('  Shop.Example.CO.uk ')).toBe('shop.example.co.uk');
    expect(normaliseWidgetDomain('https://www.example.org/')).toBe('www.example.org');
    expect(normaliseWidgetDomain('http://my-shop.fr')).toBe('my-shop.fr');
    expect(normaliseWidgetDomain('localhost')).toBe('localhost');
  });
  it('refuses anything that is not a plain host name', () => {
    for (const bad of [
      '',
      '   ',
      'example',
      'not a domain',
      'exa_mple.com',
      '-bad.com',
      'bad-.com',
      'example.com/path',
      'example.com:8080',
      'user@example.com',
      'a.b.c.1',
      '192.168.0.1',
      'ftp://example.com',
      `${'a'.repeat(64)}.com`,
      '.example.com',
      'example..com',
    ]) {
      expect(normaliseWidgetDomain(bad), bad).toBeNull();
    }
  });
});

describe('where the widget runs', () => {
  it('is the stored domain without www, and its subdomains', () => {
    expect(widgetSiteDomain('www.shop.example.co.uk')).toBe('shop.example.co.uk');
    expect(widgetSiteDomain('localhost')).toBe('localhost');
    expect(widgetSiteDomain(42)).toBeNull();
    expect(widgetSiteDomain('"><script>')).toBeNull();
  });

  it('a page on the site, www or a subdomain may show it; other sites may not', () => {
    // A domain stored with www once failed the embedded page's own check while the loader accepted it.
    for (const stored of ['shop.example', 'www.shop.example']) {
      expect(widgetHostAllowed('shop.example', stored), stored).toBe(true);
      expect(widgetHostAllowed('www.shop.example', stored), stored).toBe(true);
      expect(widgetHostAllowed('Blog.Shop.Example', stored), stored).toBe(true);
      expect(widgetHostAllowed('evilshop.example', stored), stored).toBe(false);
      expect(widgetHostAllowed('shop.example.evil.test', stored), stored).toBe(false);
    }
    expect(widgetHostAllowed('shop.example', null)).toBe(false);
  });
});
