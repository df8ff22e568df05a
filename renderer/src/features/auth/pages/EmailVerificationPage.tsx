import { Button, Card, Classes, H3, NonIdealState, Spinner } from '@blueprintjs/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { toAppError } from '../../../errors/appError.ts';
import { rememberVisitorLanguage } from '../../../i18n/index.ts';
import { getInitialUrl } from '../../../lib/supabase.ts';
import { useFirstDestinationQuery } from '../api/firstDestination.ts';
import { completeEmailVerification } from '../api/verifyEmail.ts';
import type { DesktopVerificationState } from '../desktop/useDesktopAuthLinks.ts';
import {
  failedView,
  MAX_VERIFICATION_ATTEMPTS,
  readVerificationLink,
  verificationLinkLanguage,
  VERIFICATION_ERROR_DELAY_MS,
  type VerificationView,
} from '../verification.ts';
import { ResendVerification } from '../components/ResendVerification.tsx';
import { useAuth } from '../session/AuthProvider.tsx';
import './login.css';

/**
 * The way on from a verified address: signed in by the link, straight into the app (the creation
 * wizard until the user owns an agent); otherwise the sign-in form with the address filled.
 */
function ContinueLink({ email, className }: { email: string; className: string }) {
  const { t } = useTranslation();
  const { user, emailVerified } = useAuth();
  const signedIn = user !== null && emailVerified && user.email === email;
  const destination = useFirstDestinationQuery(signedIn ? user.id : undefined);
  if (!signedIn) {
    return (
      <Link to="/login" state={{ email }} className={className}>
        {t('auth:verification.continueToSignIn')}
      </Link>
    );
  }
  if (destination.isPending) return <Button loading intent="primary" text={t('auth:verification.continue')} />;
  return (
    <Link to={destination.data ?? '/dashboard'} replace className={className}>
      {t('auth:verification.continue')}
    </Link>
  );
}

/**
 * /email-verification: loading, then success with the verified address and
 * Continue, or an error with Back to Sign In and Go to Homepage. The error appears after a 1 s
 * delay; at most 3 attempts.
 */
export function EmailVerificationPage() {
  const { t, i18n } = useTranslation();
  const [view, setView] = useState<VerificationView>({ status: 'loading' });
  const attempts = useRef(0);
  const started = useRef(false);
  const primaryButton = `${Classes.BUTTON} ${Classes.INTENT_PRIMARY}`;
  // The desktop app completed a concierge:// link already (useDesktopAuthLinks): show its result.
  const desktop = (useLocation().state as Partial<DesktopVerificationState> | null)?.desktopVerification;

  const attempt = useCallback(async () => {
    if (desktop) {
      // The link was used once and cannot be read again: no retry.
      setView(
        'email' in desktop
          ? { status: 'success', email: desktop.email }
          : failedView(MAX_VERIFICATION_ATTEMPTS, desktop.errorCode),
      );
      return;
    }
    attempts.current += 1;
    setView({ status: 'loading' });
    const href = getInitialUrl() || window.location.href;
    const link = readVerificationLink(href);
    try {
      const email = await completeEmailVerification(link);
      setView({ status: 'success', email });
    } catch (error) {
      const appError = toAppError(error, 'verification');
      const count = attempts.current;
      await new Promise((r) => setTimeout(r, VERIFICATION_ERROR_DELAY_MS));
      console.warn('email verification failed', appError.message);
      setView(failedView(count, link.kind === 'error' ? link.code : appError.code));
    }
  }, [desktop]);

  // A link naming a language (`lang=fr`) sets it, and it stays once verification signs the user out.
  useEffect(() => {
    const lang = verificationLinkLanguage(getInitialUrl() || window.location.href);
    if (!lang) return;
    rememberVisitorLanguage(lang);
    if (i18n.language !== lang) void i18n.changeLanguage(lang);
  }, [i18n]);

  useEffect(() => {
    // StrictMode mounts twice in development; the link can be used once.
    if (started.current) return;
    started.current = true;
    void attempt();
  }, [attempt]);

  let body;
  if (view.status === 'loading') {
    body = <NonIdealState icon={<Spinner />} title={t('auth:verification.loading')} />;
  } else if (view.status === 'success') {
    body = (
      <NonIdealState
        icon="tick-circle"
        title={t('auth:verification.successTitle')}
        description={<p data-testid="verified-email">{t('auth:verification.successBody', { email: view.email })}</p>}
        action={<ContinueLink email={view.email} className={primaryButton} />}
      />
    );
  } else {
    body = (
      <NonIdealState
        icon="error"
        title={t('auth:verification.errorTitle')}
        description={
          <>
            <p role="alert">
              {t(view.canRetry ? 'errors:verification.failed' : 'errors:verification.tooManyAttempts')}
            </p>
            {!view.canRetry && <p>{t('errors:verification.maxAttempts')}</p>}
            {view.reasonKey && (
              <p className={`${Classes.TEXT_MUTED} ${Classes.TEXT_SMALL}`} data-testid="verification-reason">
                {t(view.reasonKey)}
              </p>
            )}
            <p className={`${Classes.TEXT_MUTED} ${Classes.TEXT_SMALL}`}>
              {t('auth:verification.attempts', { count: view.attempts, max: 3 })}
            </p>
            <ResendVerification />
          </>
        }
        action={
          <div className="login-actions">
            {view.canRetry && (
              <Button icon="refresh" text={t('auth:verification.retry')} onClick={() => void attempt()} />
            )}
            <Link to="/login" className={primaryButton}>
              {t('auth:verification.backToSignIn')}
            </Link>
            <Link to="/" className={Classes.BUTTON}>
              {t('auth:verification.goHome')}
            </Link>
          </div>
        }
      />
    );
  }

  return (
    <div className="login-page">
      <Card className="login-card" elevation={2}>
        <H3 className="login-header">{t('auth:verification.title')}</H3>
        {body}
      </Card>
      <nav className="login-links">
        <Link to="/">{t('auth:login.backHome')}</Link>
      </nav>
    </div>
  );
}
