import { privacySections } from '../documents.ts';
import { LegalDocument } from './LegalDocument.tsx';

/** /privacy: 11 anchored sections. */
export function PrivacyPage() {
  return <LegalDocument doc="privacy" sections={privacySections} />;
}
