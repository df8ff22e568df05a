import { Spinner } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';

/**
 * The console's one wait state for a whole screen: a centred spinner while auth or the profile
 * initialises, and while a page's code arrives (every page but the landing and login pages loads
 * on demand). `inShell` sizes it for the content area beside the navigation.
 */
export function FullPageSpinner({ inShell = false }: { inShell?: boolean }) {
  const { t } = useTranslation();
  return (
    <div
      className={inShell ? 'console-centered is-in-shell' : 'console-centered'}
      role="status"
      aria-label={t('shell:guard.loading')}
    >
      <Spinner />
    </div>
  );
}
