import { Button, Callout, Classes, Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';

/** The Google tab: one continue button (account chooser forced by the API call). */
export function GoogleSignIn({ busy, errorText, onContinue }: { busy: boolean; errorText: string | null; onContinue: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="login-google">
      <p className={Classes.TEXT_MUTED}>{t('auth:login.googleNote')}</p>
      {errorText && (
        <Callout intent={Intent.DANGER} icon="error" className="login-error" role="alert">
          {errorText}
        </Callout>
      )}
      <Button size="large" fill icon="globe" loading={busy} onClick={onContinue} text={t('auth:login.googleContinue')} />
    </div>
  );
}
