import { createContext, useContext, type ReactNode } from 'react';
import { translate, type Locale, type MessageKey } from './translate.ts';

const LocaleContext = createContext<Locale>('en');

export function I18nProvider({ locale, children }: { locale: Locale; children: ReactNode }) {
  return <LocaleContext.Provider value={locale}>{children}</LocaleContext.Provider>;
}

/** `t('notFound.title')` in the visitor's locale. */
export function useT(): (key: MessageKey, params?: Record<string, string>) => string {
  const locale = useContext(LocaleContext);
  return (key, params) => translate(locale, key, params);
}

/** The visitor's locale, for components with their own catalogues (the conversation UI). */
export function useLocale(): Locale {
  return useContext(LocaleContext);
}
