import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import {
  CALL_HISTORY_PAGE_SIZE,
  CALL_KINDS,
  CALL_LIST_CACHE_MS,
  LIST_MAX_PAGE_SIZE,
  type CallHistoryStatus,
  periodStart,
} from '@contracts/history.ts';
import { toAppError } from '../../../errors/appError.ts';
import { getSupabase } from '../../../lib/supabase.ts';
import { dayEnd, dayStart } from '../dateInputs.ts';
import { readAllPages } from '../readAllPages.ts';
import { historyKeys, type CallRange, type TimeWindow } from './keys.ts';

const callRowSchema = z.object({
  kind: z.enum(CALL_KINDS),
  id: z.string(),
  agent_id: z.string().nullable(),
  agent_name: z.string().nullable(),
  from_number: z.string().nullable(),
  to_number: z.string().nullable(),
  status: z.string(),
  duration: z.number(),
  started_at: z.string(),
  recording_path: z.string().nullable(),
  recording_mime: z.string().nullable(),
  conversation_id: z.string().nullable(),
});
export type CallRow = z.infer<typeof callRowSchema>;

interface Cursor {
  at: string;
  id: string;
}

/** The instants a range covers when the list is read at `now` (a period ends at `now`). */
export function callWindow(range: CallRange, now: Date): TimeWindow {
  if (range.kind === 'period') return { since: periodStart(range.period, now).toISOString(), until: null };
  return { since: dayStart(range.from), until: dayEnd(range.to) };
}

/**
 * One page of finished phone and browser calls (answered or not; only those of `status` when
 * given), newest first, after `cursor` (call_history).
 */
export async function fetchCallPage(
  agentId: string | null,
  search: string,
  window: TimeWindow,
  cursor: Cursor | null,
  pageSize = CALL_HISTORY_PAGE_SIZE,
  status: CallHistoryStatus | null = null,
): Promise<CallRow[]> {
  const { data, error } = await getSupabase().rpc('call_history', {
    ...(agentId ? { agent: agentId } : {}),
    ...(search ? { search } : {}),
    ...(status ? { filter_status: status } : {}),
    ...(window.since ? { since: window.since } : {}),
    ...(window.until ? { until: window.until } : {}),
    ...(cursor ? { before_at: cursor.at, before_id: cursor.id } : {}),
    page_size: pageSize,
  });
  if (error) throw toAppError(error);
  return z.array(callRowSchema).parse(data ?? []);
}

interface CallPage {
  rows: CallRow[];
  /** The window the first page was read in: later pages keep it, so paging never shifts. */
  window: TimeWindow;
}

/**
 * Pages load on 'Charger plus'; the list stays cached 5 minutes. The key holds the
 * range as chosen ('7d'), and the period's start is computed when the first page is fetched, so a
 * revisit within 5 minutes is served from the cache and a refetch moves the window to now.
 */
export function useCallHistoryQuery(
  userId: string,
  agentId: string | null,
  search: string,
  range: CallRange,
  status: CallHistoryStatus | null = null,
) {
  return useInfiniteQuery({
    queryKey: historyKeys.calls(userId, agentId, search, range, status),
    queryFn: async ({ pageParam }): Promise<CallPage> => {
      const window = pageParam?.window ?? callWindow(range, new Date());
      const cursor = pageParam?.cursor ?? null;
      return { rows: await fetchCallPage(agentId, search, window, cursor, CALL_HISTORY_PAGE_SIZE, status), window };
    },
    initialPageParam: null as { window: TimeWindow; cursor: Cursor } | null,
    getNextPageParam: (last) => {
      const tail = last.rows[last.rows.length - 1];
      return last.rows.length < CALL_HISTORY_PAGE_SIZE || !tail
        ? undefined
        : { window: last.window, cursor: { at: tail.started_at, id: tail.id } };
    },
    staleTime: CALL_LIST_CACHE_MS,
    gcTime: CALL_LIST_CACHE_MS,
  });
}

/** Every call the list's filters match, for an export (up to EXPORT_ROW_CAP, see readAllPages). */
export function fetchCallsForExport(
  agentId: string | null,
  search: string,
  range: CallRange,
  status: CallHistoryStatus | null = null,
  now = new Date(),
) {
  const window = callWindow(range, now);
  return readAllPages<CallRow, Cursor>({
    fetchPage: (cursor, size) => fetchCallPage(agentId, search, window, cursor, size, status),
    cursorOf: (last) => ({ at: last.started_at, id: last.id }),
    pageSize: LIST_MAX_PAGE_SIZE,
  });
}

/**
 * One call of the owner's history by id, whatever its date (a notification's or an email's link
 * opens it); null when it is not theirs or not in the history.
 */
export async function fetchCall(callId: string): Promise<CallRow | null> {
  // A link with something else than a call id (mistyped, cut) finds no call rather than failing.
  if (!z.string().uuid().safeParse(callId).success) return null;
  const { data, error } = await getSupabase().rpc('call_history', { only_call: callId, page_size: 1 });
  if (error) throw toAppError(error);
  return z.array(callRowSchema).parse(data ?? [])[0] ?? null;
}

export function useCallQuery(callId: string | null) {
  return useQuery({
    queryKey: historyKeys.call(callId ?? ''),
    queryFn: () => fetchCall(callId!),
    enabled: callId !== null,
    staleTime: CALL_LIST_CACHE_MS,
  });
}
