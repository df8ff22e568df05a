/** The slice of a TanStack Query result that QueryState reads. */
export interface QueryLike<T> {
  data: T | undefined;
  error: unknown;
  isPending: boolean;
  isError: boolean;
  refetch: () => unknown;
}

export type QueryView<T> =
  { kind: 'loading' } | { kind: 'error'; error: unknown } | { kind: 'empty' } | { kind: 'content'; data: T };

/**
 * Which state to draw. Data already on screen wins over a background refetch error, so a failed
 * refresh does not blank a list the user is reading.
 */
export function queryView<T>(query: QueryLike<T>, isEmpty?: (data: T) => boolean): QueryView<T> {
  if (query.data !== undefined) {
    return isEmpty?.(query.data) ? { kind: 'empty' } : { kind: 'content', data: query.data };
  }
  if (query.isError) return { kind: 'error', error: query.error };
  return { kind: 'loading' };
}
