import { useInfiniteQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { CALL_KINDS, CONVERSATION_CHANNELS } from '@contracts/history.ts';
import { toAppError } from '../../../errors/appError.ts';
import { getSupabase } from '../../../lib/supabase.ts';
import { historyKeys } from './keys.ts';

const TIMELINE_PAGE_SIZE = 50;

const timelineEntrySchema = z.object({
  conversation_id: z.string(),
  channel: z.enum(CONVERSATION_CHANNELS),
  agent_id: z.string().nullable(),
  agent_name: z.string().nullable(),
  started_at: z.string(),
  last_message_at: z.string(),
  satisfaction: z.number().nullable(),
  message_count: z.number(),
  preview: z.string().nullable(),
  call_kind: z.enum(CALL_KINDS).nullable(),
  call_id: z.string().nullable(),
  call_status: z.string().nullable(),
  call_duration: z.number().nullable(),
  from_number: z.string().nullable(),
  recording_path: z.string().nullable(),
  recording_mime: z.string().nullable(),
});
export type TimelineEntry = z.infer<typeof timelineEntrySchema>;

/** A contact's conversations on every channel, newest first (contact_timeline). */
export function useContactTimelineQuery(contactId: string) {
  return useInfiniteQuery({
    queryKey: historyKeys.timeline(contactId),
    queryFn: async ({ pageParam }) => {
      const { data, error } = await getSupabase().rpc('contact_timeline', {
        contact: contactId,
        ...(pageParam ? { before_at: pageParam.at, before_id: pageParam.id } : {}),
        page_size: TIMELINE_PAGE_SIZE,
      });
      if (error) throw toAppError(error);
      return z.array(timelineEntrySchema).parse(data ?? []);
    },
    initialPageParam: null as { at: string; id: string } | null,
    getNextPageParam: (last) => {
      const tail = last[last.length - 1];
      return last.length < TIMELINE_PAGE_SIZE || !tail ? undefined : { at: tail.started_at, id: tail.conversation_id };
    },
  });
}
