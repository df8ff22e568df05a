/** Wording of the shared widgets in renderer/src/components. */
export const commonEn = {
  table: {
    empty: 'Nothing to show yet',
    loading: 'Loading rows',
    sortAscending: 'Sorted ascending',
    sortDescending: 'Sorted descending',
  },
  queryState: {
    errorTitle: 'Could not load this data',
    retry: 'Retry',
  },
  toast: {
    dismiss: 'Dismiss',
  },
};
