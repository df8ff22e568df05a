import type { legalEn } from './locales/en.ts';

/** When the policy texts last changed (shown through the one date formatter). */
export const LEGAL_LAST_UPDATED = '2025-01-01T00:00:00Z';

type Sections<D extends 'privacy' | 'notice'> = (typeof legalEn)[D]['sections'];

/** The privacy policy's 11 sections, with their URL anchors, in order. */
export const privacySections: { id: keyof Sections<'privacy'>; anchor: string }[] = [
  { id: 'introduction', anchor: 'introduction' },
  { id: 'informationCollected', anchor: 'information-collected' },
  { id: 'useOfInformation', anchor: 'use-of-information' },
  { id: 'aiVoiceProcessing', anchor: 'ai-voice-processing' },
  { id: 'informationSharing', anchor: 'information-sharing' },
  { id: 'internationalTransfers', anchor: 'international-transfers' },
  { id: 'privacyRights', anchor: 'privacy-rights' },
  { id: 'tcpaCompliance', anchor: 'tcpa-compliance' },
  { id: 'dataSecurityRetention', anchor: 'data-security-retention' },
  { id: 'regionalCompliance', anchor: 'regional-compliance' },
  { id: 'updatesContact', anchor: 'updates-contact' },
];

/** The legal notice's sections; /terms lands on #terms. */
export const noticeSections: { id: keyof Sections<'notice'>; anchor: string }[] = [
  { id: 'company', anchor: 'company' },
  { id: 'representatives', anchor: 'representatives' },
  { id: 'terms', anchor: 'terms' },
  { id: 'compliance', anchor: 'compliance' },
  { id: 'hosting', anchor: 'hosting' },
  { id: 'copyright', anchor: 'copyright' },
];

/** Paragraph keys of a section in order (p1, p2, …). */
export function paragraphKeys(section: Record<string, string>): string[] {
  return Object.keys(section)
    .filter((k) => /^p\d+$/.test(k))
    .sort((a, b) => Number(a.slice(1)) - Number(b.slice(1)));
}
