import { Button, Intent, NonIdealState } from '@blueprintjs/core';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router-dom';
import { isChunkLoadError } from '../../lib/lazyChunk.ts';

/**
 * The global error screen: 'Something went wrong' / 'Please refresh…'. When the
 * failure is code the browser could not load (a dropped connection, or a redeploy since the tab
 * opened), it says so instead; both offer a reload, the one thing that helps.
 */
export function ErrorScreen({ error, inShell = false }: { error?: unknown; inShell?: boolean }) {
  const { t } = useTranslation();
  const texts = isChunkLoadError(error)
    ? { title: t('shell:chunkError.title'), body: t('shell:chunkError.body'), action: t('shell:chunkError.reload') }
    : {
        title: t('shell:errorScreen.title'),
        body: t('shell:errorScreen.body'),
        action: t('shell:errorScreen.refresh'),
      };
  return (
    <div className={inShell ? 'console-centered is-in-shell' : 'console-centered'} role="alert">
      <NonIdealState
        icon={isChunkLoadError(error) ? 'offline' : 'error'}
        title={texts.title}
        description={texts.body}
        action={
          <Button intent={Intent.PRIMARY} icon="refresh" text={texts.action} onClick={() => window.location.reload()} />
        }
      />
    </div>
  );
}

/**
 * The router's errorElement: logs the error for developers, shows the error screen. `inShell` is
 * the boundary around the signed-in pages, which keeps the navigation around the message.
 */
export function RouteErrorScreen({ inShell = false }: { inShell?: boolean }) {
  const error = useRouteError();
  console.error('Route error', error);
  return <ErrorScreen error={error} inShell={inShell} />;
}

/** Catches render errors outside the router (providers, boot). */
export class ErrorBoundary extends Component<{ children: ReactNode }, { error: unknown; failed: boolean }> {
  override state = { error: undefined as unknown, failed: false };

  static getDerivedStateFromError(error: unknown): { error: unknown; failed: boolean } {
    return { error, failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('Unhandled render error', error, info.componentStack);
  }

  override render(): ReactNode {
    return this.state.failed ? <ErrorScreen error={this.state.error} /> : this.props.children;
  }
}
