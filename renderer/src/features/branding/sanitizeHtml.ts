import DOMPurify from 'dompurify';

/**
 * The About text is HTML typed by the owner: before it is stored and again where the public page
 * draws it (public-site/src/site/AboutTab.tsx), DOMPurify keeps text formatting only — no scripts,
 * styles, frames, forms or event handlers, and links only to http(s), mailto or tel addresses.
 */
export const ABOUT_ALLOWED_TAGS = [
  'p',
  'br',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'a',
  'ul',
  'ol',
  'li',
  'h2',
  'h3',
  'h4',
  'blockquote',
  'span',
  'hr',
  'div',
];

export function sanitizeAboutHtml(html: string): string {
  return DOMPurify.sanitize(html, {
    ALLOWED_TAGS: ABOUT_ALLOWED_TAGS,
    ALLOWED_ATTR: ['href', 'title'],
    ALLOWED_URI_REGEXP: /^(?:https?:|mailto:|tel:)/i,
  });
}

/** True when the HTML shows no text (an emptied editor leaves `<br>` or empty paragraphs). */
export function isBlankHtml(html: string): boolean {
  return DOMPurify.sanitize(html, { ALLOWED_TAGS: [] }).replace(/&nbsp;|\s/g, '') === '';
}
