import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { toastError } from '../../../components/toaster.ts';
import { readDesktopAuthLink } from './authCallback.ts';
import { completeDesktopAuth } from './completeDesktopAuth.ts';

/** State the email verification page reads when a desktop deep link already did the work. */
export interface DesktopVerificationState {
  desktopVerification: { email: string } | { errorCode: string };
}

/**
 * In the desktop app: completes each `concierge://auth/callback` link main forwards and opens the
 * page that follows (the verification result, or the dashboard once signed in). A no-op in a browser.
 */
export function useDesktopAuthLinks() {
  const navigate = useNavigate();
  const { t } = useTranslation();
  useEffect(() => {
    const desktop = typeof window === 'undefined' ? undefined : window.concierge;
    if (!desktop) return;
    return desktop.onDeepLink((url) => {
      const link = readDesktopAuthLink(url);
      if (!link) return;
      void completeDesktopAuth(link).then((outcome) => {
        if (outcome.kind === 'signedIn') return void navigate('/dashboard', { replace: true });
        if (outcome.kind === 'signInFailed') {
          toastError(outcome.error, t);
          return void navigate('/login', { replace: true });
        }
        const state: DesktopVerificationState = {
          desktopVerification: outcome.kind === 'verified' ? { email: outcome.email } : { errorCode: outcome.code },
        };
        void navigate('/email-verification', { replace: true, state });
      });
    });
  }, [navigate, t]);
}
