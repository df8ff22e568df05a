import { Button, ButtonGroup } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { languages, rememberVisitorLanguage, type Language } from '../i18n/index.ts';

/** EN | FR buttons for public pages; switches the interface at once. */
export function LanguageSwitch({ label }: { label: string }) {
  const { i18n } = useTranslation();
  return (
    <ButtonGroup aria-label={label} className="language-switch">
      {languages.map((lang: Language) => (
        <Button
          key={lang}
          variant="minimal"
          size="small"
          active={i18n.language === lang}
          aria-pressed={i18n.language === lang}
          lang={lang}
          text={lang.toUpperCase()}
          onClick={() => {
            rememberVisitorLanguage(lang);
            void i18n.changeLanguage(lang);
          }}
        />
      ))}
    </ButtonGroup>
  );
}
