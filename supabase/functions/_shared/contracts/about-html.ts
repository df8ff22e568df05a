/**
 * The one sanitiser configuration of the About text, HTML an owner types: DOMPurify keeps text
 * formatting only (no scripts, styles, images, frames, forms or event handlers) and links only to
 * http(s), mailto or tel addresses. The console cleans with it before storing; the public site
 * cleans again with it where it draws the text (a row may have been written by hand).
 * Kept free of DOMPurify itself so every runtime loads this file; pass it to `DOMPurify.sanitize`.
 */
export const ABOUT_HTML_ALLOWED_TAGS: readonly string[] = [
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

export const ABOUT_HTML_ALLOWED_ATTRIBUTES: readonly string[] = ['href', 'title'];

export const ABOUT_HTML_ALLOWED_URI = /^(?:https?:|mailto:|tel:)/i;

/** DOMPurify's options for the About text (a fresh object: DOMPurify may keep a reference). */
export function aboutHtmlSanitizeConfig(): {
  ALLOWED_TAGS: string[];
  ALLOWED_ATTR: string[];
  ALLOWED_URI_REGEXP: RegExp;
} {
  return {
    ALLOWED_TAGS: [...ABOUT_HTML_ALLOWED_TAGS],
    ALLOWED_ATTR: [...ABOUT_HTML_ALLOWED_ATTRIBUTES],
    ALLOWED_URI_REGEXP: ABOUT_HTML_ALLOWED_URI,
  };
}
