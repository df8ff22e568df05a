import { Card, Classes, H1, H2, Icon } from '@blueprintjs/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { LanguageSwitch } from '../../../components/LanguageSwitch.tsx';
import { formatDate } from '../../../lib/dates.ts';
import { LEGAL_LAST_UPDATED, paragraphKeys } from '../documents.ts';
import './legal.css';

/** A public policy page: back-to-home link, contents with anchors, then each section. */
export function LegalDocument({
  doc,
  sections,
}: {
  doc: 'privacy' | 'notice';
  sections: { id: string; anchor: string }[];
}) {
  const { t, i18n } = useTranslation();
  const { hash } = useLocation();
  // Every section of the document, in the reader's language: a title and numbered paragraphs.
  const texts: Record<string, Record<string, string> | undefined> = t(`legal:${doc}.sections`, {
    returnObjects: true,
  });
  // The router does not scroll to fragments itself; /terms → /legal#terms relies on this.
  useEffect(() => {
    if (hash) document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
  }, [hash]);
  return (
    <div className="legal-page">
      <header className="legal-header">
        <Link to="/" className="legal-back">
          <Icon icon="arrow-left" /> {t('legal:backHome')}
        </Link>
        <LanguageSwitch label={t('landing:nav.language')} />
      </header>
      <Card className="legal-card">
        <H1>{t(`legal:${doc}.title`)}</H1>
        <p className={Classes.TEXT_MUTED}>{t(`legal:${doc}.intro`)}</p>
        <p className={`${Classes.TEXT_MUTED} ${Classes.TEXT_SMALL}`}>
          {t('legal:lastUpdated', { date: formatDate(LEGAL_LAST_UPDATED, i18n.language, 'date', 'UTC') })}
        </p>
        <nav aria-label={t('legal:contents')} className="legal-toc">
          <strong>{t('legal:contents')}</strong>
          <ol>
            {sections.map((s) => (
              <li key={s.id}>
                <a href={`#${s.anchor}`}>{texts[s.id]?.title}</a>
              </li>
            ))}
          </ol>
        </nav>
        {sections.map((s) => {
          const section = texts[s.id] ?? {};
          return (
            <section key={s.id} id={s.anchor} className="legal-section">
              <H2>{section.title}</H2>
              {paragraphKeys(section).map((p) => (
                <p key={p} className={Classes.RUNNING_TEXT}>
                  {section[p]}
                </p>
              ))}
            </section>
          );
        })}
        <p className="legal-footer-link">
          <Link to="/">{t('legal:backHome')}</Link>
        </p>
      </Card>
    </div>
  );
}
