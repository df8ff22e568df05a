import { Button, Callout, FormGroup, H3, InputGroup, Intent } from '@blueprintjs/core';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { AppError } from '../../../errors/appError.ts';
import { sendPasswordReset } from '../api/recovery.ts';
import { isEmailShaped } from '../loginForm.ts';
import { AuthNotice } from './AuthNotice.tsx';
import { errorText } from '../../../errors/errorText.ts';

/** "Forgot password?": the address, then "check your email" (the same answer for any address). */
export function ForgotPasswordForm({ initialEmail, onBack }: { initialEmail: string; onBack: () => void }) {
  const { t } = useTranslation();
  const [email, setEmail] = useState(initialEmail);
  const send = useMutation<void, AppError, string>({ mutationFn: sendPasswordReset, meta: { silent: true } });
  if (send.isSuccess) {
    return (
      <AuthNotice
        icon="envelope"
        title={t('auth:forgot.sentTitle')}
        body={t('auth:forgot.sentBody', { email: email.trim() })}
        actions={<Button intent={Intent.PRIMARY} text={t('auth:forgot.backToSignIn')} onClick={onBack} />}
      />
    );
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (isEmailShaped(email) && !send.isPending) send.mutate(email);
  };
  return (
    <form onSubmit={submit} noValidate aria-label={t('auth:forgot.title')}>
      <H3>{t('auth:forgot.title')}</H3>
      <p>{t('auth:forgot.body')}</p>
      <FormGroup label={t('auth:login.email')} labelFor="forgot-email">
        <InputGroup
          id="forgot-email"
          type="email"
          autoComplete="email"
          leftIcon="envelope"
          size="large"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          disabled={send.isPending}
        />
      </FormGroup>
      {send.error && (
        <Callout intent={Intent.DANGER} icon="error" className="login-error" role="alert">
          {errorText(t, send.error)}
        </Callout>
      )}
      <Button
        type="submit"
        intent={Intent.PRIMARY}
        size="large"
        fill
        loading={send.isPending}
        disabled={!isEmailShaped(email)}
        text={t('auth:forgot.submit')}
      />
      <Button variant="minimal" fill className="login-switch" onClick={onBack} text={t('auth:forgot.backToSignIn')} />
    </form>
  );
}
