import { Spinner } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';

/** The guards' wait state: a centred spinner while auth or the profile initialises. */
export function FullPageSpinner() {
  const { t } = useTranslation();
  return (
    <div className="console-centered" role="status" aria-label={t('shell:guard.loading')}>
      <Spinner />
    </div>
  );
}
