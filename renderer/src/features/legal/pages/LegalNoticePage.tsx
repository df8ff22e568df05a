import { noticeSections } from '../documents.ts';
import { LegalDocument } from './LegalDocument.tsx';

/** /legal: company, representatives and DPO, terms, compliance, hosting, copyright. */
export function LegalNoticePage() {
  return <LegalDocument doc="notice" sections={noticeSections} />;
}
