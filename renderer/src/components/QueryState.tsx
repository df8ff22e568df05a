import { Button, Classes, Intent, NonIdealState } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { toAppError } from '../errors/appError.ts';
import { queryView, type QueryLike } from './queryView.ts';
import { errorText } from '../errors/errorText.ts';

export interface QueryStateProps<T> {
  query: QueryLike<T>;
  /** Shown while loading; defaults to three skeleton lines. */
  loading?: ReactNode;
  /** Shown when `isEmpty(data)`; usually an <EmptyState/> with an action. */
  empty?: ReactNode;
  isEmpty?: (data: T) => boolean;
  /** Title above the error message; defaults to the generic 'Could not load this data'. */
  errorTitle?: string;
  children: (data: T) => ReactNode;
}

/**
 * Draws every state of a query: loading skeleton, error with retry, empty and
 * content are siblings, chosen by `queryView`.
 */
export function QueryState<T>({ query, loading, empty, isEmpty, errorTitle, children }: QueryStateProps<T>) {
  const { t } = useTranslation();
  const view = queryView(query, isEmpty);
  if (view.kind === 'loading') return <>{loading ?? <SkeletonLines count={3} />}</>;
  if (view.kind === 'error') {
    const error = toAppError(view.error);
    return (
      <NonIdealState
        icon="error"
        title={errorTitle ?? t('common:queryState.errorTitle')}
        description={errorText(t, error)}
        action={
          <Button
            intent={Intent.PRIMARY}
            icon="refresh"
            text={t('common:queryState.retry')}
            onClick={() => void query.refetch()}
          />
        }
      />
    );
  }
  if (view.kind === 'empty') return <>{empty}</>;
  return <>{children(view.data)}</>;
}

export function SkeletonLines({ count }: { count: number }) {
  return (
    <div aria-busy="true">
      {Array.from({ length: count }, (_, i) => (
        <p key={i} className={Classes.SKELETON}>
          &nbsp;
        </p>
      ))}
    </div>
  );
}
