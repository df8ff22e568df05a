import { Icon } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

/** The landing's bottom bar under 768 px: features, pricing, demo and sign-in/dashboard. */
export function MobileBottomBar({
  signedIn,
  loginState,
}: {
  signedIn: boolean;
  loginState: { from?: string; lang: string };
}) {
  const { t } = useTranslation();
  return (
    <nav className="landing-bottom-bar" aria-label={t('landing:mobileBar.label')}>
      <a href="#features">
        <Icon icon="star" />
        <span>{t('landing:mobileBar.features')}</span>
      </a>
      <a href="#pricing">
        <Icon icon="dollar" />
        <span>{t('landing:mobileBar.pricing')}</span>
      </a>
      <a href="#enterprise">
        <Icon icon="calendar" />
        <span>{t('landing:mobileBar.demo')}</span>
      </a>
      {signedIn ? (
        <Link to="/dashboard">
          <Icon icon="dashboard" />
          <span>{t('landing:nav.accessDashboard')}</span>
        </Link>
      ) : (
        <Link to="/login" state={loginState}>
          <Icon icon="log-in" />
          <span>{t('landing:nav.signIn')}</span>
        </Link>
      )}
    </nav>
  );
}
