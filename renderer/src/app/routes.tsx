import { Navigate, Outlet, useParams, type RouteObject } from 'react-router-dom';
import { LoginPage } from '../features/auth/pages/LoginPage.tsx';
import { RequireAdmin } from './guards/RequireAdmin.tsx';
import { RequireSignedIn } from './guards/RequireSignedIn.tsx';
import { AppLayout } from './layout/AppLayout.tsx';
import { RouteErrorScreen } from './screens/ErrorScreen.tsx';
import { NotFoundRoute } from './screens/NotFoundRoute.tsx';
import { TranslationWarning } from './translation/TranslationWarning.tsx';

/** /agents/{id}/edit/* → /agents/{id}/dashboard (spec 001 §2). */
function AgentEditRedirect() {
  const { agentId = '' } = useParams();
  return <Navigate to={`/agents/${encodeURIComponent(agentId)}/dashboard`} replace />;
}

function RootFrame() {
  return (
    <TranslationWarning>
      <Outlet />
    </TranslationWarning>
  );
}

/**
 * The global route table (spec 000 §2.1). Pages arrive with their features: public ones next to
 * /login, signed-in ones inside AppLayout, admin ones under RequireAdmin. A path without a page
 * falls through to the not-found page (inside the shell for a signed-in user).
 */
export const routes: RouteObject[] = [
  {
    element: <RootFrame />,
    errorElement: <RouteErrorScreen />,
    children: [
      { path: 'login', element: <LoginPage /> },
      {
        element: <RequireSignedIn />,
        children: [
          {
            element: <AppLayout />,
            children: [
              { path: 'agents/:agentId/edit/*', element: <AgentEditRedirect /> },
              { path: 'twilio-numbers', children: [{ index: true, element: <Navigate to="active" replace /> }] },
              {
                element: <RequireAdmin />,
                children: [{ path: 'admin', children: [{ index: true, element: <Navigate to="users" replace /> }] }],
              },
            ],
          },
        ],
      },
      { path: '*', element: <NotFoundRoute /> },
    ],
  },
];
