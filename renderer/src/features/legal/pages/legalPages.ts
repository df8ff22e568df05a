/** The legal notice and the privacy policy, loaded together on demand (see app/routes.tsx). */
export { LegalNoticePage } from './LegalNoticePage.tsx';
export { PrivacyPage } from './PrivacyPage.tsx';
