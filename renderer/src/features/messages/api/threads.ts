import { useInfiniteQuery } from '@tanstack/react-query';
import { toAppError } from '../../../errors/appError.ts';
import { getSupabase } from '../../../lib/supabase.ts';
import { messagesKeys } from './keys.ts';

export const THREADS_PAGE_SIZE = 20;

/** One WhatsApp conversation: an agent and a WhatsApp user, with its latest message. */
export interface WhatsAppThread {
  key: string;
  agentId: string | null;
  agentName: string | null;
  contactNumber: string;
  profileName: string | null;
  lastMessageAt: string;
  lastBody: string;
  lastDirection: 'inbound' | 'outbound';
  lastStatus: string | null;
  lastMediaCount: number;
  messageCount: number;
  failedCount: number;
}

export interface ThreadCursor {
  beforeAt: string;
  beforeKey: string;
}

/** One page of the owner's threads (all agents, or one), newest first, after `cursor`. */
export async function fetchThreadsPage(agentId: string | null, cursor: ThreadCursor | undefined) {
  const { data, error } = await getSupabase().rpc('whatsapp_threads', {
    page_size: THREADS_PAGE_SIZE,
    ...(agentId ? { agent_filter: agentId } : {}),
    ...(cursor ? { before_at: cursor.beforeAt, before_key: cursor.beforeKey } : {}),
  });
  if (error) throw toAppError(error, 'generic');
  return (data ?? []).map((r): WhatsAppThread => ({
    key: r.thread_key,
    agentId: r.agent_id,
    agentName: r.agent_name,
    contactNumber: r.contact_number,
    profileName: r.profile_name,
    lastMessageAt: r.last_message_at,
    lastBody: r.last_body,
    lastDirection: r.last_direction === 'outbound' ? 'outbound' : 'inbound',
    lastStatus: r.last_status,
    lastMediaCount: r.last_media_count,
    messageCount: r.message_count,
    failedCount: r.failed_count,
  }));
}

export function nextThreadCursor(page: WhatsAppThread[]): ThreadCursor | undefined {
  const last = page.at(-1);
  if (page.length < THREADS_PAGE_SIZE || !last) return undefined;
  return { beforeAt: last.lastMessageAt, beforeKey: last.key };
}

export function useThreadsQuery(userId: string, agentId: string | null) {
  return useInfiniteQuery({
    queryKey: messagesKeys.threads(userId, agentId),
    queryFn: ({ pageParam }) => fetchThreadsPage(agentId, pageParam),
    initialPageParam: undefined as ThreadCursor | undefined,
    getNextPageParam: nextThreadCursor,
    enabled: userId !== '',
    select: (data) => data.pages.flat(),
  });
}
