import { Callout, Card, Classes, H2, Icon, Intent, Tab, Tabs } from '@blueprintjs/core';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation } from 'react-router-dom';
import { postLoginPath } from '../../../app/guards/guardDecisions.ts';
import { FullPageSpinner } from '../../../app/screens/FullPageSpinner.tsx';
import { toAppError, type AppError } from '../../../errors/appError.ts';
import { isLanguage } from '../../../i18n/index.ts';
import { useSingleFlight } from '../../../lib/singleFlight.ts';
import { useAuthSettingsQuery } from '../api/getAuthSettings.ts';
import { signInWithEmail, signInWithGoogle } from '../api/signIn.ts';
import { reloadUser, signOut } from '../api/signOut.ts';
import { signUpWithEmail } from '../api/signUp.ts';
import { CheckEmailScreen, UnverifiedScreen } from '../components/AuthNotice.tsx';
import { EmailAuthForm } from '../components/EmailAuthForm.tsx';
import { ForgotPasswordForm } from '../components/ForgotPasswordForm.tsx';
import { ResendVerification } from '../components/ResendVerification.tsx';
import { authRedirectUrl } from '../desktop/authCallback.ts';
import { GoogleSignIn } from '../components/GoogleSignIn.tsx';
import { returnStateFrom, type LoginMode, type LoginValues } from '../loginForm.ts';
import { useAuth } from '../session/AuthProvider.tsx';
import './login.css';
import { errorText } from '../../../errors/errorText.ts';

/**
 * /login: Email and Google tabs, sign-in/sign-up, 'check your email' after
 * sign-up (with a resend), the unverified hold screen, "Forgot password?", why the app signed the
 * user out, and the way back to the originally requested path.
 */
export function LoginPage() {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const { initialized, user, emailVerified, notice, store } = useAuth();
  const returnState = returnStateFrom(location.state, location.search);
  const [mode, setMode] = useState<LoginMode>(returnState.signUp ? 'signUp' : 'signIn');
  const [sentTo, setSentTo] = useState<string | null>(null);
  // "Forgot password?" is open, starting from this address.
  const [forgotFrom, setForgotFrom] = useState<string | null>(returnState.forgot ? (returnState.email ?? '') : null);
  const messageOf = (error: AppError | null) => (error ? errorText(t, error) : null);

  // Route state may choose the wording; re-applied once auth settles the fallback.
  const routeLang = returnState.lang;
  useEffect(() => {
    if (isLanguage(routeLang) && i18n.language !== routeLang) void i18n.changeLanguage(routeLang);
  }, [routeLang, initialized, i18n]);

  const signIn = useMutation<void, AppError, LoginValues>({
    mutationFn: (v) => signInWithEmail(v).catch((e: unknown) => Promise.reject(toAppError(e, 'signIn'))),
    meta: { silent: true },
  });
  const signUp = useMutation<void, AppError, LoginValues>({
    mutationFn: (v) =>
      store
        .whileIgnoringEvents(() =>
          signUpWithEmail({
            ...v,
            lang: i18n.language === 'fr' ? 'fr' : 'en',
            // The desktop app's page cannot be opened from an email: its links come back as concierge://.
            emailRedirectTo: authRedirectUrl(window.location.origin, '/email-verification', Boolean(window.concierge)),
          }),
        )
        .catch((e: unknown) => Promise.reject(toAppError(e, 'signUp'))),
    onSuccess: (_d, v) => setSentTo(v.email.trim()),
    meta: { silent: true },
  });
  const google = useMutation<void, AppError, void>({
    mutationFn: () => {
      const next = returnState.from ? `?next=${encodeURIComponent(returnState.from)}` : '';
      const redirectTo =
        authRedirectUrl(window.location.origin, `/login${next}`, Boolean(window.concierge)) ?? window.location.href;
      return signInWithGoogle(redirectTo).catch((e: unknown) => Promise.reject(toAppError(e, 'google')));
    },
    meta: { silent: true },
  });
  const reload = useMutation<void, AppError, void>({ mutationFn: reloadUser, meta: { silent: true } });
  // One sign-in or sign-up request per click, however fast the clicks come.
  const once = useSingleFlight();
  const authSettings = useAuthSettingsQuery();
  // Unknown after a failed settings read: let the provider answer for itself.
  const googleEnabled = authSettings.isError ? true : authSettings.data?.googleEnabled;

  if (!initialized) return <FullPageSpinner />;
  if (user && emailVerified) return <Navigate to={postLoginPath(returnState)} replace />;

  const switchMode = () => {
    setMode((m) => (m === 'signIn' ? 'signUp' : 'signIn'));
    signIn.reset();
    signUp.reset();
  };
  const active = mode === 'signIn' ? signIn : signUp;

  let body;
  if (user) {
    body = (
      <UnverifiedScreen
        email={user.email ?? ''}
        busy={reload.isPending}
        onReload={() => reload.mutate()}
        onSignOut={() => void signOut()}
      />
    );
  } else if (sentTo) {
    body = (
      <CheckEmailScreen
        email={sentTo}
        onBack={() => {
          setSentTo(null);
          setMode('signIn');
          signUp.reset();
        }}
      />
    );
  } else if (forgotFrom !== null) {
    body = <ForgotPasswordForm initialEmail={forgotFrom} onBack={() => setForgotFrom(null)} />;
  } else {
    body = (
      <>
        <div className="login-header">
          <H2>{t('auth:login.title')}</H2>
          <p className={Classes.TEXT_MUTED}>{t('auth:login.subtitle')}</p>
        </div>
        {notice === 'sessionExpired' && (
          <Callout intent={Intent.WARNING} icon="time" role="status" data-testid="signed-out-notice">
            {t('errors:database.sessionExpired')}
          </Callout>
        )}
        <Tabs id="login-tabs" size="large" fill>
          <Tab
            id="email"
            title={t('auth:login.tabEmail')}
            icon="envelope"
            panel={
              <EmailAuthForm
                key={mode}
                mode={mode}
                busy={active.isPending}
                errorText={messageOf(active.error)}
                onSubmit={(v) => once(() => active.mutateAsync(v))}
                onSwitchMode={switchMode}
                initialEmail={returnState.email ?? ''}
                onForgotPassword={(email) => setForgotFrom(email)}
                errorAction={(email) =>
                  active.error?.code === 'email_not_confirmed' ? <ResendVerification email={email} /> : null
                }
              />
            }
          />
          <Tab
            id="google"
            title={t('auth:login.tabGoogle')}
            icon="globe"
            panel={
              <GoogleSignIn
                busy={google.isPending}
                errorText={messageOf(google.error)}
                enabled={googleEnabled}
                onContinue={() => google.mutate()}
              />
            }
          />
        </Tabs>
      </>
    );
  }

  return (
    <div className="login-page">
      <Card className="login-card" elevation={2}>
        {body}
        {reload.error && <p className="login-inline-error">{messageOf(reload.error)}</p>}
      </Card>
      <p className={`login-security ${Classes.TEXT_MUTED} ${Classes.TEXT_SMALL}`}>
        <Icon icon="shield" size={12} /> {t('auth:login.securityNote')}
      </p>
      <nav className="login-links">
        <Link to="/">{t('auth:login.backHome')}</Link>
        <Link to="/legal">{t('auth:login.legal')}</Link>
        <Link to="/privacy">{t('auth:login.privacy')}</Link>
      </nav>
    </div>
  );
}
