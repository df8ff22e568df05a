import DOMPurify from 'dompurify';
import { useMemo } from 'react';
import { aboutHtmlSanitizeConfig } from '@contracts/about-html.ts';
import { useT } from '../i18n/I18n.tsx';

/**
 * The owner's HTML, cleaned with the contract's allow-lists (the console cleans with the same before
 * storing; a row may have been written by hand); links open in a new tab without access to this page.
 */
export function sanitiseAbout(html: string): string {
  const clean = DOMPurify.sanitize(html, { ...aboutHtmlSanitizeConfig(), RETURN_DOM_FRAGMENT: true });
  for (const a of Array.from(clean.querySelectorAll('a'))) {
    a.setAttribute('target', '_blank');
    a.setAttribute('rel', 'noopener noreferrer nofollow');
  }
  const box = document.createElement('div');
  box.append(clean);
  return box.innerHTML;
}

/** About: the sanitised rich text, or the default welcome sentence. Loaded on demand. */
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
