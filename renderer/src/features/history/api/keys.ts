import type { CallHistoryStatus, CallPeriod, InboxChannel, RatingFilter } from '@contracts/history.ts';

/** The time window of a list: `since` inclusive, `until` exclusive (ISO strings, null = open). */
export interface TimeWindow {
  since: string | null;
  until: string | null;
}

/**
 * The call list's date choice as the user made it: a named period (its window ends whenever the
 * list is fetched) or a range of local days (yyyy-MM-dd, both included).
 */
export type CallRange = { kind: 'period'; period: CallPeriod } | { kind: 'custom'; from: string; to: string };

export interface InboxFilters extends TimeWindow {
  agentId: string | null;
  channel: InboxChannel | null;
  rating: RatingFilter | null;
}

/** Query keys of call history, contacts and the inbox (one factory). */
export const historyKeys = {
  all: ['history'] as const,
  /**
   * The call list cache is keyed by user, search text and date range. A period is
   * keyed by its name ('7d'), not by its start instant, so a revisit within 5 minutes hits the cache.
   */
  calls: (
    userId: string,
    agentId: string | null,
    search: string,
    range: CallRange,
    status: CallHistoryStatus | null = null,
  ) =>
    [
      ...historyKeys.all,
      'calls',
      userId,
      agentId ?? 'all',
      search,
      ...(range.kind === 'period' ? (['period', range.period] as const) : (['days', range.from, range.to] as const)),
      status ?? 'any',
    ] as const,
  call: (callId: string) => [...historyKeys.all, 'call', callId] as const,
  recordingUrl: (path: string) => [...historyKeys.all, 'recording', path] as const,
  transcript: (conversationId: string) => [...historyKeys.all, 'transcript', conversationId] as const,
  conversation: (conversationId: string) => [...historyKeys.all, 'conversation', conversationId] as const,
  contactLists: () => [...historyKeys.all, 'contacts'] as const,
  contacts: (userId: string, search: string, favoritesOnly: boolean) =>
    [...historyKeys.contactLists(), userId, search, favoritesOnly] as const,
  contact: (contactId: string) => [...historyKeys.all, 'contact', contactId] as const,
  timeline: (contactId: string) => [...historyKeys.all, 'timeline', contactId] as const,
  inboxes: () => [...historyKeys.all, 'inbox'] as const,
  inbox: (userId: string, filters: InboxFilters) => [...historyKeys.inboxes(), userId, filters] as const,
  agents: (userId: string) => [...historyKeys.all, 'agents', userId] as const,
};
