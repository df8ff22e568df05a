import { Button, Intent, NonIdealState, type IconName } from '@blueprintjs/core';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { ResendVerification } from './ResendVerification.tsx';

/** A full-card message of the login flow ('check your email', 'please verify'). */
export function AuthNotice({
  icon,
  title,
  body,
  actions,
}: {
  icon: IconName;
  title: string;
  body: string;
  actions: ReactElement;
}) {
  return <NonIdealState icon={icon} title={title} description={body} action={actions} />;
}

export function CheckEmailScreen({ email, onBack }: { email: string; onBack: () => void }) {
  const { t } = useTranslation();
  return (
    <AuthNotice
      icon="envelope"
      title={t('auth:checkEmail.title')}
      body={t('auth:checkEmail.body', { email })}
      actions={
        <div>
          <Button intent={Intent.PRIMARY} text={t('auth:checkEmail.backToSignIn')} onClick={onBack} />
          <ResendVerification email={email} />
        </div>
      }
    />
  );
}

export function UnverifiedScreen({
  email,
  busy,
  onReload,
  onSignOut,
}: {
  email: string;
  busy: boolean;
  onReload: () => void;
  onSignOut: () => void;
}) {
  const { t } = useTranslation();
  return (
    <AuthNotice
      icon="warning-sign"
      title={t('auth:unverified.title')}
      body={t('auth:unverified.body', { email })}
      actions={
        <div className="login-actions">
          <Button
            intent={Intent.PRIMARY}
            icon="refresh"
            loading={busy}
            text={t('auth:unverified.reload')}
            onClick={onReload}
          />
          <Button variant="minimal" text={t('auth:unverified.signOut')} onClick={onSignOut} disabled={busy} />
        </div>
      }
    />
  );
}
