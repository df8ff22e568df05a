import DOMPurify from 'dompurify';
import { useMemo } from 'react';
import { useT } from '../i18n/I18n.tsx';

/**
 * The owner's HTML, cleaned by DOMPurify with a text-formatting allow-list: no scripts, styles,
 * forms, frames or event handlers; links open in a new tab without access to this page.
 */
export function sanitiseAbout(html: string): string {
  const clean = DOMPurify.sanitize(html, {
    ALLOWED_TAGS: [
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
      'img',
      'hr',
    ],
    ALLOWED_ATTR: ['href', 'src', 'alt', 'title'],
    ALLOWED_URI_REGEXP: /^(?:https?:|mailto:|tel:)/i,
    RETURN_DOM_FRAGMENT: true,
  });
  for (const a of Array.from(clean.querySelectorAll('a'))) {
    a.setAttribute('target', '_blank');
    a.setAttribute('rel', 'noopener noreferrer nofollow');
  }
  const box = document.createElement('div');
  box.append(clean);
  return box.innerHTML;
}

/** About (spec 002 §2.3): the sanitised rich text, or the default welcome sentence. Loaded on demand. */
export default function AboutTab({ html }: { html?: string | undefined }) {
  const t = useT();
  const clean = useMemo(() => (html ? sanitiseAbout(html) : ''), [html]);
  return (
    <section className="panel" data-testid="about-tab">
      <h1 className="panel__title">{t('about.title')}</h1>
      {clean.trim() !== '' ? (
        <div className="rich" dangerouslySetInnerHTML={{ __html: clean }} />
      ) : (
        <p className="rich">{t('about.default')}</p>
      )}
    </section>
  );
}
