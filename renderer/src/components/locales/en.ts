/** Wording of the shared widgets in renderer/src/components. */
export const commonEn = {
  // Under a field with a server limit.
  counter: {
    count: '{{value, number}} / {{max, number}}',
    full: 'Limit reached: {{max, number}} characters at most.',
    over: 'Over the limit of {{max, number}} characters: shorten it to save.',
  },
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
  unsaved: {
    title: 'Unsaved changes',
    message: 'You have unsaved changes. If you leave now, they will be lost.',
    leave: 'Leave without saving',
    stay: 'Stay',
  },
  conflict: {
    title: 'Changed elsewhere',
    message:
      'This agent was changed in another tab or window since you opened this page. Reload to see that version (your changes here are lost), or overwrite it with yours.',
    reload: 'Reload',
    overwrite: 'Overwrite',
  },
};
