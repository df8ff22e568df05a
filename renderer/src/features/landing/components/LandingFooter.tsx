import { Button, Classes } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

/** Footer: /privacy, /legal, /terms and the consent tool opener. */
export function LandingFooter({ onPrivacySettings }: { onPrivacySettings: () => void }) {
  const { t } = useTranslation();
  return (
    <footer className="landing-footer">
      <div>
        <strong>Concierge</strong>
        <p className={Classes.TEXT_MUTED}>{t('landing:footer.tagline')}</p>
      </div>
      <nav className="landing-footer-links">
        <Link to="/privacy">{t('landing:footer.privacy')}</Link>
        <Link to="/legal">{t('landing:footer.legal')}</Link>
        <Link to="/terms">{t('landing:footer.terms')}</Link>
        <Button
          variant="minimal"
          size="small"
          icon="shield"
          text={t('landing:footer.privacySettings')}
          onClick={onPrivacySettings}
        />
      </nav>
      <p className={`${Classes.TEXT_MUTED} ${Classes.TEXT_SMALL}`}>
        {t('landing:footer.copyright')} {t('landing:footer.seat')}
      </p>
    </footer>
  );
}
