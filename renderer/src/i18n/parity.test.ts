import { describe, expect, it } from 'vitest';
import { createI18n } from './index.ts';
import { languages, namespaces, resources } from './resources.ts';

const pluralSuffix = /_(zero|one|two|few|many|other)$/;

function keysOf(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([k, v]) => keysOf(v, prefix ? `${prefix}.${k}` : k));
}

function leaves(value: unknown): unknown[] {
  if (typeof value !== 'object' || value === null) return [value];
  return Object.values(value).flatMap(leaves);
}

describe('locales', () => {
  it('offers en and fr with the same namespaces', () => {
    expect(languages.sort()).toEqual(['en', 'fr']);
    expect(Object.keys(resources.fr).sort()).toEqual(Object.keys(resources.en).sort());
  });

  it.each(namespaces)('namespace %s has identical key sets in en and fr', (ns) => {
    // Plural forms differ by language (fr has _many); compare their base keys.
    const normalise = (keys: string[]) => [...new Set(keys.map((k) => k.replace(pluralSuffix, '')))].sort();
    expect(normalise(keysOf(resources.fr[ns]))).toEqual(normalise(keysOf(resources.en[ns])));
  });

  it.each(languages)('%s has no empty or non-string message', (lang) => {
    for (const value of leaves(resources[lang])) {
      expect(typeof value).toBe('string');
      expect((value as string).trim()).not.toBe('');
    }
  });

  it('uses the same interpolation variables in both languages', () => {
    const vars = (s: string) => [...s.matchAll(/{{(\w+)}}/g)].map((m) => m[1]).sort();
    for (const ns of namespaces) {
      const en = keysOf(resources.en[ns]);
      for (const key of en) {
        const get = (lang: 'en' | 'fr') =>
          key.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], resources[lang][ns]) as string;
        expect(vars(get('fr')), `${ns}:${key}`).toEqual(vars(get('en')));
      }
    }
  });

  it('starts in French and switches to the profile language', async () => {
    const i18n = createI18n();
    expect(i18n.t('shell:notFound.title')).toBe('Page introuvable');
    await i18n.changeLanguage('en');
    expect(i18n.t('shell:notFound.title')).toBe('Page Not Found');
    expect(i18n.t('errors:auth.signUpFailed', { message: 'x' })).toBe('Failed to create account: x');
  });
});
