import { Classes, H1, H2, Icon } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { useAuth } from '../../auth/session/AuthProvider.tsx';
import { recordEvent } from '../../consent/api/recordEvent.ts';
import { ConsentDialog } from '../../consent/components/ConsentDialog.tsx';
import { consentStore } from '../../consent/consentStore.ts';
import { useConsent } from '../../consent/useConsent.ts';
import { usePacksQuery } from '../../credits/api/getPacks.ts';
import { InfoSection } from '../components/InfoSection.tsx';
import { LandingFooter } from '../components/LandingFooter.tsx';
import { BookDemoButton, LandingHeader, PrimaryCta } from '../components/LandingHeader.tsx';
import { MobileBottomBar } from '../components/MobileBottomBar.tsx';
import { PricingSection } from '../components/PricingSection.tsx';
import { requestedPath } from '../sections.ts';
import './landing.css';

const claims = [
  ['setup', 'time'],
  ['languages', 'translate'],
  ['uptime', 'pulse'],
  ['always', 'moon'],
] as const;

/** /: hero, features, industries, integrations, pricing, enterprise, footer. */
export function LandingPage() {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const { user, emailVerified } = useAuth();
  const packs = usePacksQuery();
  const consent = useConsent();
  const [consentOpen, setConsentOpen] = useState(false);
  const signedIn = user !== null && emailVerified;
  const from = requestedPath(location.state);
  const loginState = { ...(from ? { from } : {}), lang: i18n.language };

  // Page views are recorded only once the visitor has said yes (and again if they say yes later).
  useEffect(() => {
    if (consent?.analytics)
      void recordEvent({ name: 'page_view', category: 'page_view', properties: { page: 'landing' } });
  }, [consent?.analytics]);

  return (
    <div className="landing-page">
      <LandingHeader signedIn={signedIn} loginState={loginState} />
      <main>
        <section className="landing-hero">
          <H1>{t('landing:hero.title')}</H1>
          <p className="landing-hero-subtitle">{t('landing:hero.subtitle')}</p>
          <div className="landing-hero-actions">
            <PrimaryCta signedIn={signedIn} loginState={loginState} large />
            <BookDemoButton large />
          </div>
          <ul className="landing-claims">
            {claims.map(([key, icon]) => (
              <li key={key}>
                <Icon icon={icon} color="#6366f1" /> {t(`landing:hero.claims.${key}`)}
              </li>
            ))}
          </ul>
        </section>
        <InfoSection id="features" />
        <InfoSection id="industries" />
        <InfoSection id="integrations" />
        <PricingSection packs={packs} loginState={loginState} />
        <section id="enterprise" className="landing-section landing-enterprise">
          <H2>{t('landing:enterprise.title')}</H2>
          <p className={Classes.RUNNING_TEXT}>{t('landing:enterprise.body')}</p>
          <PrimaryCta signedIn={signedIn} loginState={loginState} large />
        </section>
      </main>
      <LandingFooter onPrivacySettings={() => setConsentOpen(true)} />
      <MobileBottomBar signedIn={signedIn} loginState={loginState} />
      <ConsentDialog
        isOpen={consentOpen}
        current={consent?.analytics ?? null}
        onClose={() => setConsentOpen(false)}
        onSave={(analytics) => {
          consentStore.set(analytics);
          setConsentOpen(false);
        }}
      />
    </div>
  );
}
