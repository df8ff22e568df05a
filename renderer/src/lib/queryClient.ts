import { MutationCache, QueryClient } from '@tanstack/react-query';
import { AppError, toAppError } from '../errors/appError.ts';

/**
 * Server state cache. 30 s freshness by default (features override with the spec's cache times);
 * failed mutations toast their AppError unless they opt out with `meta: { silent: true }`.
 */
export function createQueryClient(onMutationError: (error: AppError) => void): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // Retrying a denied or malformed request cannot help; network blips can.
        retry: (failures, error) => failures < 2 && (!(error instanceof AppError) || error.source === 'network'),
      },
    },
    mutationCache: new MutationCache({
      onError: (error, _vars, _ctx, mutation) => {
        if (mutation.meta?.silent === true) return;
        onMutationError(toAppError(error));
      },
    }),
  });
}
