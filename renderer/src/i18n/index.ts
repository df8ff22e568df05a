import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { fallbackLanguage, namespaces, resources, type Language } from './resources.ts';

/** Creates the console's i18next instance, French until a profile says otherwise. */
export function createI18n(initial: Language = fallbackLanguage): i18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    resources,
    lng: initial,
    fallbackLng: fallbackLanguage,
    ns: namespaces,
    defaultNS: 'common',
    interpolation: { escapeValue: false }, // React escapes already
    returnNull: false,
    initAsync: false,
  });
  return instance;
}

export {
  fallbackLanguage,
  isLanguage,
  languages,
  rememberedVisitorLanguage,
  rememberVisitorLanguage,
  type Language,
} from './resources.ts';
