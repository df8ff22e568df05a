import { Button, Intent, NonIdealState } from '@blueprintjs/core';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router-dom';

/** The global error screen: 'Something went wrong' / 'Please refresh…'. */
export function ErrorScreen() {
  const { t } = useTranslation();
  return (
    <div className="console-centered" role="alert">
      <NonIdealState
        icon="error"
        title={t('shell:errorScreen.title')}
        description={t('shell:errorScreen.body')}
        action={
          <Button
            intent={Intent.PRIMARY}
            icon="refresh"
            text={t('shell:errorScreen.refresh')}
            onClick={() => window.location.reload()}
          />
        }
      />
    </div>
  );
}

/** The router's errorElement: logs the error for developers, shows the global screen. */
export function RouteErrorScreen() {
  const error = useRouteError();
  console.error('Route error', error);
  return <ErrorScreen />;
}

/** Catches render errors outside the router (providers, boot). */
export class ErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('Unhandled render error', error, info.componentStack);
  }

  override render(): ReactNode {
    return this.state.failed ? <ErrorScreen /> : this.props.children;
  }
}
