import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { getSupabase } from '../../../lib/supabase.ts';
import { historyKeys } from './keys.ts';

/**
 * Live inbox: new or changed conversations and new messages of the owner (Realtime applies RLS,
 * and the filter keeps the stream to this owner's rows) refresh the lists and the open transcript.
 */
export function useInboxLiveUpdates(userId: string) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!userId) return;
    const channel = getSupabase()
      .channel(`inbox:${userId}`)
      .on(
        'postgres_changes',
        { event: '*', schema: 'public', table: 'conversations', filter: `user_id=eq.${userId}` },
        () => {
          void queryClient.invalidateQueries({ queryKey: historyKeys.inboxes() });
        },
      )
      .on(
        'postgres_changes',
        { event: 'INSERT', schema: 'public', table: 'messages', filter: `user_id=eq.${userId}` },
        (payload) => {
          const conversationId = (payload.new as { conversation_id?: unknown }).conversation_id;
          if (typeof conversationId === 'string') {
            void queryClient.invalidateQueries({ queryKey: historyKeys.transcript(conversationId) });
          }
          void queryClient.invalidateQueries({ queryKey: historyKeys.inboxes() });
        },
      )
      .subscribe();
    return () => {
      void getSupabase().removeChannel(channel);
    };
  }, [queryClient, userId]);
}
