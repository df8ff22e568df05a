import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { citationSchema } from '@contracts/conversation-events.ts';
import { toAppError } from '../../../errors/appError.ts';
import { getSupabase } from '../../../lib/supabase.ts';
import { historyKeys } from './keys.ts';

// The core's ToolRecord (name, function, status) as messages.tool_calls stores it.
const toolRunSchema = z.object({
  name: z.string().catch('tool'),
  function: z.string().catch(''),
  status: z.string().catch('unknown'),
});
export type ToolRun = z.infer<typeof toolRunSchema>;
const fallbackCitation = { documentId: '', name: '', snippet: '' };

const messageSchema = z.object({
  id: z.string(),
  role: z.string(),
  content: z.string(),
  timestamp: z.string(),
  // lenient per field: one odd entry must not hide the transcript
  tool_calls: z
    .array(toolRunSchema.catch({ name: 'tool', function: '', status: 'unknown' }))
    .nullable()
    .catch(null),
  citations: z.array(citationSchema.catch(fallbackCitation)).nullable().catch(null),
  metadata: z.unknown().optional(),
});
export type TranscriptMessage = z.infer<typeof messageSchema>;

/** Every message of a conversation, oldest first (RLS: the owner's only). */
export async function fetchTranscript(conversationId: string): Promise<TranscriptMessage[]> {
  const { data, error } = await getSupabase()
    .from('messages')
    .select('id, role, content, timestamp, tool_calls, citations, metadata')
    .eq('conversation_id', conversationId)
    .order('timestamp', { ascending: true })
    .order('id', { ascending: true });
  if (error) throw toAppError(error);
  return z.array(messageSchema).parse(data ?? []);
}

export function useTranscriptQuery(conversationId: string | null) {
  return useQuery({
    queryKey: historyKeys.transcript(conversationId ?? ''),
    queryFn: () => fetchTranscript(conversationId ?? ''),
    enabled: conversationId !== null,
  });
}
