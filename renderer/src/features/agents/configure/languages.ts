/**
 * Agent default languages: about 30 locales of the form xx_YY, shown sorted by their
 * label in the interface language; en_US is the default.
 */
export const DEFAULT_AGENT_LANGUAGE = 'en_US';

/**
 * The language a new agent starts with: French (fr_FR: replies, phone voice and speech recognition)
 * for an owner using the console in French, en_US otherwise. Configure changes it afterwards.
 */
export function newAgentLanguage(consoleLanguage: string): string {
  return consoleLanguage.toLowerCase().startsWith('fr') ? 'fr_FR' : DEFAULT_AGENT_LANGUAGE;
}

export const AGENT_LANGUAGES = [
  'ar_SA',
  'bn_IN',
  'cs_CZ',
  'da_DK',
  'de_DE',
  'el_GR',
  'en_AU',
  'en_GB',
  'en_IN',
  'en_US',
  'es_ES',
  'es_MX',
  'fi_FI',
  'fr_CA',
  'fr_FR',
  'he_IL',
  'hi_IN',
  'id_ID',
  'it_IT',
  'ja_JP',
  'ko_KR',
  'nl_NL',
  'no_NO',
  'pl_PL',
  'pt_BR',
  'pt_PT',
  'ro_RO',
  'ru_RU',
  'sv_SE',
  'ta_IN',
  'th_TH',
  'tr_TR',
  'uk_UA',
  'vi_VN',
  'zh_CN',
] as const;

/** "French (France)" / "français (France)" from the platform's own locale data. */
export function languageLabel(code: string, uiLanguage: string): string {
  const [lang, region] = code.split('_');
  try {
    const languages = new Intl.DisplayNames([uiLanguage], { type: 'language' });
    const regions = new Intl.DisplayNames([uiLanguage], { type: 'region' });
    const name = languages.of(lang ?? code) ?? code;
    return region ? `${name} (${regions.of(region) ?? region})` : name;
  } catch {
    return code;
  }
}

export function sortedLanguages(uiLanguage: string): { code: string; label: string }[] {
  return AGENT_LANGUAGES.map((code) => ({ code, label: languageLabel(code, uiLanguage) })).sort((a, b) =>
    a.label.localeCompare(b.label, uiLanguage),
  );
}

/** The picker is searchable by label, case- and accent-insensitively. */
export function matchesLanguage(label: string, query: string): boolean {
  const fold = (s: string) =>
    s
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase();
  return fold(label).includes(fold(query.trim()));
}
