import { describe, expect, it } from 'vitest';
import { normaliseWidgetDomain, widgetDialogState, widgetSnippet } from './widgetDomain.ts';

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

describe('widgetDialogState', () => {
  it('flags an invalid domain only once something is typed', () => {
    expect(widgetDialogState('', null)).toEqual({ domain: null, invalid: false, unchanged: false });
    expect(widgetDialogState('nope', null).invalid).toBe(true);
  });
  it('treats the saved domain of an enabled widget as unchanged, whatever its spelling', () => {
    const saved = { domain: 'shop.example.com', enabled: true };
    expect(widgetDialogState('https://SHOP.example.com/', saved).unchanged).toBe(true);
    expect(widgetDialogState('other.example.com', saved).unchanged).toBe(false);
    // A disabled widget can be enabled again with the same domain.
    expect(widgetDialogState('shop.example.com', { ...saved, enabled: false }).unchanged).toBe(false);
  });
});

it('widgetSnippet builds the script tag', () => {
  expect(widgetSnippet('https://a.example.com/api/live-audio-widget')).toBe(
    '<script src="https://a.example.com/api/live-audio-widget" async></script>',
  );
});
