import { AnchorButton, Classes, Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { LanguageSwitch } from '../../../components/LanguageSwitch.tsx';
import { sectionAnchors } from '../sections.ts';

export interface LandingCtaProps {
  signedIn: boolean;
  /** Route state for /login: the guard's requested path and the chosen language. */
  loginState: { from?: string; lang: string };
}

/** Top navigation: section anchors, language switch, Sign In and the trial/dashboard button. */
export function LandingHeader({ signedIn, loginState }: LandingCtaProps) {
  const { t } = useTranslation();
  return (
    <header className="landing-header">
      <Link to="/" className="landing-brand">
        <span className="landing-logo" aria-hidden="true">
          C
        </span>
        Concierge
      </Link>
      <nav className="landing-anchors" aria-label={t('landing:nav.label')}>
        {sectionAnchors.map((id) => (
          <a key={id} href={`#${id}`} className={Classes.TEXT_MUTED}>
            {t(`landing:nav.${id}`)}
          </a>
        ))}
      </nav>
      <div className="landing-header-actions">
        <LanguageSwitch label={t('landing:nav.language')} />
        {!signedIn && (
          <Link to="/login" state={loginState} className="landing-signin">
            {t('landing:nav.signIn')}
          </Link>
        )}
        <PrimaryCta signedIn={signedIn} loginState={loginState} />
      </div>
    </header>
  );
}

/** Start Free Trial → /login, or Access Dashboard → /dashboard when signed in. */
export function PrimaryCta({ signedIn, loginState, large = false }: LandingCtaProps & { large?: boolean }) {
  const { t } = useTranslation();
  return signedIn ? (
    <Link
      to="/dashboard"
      className={`${Classes.BUTTON} ${Classes.INTENT_PRIMARY} ${large ? Classes.LARGE : ''}`}
      data-cta="dashboard"
    >
      {t('landing:nav.accessDashboard')}
    </Link>
  ) : (
    <Link
      to="/login"
      state={{ ...loginState, signUp: true }}
      className={`${Classes.BUTTON} ${Classes.INTENT_PRIMARY} ${large ? Classes.LARGE : ''}`}
      data-cta="trial"
    >
      {t('landing:nav.startTrial')}
    </Link>
  );
}

/** Book Demo leads to the enterprise section (no third-party booking tool is configured). */
export function BookDemoButton({ large = false }: { large?: boolean }) {
  const { t } = useTranslation();
  return (
    <AnchorButton
      href="#enterprise"
      intent={Intent.NONE}
      variant="outlined"
      size={large ? 'large' : 'medium'}
      icon="calendar"
      text={t('landing:nav.bookDemo')}
    />
  );
}
