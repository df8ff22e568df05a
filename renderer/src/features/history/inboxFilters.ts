import type { InboxFilters } from './api/keys.ts';

/** The inbox with no filter: every agent, channel, rating and date. */
export const NO_INBOX_FILTERS: InboxFilters = { agentId: null, channel: null, rating: null, since: null, until: null };

/** Whether any filter is set; compares values (the filter bar hands back a new object each time). */
export function isFiltered(filters: InboxFilters): boolean {
  return (Object.keys(NO_INBOX_FILTERS) as (keyof InboxFilters)[]).some((key) => filters[key] !== null);
}
