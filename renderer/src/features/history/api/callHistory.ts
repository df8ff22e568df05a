import { useInfiniteQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { CALL_HISTORY_PAGE_SIZE, CALL_KINDS, CALL_LIST_CACHE_MS } from '@contracts/history.ts';
import { toAppError } from '../../../errors/appError.ts';
import { getSupabase } from '../../../lib/supabase.ts';
import { historyKeys, type TimeWindow } from './keys.ts';

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

/** One page of completed phone and browser calls, newest first, after `cursor` (call_history). */
export async function fetchCallPage(
  agentId: string | null,
  search: string,
  window: TimeWindow,
  cursor: Cursor | null,
): Promise<CallRow[]> {
  const { data, error } = await getSupabase().rpc('call_history', {
    ...(agentId ? { agent: agentId } : {}),
    ...(search ? { search } : {}),
    ...(window.since ? { since: window.since } : {}),
    ...(window.until ? { until: window.until } : {}),
    ...(cursor ? { before_at: cursor.at, before_id: cursor.id } : {}),
    page_size: CALL_HISTORY_PAGE_SIZE,
  });
  if (error) throw toAppError(error);
  return z.array(callRowSchema).parse(data ?? []);
}

/** Pages load on 'Charger plus'; the list stays cached 5 minutes (spec 002 §9). */
export function useCallHistoryQuery(userId: string, agentId: string | null, search: string, window: TimeWindow) {
  return useInfiniteQuery({
    queryKey: historyKeys.calls(userId, agentId, search, window),
    queryFn: ({ pageParam }) => fetchCallPage(agentId, search, window, pageParam),
    initialPageParam: null as Cursor | null,
    getNextPageParam: (last) => {
      const tail = last[last.length - 1];
      return last.length < CALL_HISTORY_PAGE_SIZE || !tail ? undefined : { at: tail.started_at, id: tail.id };
    },
    staleTime: CALL_LIST_CACHE_MS,
    gcTime: CALL_LIST_CACHE_MS,
  });
}
