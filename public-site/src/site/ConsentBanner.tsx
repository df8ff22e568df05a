import type { TrackerName } from '../tracking/trackers.ts';
import { useT } from '../i18n/I18n.tsx';

/** Vendor names are product names, the same in every language. */
const VENDORS: Record<TrackerName, string> = {
  googleAnalytics: 'Google Analytics',
  googleTagManager: 'Google Tag Manager',
  metaPixel: 'Meta Pixel',
};

/** The small tracking consent banner: which vendors, Accept or Refuse (equal weight, no pre-choice). */
export function ConsentBanner({
  trackers,
  onAnswer,
}: {
  trackers: readonly TrackerName[];
  onAnswer: (consent: 'granted' | 'denied') => void;
}) {
  const t = useT();
  return (
    <section className="consent" role="region" aria-label={t('consent.label')} data-testid="consent-banner">
      <p className="consent__text">{t('consent.body', { vendors: trackers.map((n) => VENDORS[n]).join(', ') })}</p>
      <div className="consent__actions">
        <button
          type="button"
          className="btn btn--secondary"
          onClick={() => onAnswer('denied')}
          data-testid="consent-refuse"
        >
          {t('consent.refuse')}
        </button>
        <button
          type="button"
          className="btn btn--primary"
          onClick={() => onAnswer('granted')}
          data-testid="consent-accept"
        >
          {t('consent.accept')}
        </button>
      </div>
    </section>
  );
}
