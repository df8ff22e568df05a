/**
 * Speech locales for Twilio's speech services (ConversationRelay `language`, TwiML `language`):
 * BCP-47 with a region. The agent's stored language (`fr_FR`, `en`) or a detected base code
 * (`fr`) becomes `fr-FR`; a detected language equal to the agent's keeps the agent's region.
 */
const DEFAULT_REGION: Record<string, string> = {
  ar: 'SA',
  da: 'DK',
  de: 'DE',
  en: 'US',
  es: 'ES',
  fi: 'FI',
  fr: 'FR',
  hi: 'IN',
  it: 'IT',
  ja: 'JP',
  ko: 'KR',
  nb: 'NO',
  nl: 'NL',
  pl: 'PL',
  pt: 'BR',
  ru: 'RU',
  sv: 'SE',
  tr: 'TR',
  uk: 'UA',
  zh: 'CN',
};

export function speechLocale(language: string, agentLanguage?: string | null): string {
  const [rawBase = 'en', rawRegion] = language.trim().split(/[-_]/);
  const base = /^[a-z]{2,3}$/i.test(rawBase) ? rawBase.toLowerCase() : 'en';
  if (rawRegion && /^[a-z]{2}$/i.test(rawRegion)) return `${base}-${rawRegion.toUpperCase()}`;
  const [agentBase, agentRegion] = (agentLanguage ?? '').trim().split(/[-_]/);
  if (agentBase?.toLowerCase() === base && agentRegion && /^[a-z]{2}$/i.test(agentRegion)) {
    return `${base}-${agentRegion.toUpperCase()}`;
  }
  return `${base}-${DEFAULT_REGION[base] ?? base.toUpperCase()}`;
}
