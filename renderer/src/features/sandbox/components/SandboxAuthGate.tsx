import { Classes, NonIdealState } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, Outlet } from 'react-router-dom';
import { signedInGuard } from '../../../app/guards/guardDecisions.ts';
import { FullPageSpinner } from '../../../app/screens/FullPageSpinner.tsx';
import { useAuth } from '../../auth/session/AuthProvider.tsx';

/**
 * The sandbox's own guard: a spinner until auth is initialised, and instead of a
 * redirect an 'Authentication Required' screen with a Sign In link when nobody is signed in.
 */
export function SandboxAuthGate() {
  const { t } = useTranslation();
  const { initialized, user, emailVerified } = useAuth();
  const decision = signedInGuard({ initialized, signedIn: user !== null, emailVerified });
  if (decision.kind === 'wait') return <FullPageSpinner />;
  if (decision.kind === 'redirect' && user === null) {
    return (
      <div className="console-centered" data-testid="sandbox-auth-required">
        <NonIdealState
          icon="lock"
          title={t('sandbox:authRequired.title')}
          description={t('sandbox:authRequired.body')}
          action={
            <Link to="/login" className={`${Classes.BUTTON} ${Classes.INTENT_PRIMARY}`} role="button">
              {t('sandbox:authRequired.signIn')}
            </Link>
          }
        />
      </div>
    );
  }
  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace />;
  return <Outlet />;
}
