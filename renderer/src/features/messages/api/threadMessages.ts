import { readWhatsAppMedia, type WhatsAppMediaItem } from '@contracts/whatsapp-messages.ts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { toAppError } from '../../../errors/appError.ts';
import { getSupabase } from '../../../lib/supabase.ts';
import { messagesKeys } from './keys.ts';

export const THREAD_PAGE_SIZE = 50;

/**
 * One message of a thread: its text is the conversation's transcript line; the delivery columns
 * (written by the webhook and its status callbacks) are those of the WhatsApp messages that
 * carried it, folded into one.
 */
export interface WhatsAppMessage {
  id: string;
  direction: 'inbound' | 'outbound';
  profileName: string | null;
  body: string;
  media: WhatsAppMediaItem[];
  status: string | null;
  errorCode: number | null;
  errorMessage: string | null;
  notSentReason: string | null;
  sentAt: string;
  /** The owner wrote this outbound message (not the agent). */
  byOwner: boolean;
}

interface MessageCursor {
  beforeAt: string;
  beforeId: string;
}

/** One page of a thread, newest first (the view reverses it), older than `cursor`. */
export async function fetchThreadPage(
  agentId: string | null,
  contact: string,
  cursor: MessageCursor | undefined,
): Promise<WhatsAppMessage[]> {
  const { data, error } = await getSupabase().rpc('whatsapp_thread_messages', {
    // A deleted agent's thread has no agent: the function matches null with `is not distinct from`.
    thread_agent: agentId as string,
    thread_contact: contact,
    page_size: THREAD_PAGE_SIZE,
    ...(cursor ? { before_at: cursor.beforeAt, before_id: cursor.beforeId } : {}),
  });
  if (error) throw toAppError(error, 'generic');
  return (data ?? []).map((r) => ({
    id: r.id,
    direction: r.direction === 'outbound' ? 'outbound' : 'inbound',
    profileName: r.profile_name,
    body: r.body,
    media: readWhatsAppMedia(r.media),
    status: r.status,
    errorCode: r.error_code,
    errorMessage: r.error_message,
    notSentReason: r.not_sent_reason,
    sentAt: r.sent_at,
    byOwner: r.sent_by_owner === true,
  }));
}

/** The open thread, oldest first once flattened; older pages are loaded on demand. */
export function useThreadMessagesQuery(userId: string, agentId: string | null, contact: string | null) {
  return useInfiniteQuery({
    queryKey: messagesKeys.thread(userId, agentId, contact ?? ''),
    queryFn: ({ pageParam }) => fetchThreadPage(agentId, contact ?? '', pageParam),
    initialPageParam: undefined as MessageCursor | undefined,
    getNextPageParam: (page): MessageCursor | undefined => {
      const oldest = page.at(-1);
      return page.length < THREAD_PAGE_SIZE || !oldest ? undefined : { beforeAt: oldest.sentAt, beforeId: oldest.id };
    },
    enabled: userId !== '' && contact !== null,
    select: (data) => data.pages.flat().reverse(),
  });
}
