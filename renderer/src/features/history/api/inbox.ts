import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { CONVERSATION_CHANNELS, INBOX_MAX_PAGE_SIZE, INBOX_PAGE_SIZE } from '@contracts/history.ts';
import { toAppError } from '../../../errors/appError.ts';
import { getSupabase } from '../../../lib/supabase.ts';
import { readAllPages } from '../readAllPages.ts';
import { historyKeys, type InboxFilters } from './keys.ts';

const inboxRowSchema = z.object({
  id: z.string(),
  agent_id: z.string().nullable(),
  agent_name: z.string().nullable(),
  channel: z.enum(CONVERSATION_CHANNELS),
  visitor_id: z.string().nullable(),
  contact_id: z.string().nullable(),
  contact_name: z.string().nullable(),
  language: z.string().nullable(),
  satisfaction: z.number().nullable(),
  started_at: z.string(),
  last_message_at: z.string(),
  ended_at: z.string().nullable(),
  message_count: z.number(),
  preview: z.string().nullable(),
});
export type InboxRow = z.infer<typeof inboxRowSchema>;

interface Cursor {
  at: string;
  id: string;
}

/** Conversations matching `filters`, newest first, after `cursor` (conversation_inbox). */
export async function fetchInboxPage(filters: InboxFilters, cursor: Cursor | null, pageSize = INBOX_PAGE_SIZE) {
  const { data, error } = await getSupabase().rpc('conversation_inbox', {
    ...(filters.agentId ? { agent: filters.agentId } : {}),
    ...(filters.channel ? { filter_channel: filters.channel } : {}),
    ...(filters.rating ? { filter_rating: filters.rating } : {}),
    ...(filters.since ? { since: filters.since } : {}),
    ...(filters.until ? { until: filters.until } : {}),
    ...(cursor ? { before_at: cursor.at, before_id: cursor.id } : {}),
    page_size: pageSize,
  });
  if (error) throw toAppError(error);
  return z.array(inboxRowSchema).parse(data ?? []);
}

/** The whole filtered list for an export, page after page (up to EXPORT_ROW_CAP, see readAllPages). */
export function fetchInboxForExport(filters: InboxFilters) {
  return readAllPages<InboxRow, Cursor>({
    fetchPage: (cursor, size) => fetchInboxPage(filters, cursor, size),
    cursorOf: (last) => ({ at: last.started_at, id: last.id }),
    pageSize: INBOX_MAX_PAGE_SIZE,
  });
}

export function useInboxQuery(userId: string, filters: InboxFilters) {
  return useInfiniteQuery({
    queryKey: historyKeys.inbox(userId, filters),
    queryFn: ({ pageParam }) => fetchInboxPage(filters, pageParam),
    initialPageParam: null as Cursor | null,
    getNextPageParam: (last) => {
      const tail = last[last.length - 1];
      return last.length < INBOX_PAGE_SIZE || !tail ? undefined : { at: tail.started_at, id: tail.id };
    },
  });
}

const conversationSchema = z.object({
  id: z.string(),
  agent_id: z.string().nullable(),
  channel: z.enum(CONVERSATION_CHANNELS),
  visitor_id: z.string().nullable(),
  contact_id: z.string().nullable(),
  language: z.string().nullable(),
  satisfaction: z.number().nullable(),
  started_at: z.string(),
  last_message_at: z.string(),
  ended_at: z.string().nullable(),
});
export type ConversationSummary = z.infer<typeof conversationSchema>;

/** One conversation's row (a deep link to /conversations/{id}). */
export function useConversationQuery(conversationId: string | null) {
  return useQuery({
    queryKey: historyKeys.conversation(conversationId ?? ''),
    enabled: conversationId !== null,
    queryFn: async () => {
      const { data, error } = await getSupabase()
        .from('conversations')
        .select(
          'id, agent_id, channel, visitor_id, contact_id, language, satisfaction, started_at, last_message_at, ended_at',
        )
        .eq('id', conversationId ?? '')
        .maybeSingle();
      if (error) throw toAppError(error);
      return data ? conversationSchema.parse(data) : null;
    },
  });
}
