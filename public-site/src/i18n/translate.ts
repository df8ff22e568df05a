import { en, type Messages } from './en.ts';
import { fr } from './fr.ts';

/**
 * The visitor site's own tiny i18n: two locales picked from the browser's languages, dotted keys
 * checked by the compiler, `{name}` interpolation. i18next would add ~15 KB gzip to a page whose
 * whole first-load budget is 80 KB, for features this site does not use.
 */
export type Locale = 'en' | 'fr';

export const catalogues: Record<Locale, Messages> = { en, fr };

type Leaves<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Leaves<T[K], `${P}${K}.`>;
}[keyof T & string];

export type MessageKey = Leaves<Messages>;

/** French when the visitor's preferred language is French, English otherwise: the site speaks
 * only these two. */
export function pickLocale(languages: readonly string[]): Locale {
  for (const lang of languages) {
    const base = lang.toLowerCase().split('-')[0];
    if (base === 'fr') return 'fr';
    if (base === 'en') return 'en';
  }
  return 'en';
}

/** Every dotted key of a catalogue, sorted; used by the parity test. */
export function flattenKeys(tree: object, prefix = ''): string[] {
  return Object.entries(tree)
    .flatMap(([k, v]) => (typeof v === 'string' ? [`${prefix}${k}`] : flattenKeys(v as object, `${prefix}${k}.`)))
    .sort();
}

export function translate(locale: Locale, key: MessageKey, params: Record<string, string> = {}): string {
  let node: unknown = catalogues[locale];
  for (const part of key.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  const text = typeof node === 'string' ? node : key;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => params[name] ?? whole);
}
