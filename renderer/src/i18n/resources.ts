import { commonEn } from '../components/locales/en.ts';
import { commonFr } from '../components/locales/fr.ts';
import { shellEn } from '../app/locales/en.ts';
import { shellFr } from '../app/locales/fr.ts';
import { errorsEn } from '../errors/locales/en.ts';
import { errorsFr } from '../errors/locales/fr.ts';
import { authEn } from '../features/auth/locales/en.ts';
import { authFr } from '../features/auth/locales/fr.ts';

/**
 * Every namespace, per language. A feature adds its `locales/{en,fr}.ts` here; the parity test
 * checks both languages carry the same keys.
 */
export const resources = {
  en: { common: commonEn, shell: shellEn, errors: errorsEn, auth: authEn },
  fr: { common: commonFr, shell: shellFr, errors: errorsFr, auth: authFr },
} as const;

export type Language = keyof typeof resources;
export const languages = Object.keys(resources) as Language[];
export const namespaces = Object.keys(resources.en) as (keyof (typeof resources)['en'])[];

/** Spec 000 §9: French is the interface fallback when no profile is loaded. */
export const fallbackLanguage: Language = 'fr';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (languages as string[]).includes(value);
}
