import { FocusStyleManager } from '@blueprintjs/core';
import { QueryClientProvider } from '@tanstack/react-query';
import type { i18n } from 'i18next';
import { useMemo } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { toastError, toaster } from '../components/toaster.ts';
import { AuthProvider } from '../features/auth/session/AuthProvider.tsx';
import { createQueryClient } from '../lib/queryClient.ts';
import { routes } from './routes.tsx';
import { ErrorBoundary } from './screens/ErrorScreen.tsx';

FocusStyleManager.onlyShowFocusOnTabs();

/** Providers around the router: error boundary, i18n, TanStack Query, auth. */
export function App({ i18n }: { i18n: i18n }) {
  const queryClient = useMemo(
    () =>
      createQueryClient(
        (error) => toastError(error, i18n.t),
        () => toaster.succeeded(),
      ),
    [i18n],
  );
  const router = useMemo(() => createBrowserRouter(routes), []);
  return (
    <ErrorBoundary>
      <I18nextProvider i18n={i18n}>
        <QueryClientProvider client={queryClient}>
          <AuthProvider>
            <RouterProvider router={router} />
          </AuthProvider>
        </QueryClientProvider>
      </I18nextProvider>
    </ErrorBoundary>
  );
}
