import { MutationCache, QueryClient } from '@tanstack/react-query';
import { AppError, toAppError } from '../errors/appError.ts';

/**
 * Server state cache. 30 s freshness by default (features set their own, e.g. 5 minutes for call lists);
 * failed mutations toast their AppError unless they opt out with `meta: { silent: true }`, and a
 * mutation that then succeeds takes a still-shown error toast away (same opt-out).
 */
export function createQueryClient(
  onMutationError: (error: AppError) => void,
  /** A mutation succeeded (e.g. a save after a failed one): the console drops a stale error toast. */
  onMutationSuccess: () => void = () => undefined,
): QueryClient {
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
      onSuccess: (_data, _vars, _ctx, mutation) => {
        if (mutation.meta?.silent === true) return;
        onMutationSuccess();
      },
    }),
  });
}
