import {
  Button,
  Callout,
  Card,
  Classes,
  FormGroup,
  H3,
  InputGroup,
  Intent,
  NonIdealState,
  Spinner,
} from '@blueprintjs/core';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import type { AppError } from '../../../errors/appError.ts';
import { getInitialUrl } from '../../../lib/supabase.ts';
import { fetchFirstDestination } from '../api/firstDestination.ts';
import { setNewPassword } from '../api/recovery.ts';
import { completeEmailVerification } from '../api/verifyEmail.ts';
import { passwordMinLength } from '../loginForm.ts';
import { useAuth } from '../session/AuthProvider.tsx';
import { readVerificationLink } from '../verification.ts';
import './login.css';
import { errorText } from '../../../errors/errorText.ts';

/**
 * /reset-password: where the password reset email's link lands, signed in by it. The user
 * chooses a new password and goes on into the app; a used or expired link says so and offers a
 * new one.
 */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { initialized, user } = useAuth();
  const [link] = useState(() => readVerificationLink(getInitialUrl() || window.location.href));
  // A code or token hash (custom templates, PKCE) still has to be exchanged; a fragment session
  // was taken by supabase-js at boot.
  const needsExchange = link.kind === 'code' || link.kind === 'tokenHash';
  const [exchange, setExchange] = useState<'idle' | 'running' | 'failed'>(needsExchange ? 'running' : 'idle');
  const started = useRef(false);
  useEffect(() => {
    if (!needsExchange || started.current) return;
    started.current = true;
    completeEmailVerification(link).then(
      () => setExchange('idle'),
      () => setExchange('failed'),
    );
  }, [link, needsExchange]);

  const [password, setPassword] = useState('');
  const save = useMutation<void, AppError, string>({
    mutationFn: async (value) => {
      await setNewPassword(value);
      const userId = user?.id;
      const next = userId ? await fetchFirstDestination(userId).catch(() => '/dashboard') : '/dashboard';
      void navigate(next, { replace: true });
    },
    meta: { silent: true },
  });

  let body;
  if (link.kind === 'error' || exchange === 'failed' || (initialized && exchange === 'idle' && !user)) {
    body = (
      <NonIdealState
        icon="error"
        title={t('auth:reset.invalidTitle')}
        description={<p role="alert">{t('auth:reset.invalidBody')}</p>}
        action={
          <Link to="/login" state={{ forgot: true }} className={`${Classes.BUTTON} ${Classes.INTENT_PRIMARY}`}>
            {t('auth:reset.requestNew')}
          </Link>
        }
      />
    );
  } else if (!initialized || exchange === 'running' || !user) {
    body = <NonIdealState icon={<Spinner />} title={t('auth:reset.loading')} />;
  } else {
    const tooShort = password.length < passwordMinLength;
    const submit = (event: FormEvent) => {
      event.preventDefault();
      if (!tooShort && !save.isPending) save.mutate(password);
    };
    body = (
      <form onSubmit={submit} noValidate aria-label={t('auth:reset.title')}>
        <H3>{t('auth:reset.title')}</H3>
        <p data-testid="reset-email">{user.email}</p>
        <FormGroup label={t('auth:reset.password')} labelFor="reset-password" helperText={t('auth:login.passwordHint')}>
          <InputGroup
            id="reset-password"
            type="password"
            autoComplete="new-password"
            leftIcon="lock"
            size="large"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            disabled={save.isPending}
          />
        </FormGroup>
        {save.error && (
          <Callout intent={Intent.DANGER} icon="error" className="login-error" role="alert">
            {errorText(t, save.error)}
          </Callout>
        )}
        <Button
          type="submit"
          intent={Intent.PRIMARY}
          size="large"
          fill
          loading={save.isPending}
          disabled={tooShort}
          text={t('auth:reset.submit')}
        />
      </form>
    );
  }

  return (
    <div className="login-page">
      <Card className="login-card" elevation={2}>
        {body}
      </Card>
      <nav className="login-links">
        <Link to="/">{t('auth:login.backHome')}</Link>
      </nav>
    </div>
  );
}
