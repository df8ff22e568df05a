import { Button, Callout, Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { toAppError } from '../../../errors/appError.ts';
import { errorText } from '../../../errors/errorText.ts';

/**
 * A background refresh failed while earlier figures stay on screen: a small warning with the
 * reason and a retry, so the owner knows the numbers may be stale.
 */
export function RefreshFailed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  const appError = toAppError(error);
  return (
    <Callout compact intent={Intent.WARNING} icon="warning-sign" role="status" data-testid="insights-refresh-failed">
      {t('insights:refreshFailed', { message: errorText(t, appError) })}{' '}
      <Button small minimal icon="refresh" text={t('insights:agent.retry')} onClick={onRetry} />
    </Callout>
  );
}
