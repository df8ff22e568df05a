import { useAuth } from '../../features/auth/session/AuthProvider.tsx';
import { AppLayout } from '../layout/AppLayout.tsx';
import { FullPageSpinner } from './FullPageSpinner.tsx';
import { NotFoundPage } from './NotFoundPage.tsx';

/**
 * Any unmatched path. A signed-in, verified user keeps the console's navigation around the
 * not-found page (a mistyped URL should not strand them); anyone else sees it alone.
 */
export function NotFoundRoute() {
  const { initialized, user, emailVerified } = useAuth();
  if (!initialized) return <FullPageSpinner />;
  if (user && emailVerified) {
    return (
      <AppLayout>
        <NotFoundPage inShell />
      </AppLayout>
    );
  }
  return <NotFoundPage />;
}
