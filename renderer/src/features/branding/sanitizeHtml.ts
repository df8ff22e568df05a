import DOMPurify from 'dompurify';
import { aboutHtmlSanitizeConfig } from '@contracts/about-html.ts';

/**
 * The About text is HTML typed by the owner: it is cleaned with the contract's allow-lists before
 * it is stored, and again where the public page draws it (public-site/src/site/AboutTab.tsx).
 */
export function sanitizeAboutHtml(html: string): string {
  return DOMPurify.sanitize(html, aboutHtmlSanitizeConfig());
}

/** True when the HTML shows no text (an emptied editor leaves `<br>` or empty paragraphs). */
export function isBlankHtml(html: string): boolean {
  return DOMPurify.sanitize(html, { ALLOWED_TAGS: [] }).replace(/&nbsp;|\s/g, '') === '';
}
