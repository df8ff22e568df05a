import { describe, expect, it } from 'vitest';
import { catalogues, flattenKeys, pickLocale, translate } from './translate.ts';

describe('visitor site locales', () => {
  it('have the same keys in en and fr', () => {
    expect(flattenKeys(catalogues.fr)).toEqual(flattenKeys(catalogues.en));
    expect(flattenKeys(catalogues.en).length).toBeGreaterThan(0);
  });

  it('have no empty text', () => {
    for (const locale of ['en', 'fr'] as const) {
      for (const key of flattenKeys(catalogues[locale])) {
        expect(translate(locale, key as never).trim(), `${locale}:${key}`).not.toBe('');
      }
    }
  });

  it('translate the not-found title and the avatar text in both languages', () => {
    expect(translate('en', 'notFound.title')).toBe('Agent Not Found');
    expect(translate('fr', 'notFound.title')).toBe('Agent introuvable');
    expect(translate('en', 'agent.avatarAlt', { name: 'Acme' })).toBe('Avatar of Acme');
  });
});

describe('pickLocale', () => {
  it.each([
    [['fr-FR', 'en'], 'fr'],
    [['FR'], 'fr'],
    [['en-GB', 'fr'], 'en'],
    [['de-DE', 'fr-CA'], 'fr'],
    [['de-DE'], 'en'],
    [[], 'en'],
  ] as const)('%j -> %s', (langs, locale) => {
    expect(pickLocale(langs)).toBe(locale);
  });
});
