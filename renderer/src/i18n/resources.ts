import { commonEn } from '../components/locales/en.ts';
import { commonFr } from '../components/locales/fr.ts';
import { shellEn } from '../app/locales/en.ts';
import { shellFr } from '../app/locales/fr.ts';
import { errorsEn } from '../errors/locales/en.ts';
import { errorsFr } from '../errors/locales/fr.ts';
import { adminEn } from '../features/admin/locales/en.ts';
import { adminFr } from '../features/admin/locales/fr.ts';
import { agentsEn } from '../features/agents/locales/en.ts';
import { agentsFr } from '../features/agents/locales/fr.ts';
import { agentToolsEn } from '../features/agents/locales/tools.en.ts';
import { agentToolsFr } from '../features/agents/locales/tools.fr.ts';
import { authEn } from '../features/auth/locales/en.ts';
import { authFr } from '../features/auth/locales/fr.ts';
import { brandingEn } from '../features/branding/locales/en.ts';
import { brandingFr } from '../features/branding/locales/fr.ts';
import { consentEn } from '../features/consent/locales/en.ts';
import { consentFr } from '../features/consent/locales/fr.ts';
import { calendarEn } from '../features/deploy/locales/calendar.en.ts';
import { calendarFr } from '../features/deploy/locales/calendar.fr.ts';
import { billingEn } from '../features/billing/locales/en.ts';
import { billingFr } from '../features/billing/locales/fr.ts';
import { creditsEn } from '../features/credits/locales/en.ts';
import { creditsFr } from '../features/credits/locales/fr.ts';
import { mapEn } from '../features/map/locales/en.ts';
import { mapFr } from '../features/map/locales/fr.ts';
import { marketplaceEn } from '../features/marketplace/locales/en.ts';
import { marketplaceFr } from '../features/marketplace/locales/fr.ts';
import { numbersEn } from '../features/phoneNumbers/locales/en.ts';
import { numbersFr } from '../features/phoneNumbers/locales/fr.ts';
import { packsEn } from '../features/packs/locales/en.ts';
import { packsFr } from '../features/packs/locales/fr.ts';
import { siteConfigEn } from '../features/siteConfig/locales/en.ts';
import { siteConfigFr } from '../features/siteConfig/locales/fr.ts';
import { deployEn } from '../features/deploy/locales/en.ts';
import { deployFr } from '../features/deploy/locales/fr.ts';
import { landingEn } from '../features/landing/locales/en.ts';
import { landingFr } from '../features/landing/locales/fr.ts';
import { legalEn } from '../features/legal/locales/en.ts';
import { legalFr } from '../features/legal/locales/fr.ts';
import { profileEn } from '../features/profile/locales/en.ts';
import { profileFr } from '../features/profile/locales/fr.ts';
import { knowledgeEn } from '../features/knowledge/locales/en.ts';
import { knowledgeFr } from '../features/knowledge/locales/fr.ts';
import { connectorsEn } from '../features/connectors/locales/en.ts';
import { connectorsFr } from '../features/connectors/locales/fr.ts';
import { interactionsEn } from '../features/interactions/locales/en.ts';
import { interactionsFr } from '../features/interactions/locales/fr.ts';
import { insightsEn } from '../features/insights/locales/en.ts';
import { insightsFr } from '../features/insights/locales/fr.ts';
import { sandboxEn } from '../features/sandbox/locales/en.ts';
import { sandboxFr } from '../features/sandbox/locales/fr.ts';
import { historyEn } from '../features/history/locales/en.ts';
import { historyFr } from '../features/history/locales/fr.ts';
import { messagesEn } from '../features/messages/locales/en.ts';
import { messagesFr } from '../features/messages/locales/fr.ts';
import { notificationsEn } from '../features/notifications/locales/en.ts';
import { notificationsFr } from '../features/notifications/locales/fr.ts';
import { libraryEn } from '../features/library/locales/en.ts';
import { libraryFr } from '../features/library/locales/fr.ts';

/**
 * Every namespace, per language. A feature adds its `locales/{en,fr}.ts` here; the parity test
 * checks both languages carry the same keys.
 */
export const resources = {
  en: {
    common: commonEn,
    shell: shellEn,
    errors: errorsEn,
    auth: authEn,
    landing: landingEn,
    consent: consentEn,
    legal: legalEn,
    credits: creditsEn,
    profile: profileEn,
    agents: agentsEn,
    agentTools: agentToolsEn,
    calendar: calendarEn,
    knowledge: knowledgeEn,
    connectors: connectorsEn,
    deploy: deployEn,
    interactions: interactionsEn,
    sandbox: sandboxEn,
    branding: brandingEn,
    admin: adminEn,
    packs: packsEn,
    billing: billingEn,
    siteConfig: siteConfigEn,
    marketplace: marketplaceEn,
    map: mapEn,
    history: historyEn,
    numbers: numbersEn,
    messages: messagesEn,
    insights: insightsEn,
    notifications: notificationsEn,
    library: libraryEn,
  },
  fr: {
    common: commonFr,
    shell: shellFr,
    errors: errorsFr,
    auth: authFr,
    landing: landingFr,
    consent: consentFr,
    legal: legalFr,
    credits: creditsFr,
    profile: profileFr,
    agents: agentsFr,
    agentTools: agentToolsFr,
    calendar: calendarFr,
    knowledge: knowledgeFr,
    connectors: connectorsFr,
    deploy: deployFr,
    interactions: interactionsFr,
    sandbox: sandboxFr,
    branding: brandingFr,
    admin: adminFr,
    packs: packsFr,
    billing: billingFr,
    siteConfig: siteConfigFr,
    marketplace: marketplaceFr,
    map: mapFr,
    history: historyFr,
    numbers: numbersFr,
    messages: messagesFr,
    insights: insightsFr,
    notifications: notificationsFr,
    library: libraryFr,
  },
} as const;

export type Language = keyof typeof resources;
export const languages = Object.keys(resources) as Language[];
export const namespaces = Object.keys(resources.en) as (keyof (typeof resources)['en'])[];

/** French is the interface fallback when no profile is loaded. */
export const fallbackLanguage: Language = 'fr';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (languages as string[]).includes(value);
}

const VISITOR_LANGUAGE_KEY = 'concierge.lang';

/**
 * A signed-out visitor's own choice (language switch on public pages), kept in localStorage so
 * it survives a reload and beats the French fallback; a loaded profile's language still wins.
 */
export function rememberVisitorLanguage(lang: Language): void {
  try {
    window.localStorage.setItem(VISITOR_LANGUAGE_KEY, lang);
  } catch {
    // storage unavailable: the choice lasts for this page only
  }
}

export function rememberedVisitorLanguage(): Language | undefined {
  try {
    const value = window.localStorage.getItem(VISITOR_LANGUAGE_KEY);
    return isLanguage(value) ? value : undefined;
  } catch {
    return undefined;
  }
}
