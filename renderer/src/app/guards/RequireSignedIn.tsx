import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { useAuth } from '../../features/auth/session/AuthProvider.tsx';
import { FullPageSpinner } from '../screens/FullPageSpinner.tsx';
import { signedInGuard, type ReturnState } from './guardDecisions.ts';

/** Signed-in guard; the requested path travels in route state so sign-in can return to it. */
export function RequireSignedIn() {
  const { initialized, user, emailVerified, notice } = useAuth();
  const location = useLocation();
  const decision = signedInGuard({
    initialized,
    signedIn: user !== null,
    emailVerified,
    signedOutWithNotice: Boolean(notice),
  });
  if (decision.kind === 'wait') return <FullPageSpinner />;
  if (decision.kind === 'redirect') {
    const state: ReturnState = { from: `${location.pathname}${location.search}${location.hash}` };
    return <Navigate to={decision.to} replace state={state} />;
  }
  return <Outlet />;
}
