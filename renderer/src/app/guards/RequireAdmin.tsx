import { Navigate, Outlet } from 'react-router-dom';
import { useAuth } from '../../features/auth/session/AuthProvider.tsx';
import { FullPageSpinner } from '../screens/FullPageSpinner.tsx';
import { adminGuard } from './guardDecisions.ts';

/** Admin guard: inside the signed-in guard; non-admins go to /dashboard. */
export function RequireAdmin() {
  const { profileStatus, profile } = useAuth();
  const decision = adminGuard({ profileStatus, isAdmin: profile?.isAdmin === true });
  if (decision.kind === 'wait') return <FullPageSpinner />;
  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace />;
  return <Outlet />;
}
