import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId } from 'react';
import { getSupabase } from '../../../lib/supabase.ts';
import { messagesKeys } from './keys.ts';

/**
 * Keeps the WhatsApp screens live: any new message or status change of the owner re-reads the
 * thread list and the open thread, and so does a transcript line completed later (a voice note's
 * transcription is written to `messages`, where the text lives). Realtime re-checks every change
 * against RLS.
 */
export function useLiveWhatsAppMessages(userId: string) {
  const client = useQueryClient();
  const instance = useId();
  useEffect(() => {
    if (!userId) return;
    const channel = getSupabase()
      .channel(`whatsapp-messages:${userId}:${instance}`)
      .on(
        'postgres_changes',
        { event: '*', schema: 'public', table: 'whatsapp_messages', filter: `user_id=eq.${userId}` },
        () => void client.invalidateQueries({ queryKey: messagesKeys.all }),
      )
      .on(
        'postgres_changes',
        { event: 'UPDATE', schema: 'public', table: 'messages', filter: `user_id=eq.${userId}` },
        () => void client.invalidateQueries({ queryKey: messagesKeys.all }),
      )
      .subscribe();
    return () => {
      void getSupabase().removeChannel(channel);
    };
  }, [userId, client, instance]);
}
