/**
 * The WhatsApp user's message is written to the conversation's transcript when it is received
 * (whatsapp_receive_message, once per MessageSid), before the turn runs. The turn's own store is
 * wrapped so that it neither reads that message back as history nor writes it a second time: its
 * save of the user's message completes the received row with what the core understood (a voice
 * note's transcription, the images' note) and its language. The reply's row is remembered, so that
 * each WhatsApp message carrying it is recorded against it (sender.ts).
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { chatHistory, type StoredMessage } from '../_shared/conversation/conversations.ts';
import type { ConversationStore } from '../_shared/conversation/turn.ts';

export interface ReceivedTranscript {
  store: ConversationStore;
  /** The transcript row of the turn's reply (or its stored apology), once saved. */
  replyId(): string | null;
}

export function receivedTranscript(
  inner: ConversationStore,
  service: SupabaseClient,
  received: { messageId: string },
  historyLimit = 20,
): ReceivedTranscript {
  let reply: string | null = null;
  const store: ConversationStore = {
    async openConversation(args) {
      const opened = await inner.openConversation(args);
      if (!opened) return null;
      const { data, error } = await service
        .from('messages')
        .select('role, content, metadata')
        .eq('conversation_id', opened.conversationId)
        .neq('id', received.messageId)
        .order('timestamp', { ascending: false })
        .limit(historyLimit)
        .returns<StoredMessage[]>();
      if (error) throw new Error(`loading the conversation's history failed: ${error.message}`);
      return { ...opened, history: chatHistory(data ?? []) };
    },
    async saveMessage(message) {
      if (message.role !== 'user') {
        const saved = await inner.saveMessage(message);
        reply = saved.messageId;
        return saved;
      }
      const { error } = await service
        .from('messages')
        .update({
          content: message.content.slice(0, 50_000),
          language: message.language,
          metadata: message.metadata,
        })
        .eq('id', received.messageId);
      if (error) throw new Error(`saving the message failed: ${error.message}`);
      return { messageId: received.messageId };
    },
  };
  if (inner.cutMessage) store.cutMessage = inner.cutMessage.bind(inner);
  return { store, replyId: () => reply };
}
