import { Button, Callout, FormGroup, InputGroup, Intent } from '@blueprintjs/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AppError } from '../../../errors/appError.ts';
import { resendVerificationEmail } from '../api/recovery.ts';
import { isEmailShaped } from '../loginForm.ts';
import { errorText } from '../../../errors/errorText.ts';

/**
 * "Resend verification email": for the address given, or for one the user types (a broken link
 * does not say whose it was). The server limits how often; its refusal is worded for the user.
 */
export function ResendVerification({ email }: { email?: string }) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const address = email ?? typed;
  const resend = useMutation<void, AppError, string>({ mutationFn: resendVerificationEmail, meta: { silent: true } });
  return (
    <div className="login-resend" data-testid="resend-verification">
      {email === undefined && (
        <FormGroup label={t('auth:resend.emailLabel')} labelFor="resend-email">
          <InputGroup
            id="resend-email"
            type="email"
            autoComplete="email"
            leftIcon="envelope"
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
          />
        </FormGroup>
      )}
      <Button
        icon="envelope"
        text={t('auth:resend.button')}
        loading={resend.isPending}
        disabled={!isEmailShaped(address)}
        onClick={() => resend.mutate(address)}
      />
      {resend.isSuccess && (
        <Callout intent={Intent.SUCCESS} role="status" className="login-resend-result">
          {t('auth:resend.sent', { email: address.trim() })}
        </Callout>
      )}
      {resend.error && (
        <Callout intent={Intent.DANGER} role="alert" className="login-resend-result">
          {errorText(t, resend.error)}
        </Callout>
      )}
    </div>
  );
}
