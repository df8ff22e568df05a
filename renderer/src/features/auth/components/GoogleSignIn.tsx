import { Button, Callout, Classes, Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';

export interface GoogleSignInProps {
  busy: boolean;
  errorText: string | null;
  /** From /auth/v1/settings; false = the project has no Google provider, undefined = not known yet. */
  enabled: boolean | undefined;
  onContinue: () => void;
}

/** The Google tab: one continue button (account chooser forced by the API call), or why it is off. */
export function GoogleSignIn({ busy, errorText, enabled, onContinue }: GoogleSignInProps) {
  const { t } = useTranslation();
  return (
    <div className="login-google">
      {enabled === false ? (
        <Callout
          intent={Intent.WARNING}
          icon="disable"
          title={t('auth:googleDisabled.title')}
          data-testid="google-disabled"
        >
          {t('auth:googleDisabled.body')}
        </Callout>
      ) : (
        <p className={Classes.TEXT_MUTED}>{t('auth:login.googleNote')}</p>
      )}
      {errorText && (
        <Callout intent={Intent.DANGER} icon="error" className="login-error" role="alert">
          {errorText}
        </Callout>
      )}
      <Button
        size="large"
        fill
        icon="globe"
        disabled={enabled === false}
        loading={busy || enabled === undefined}
        onClick={onContinue}
        text={t('auth:login.googleContinue')}
      />
    </div>
  );
}
