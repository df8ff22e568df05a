import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ownerSendAnswerSchema, type OwnerSend, type OwnerSendAnswer } from '@contracts/whatsapp.ts';
import { functionAppError } from '../../../errors/functionError.ts';
import { getSupabase } from '../../../lib/supabase.ts';
import { messagesKeys } from './keys.ts';

/**
 * The owner writes to a WhatsApp user of their agent (whatsapp-webhook POST /send, which checks
 * the agent and the thread are the caller's). A refusal by WhatsApp is an answer, not an error:
 * `notSentReason` and `failure` (Twilio's code, e.g. 63016) say why, and the thread shows the row.
 */
export async function sendWhatsAppMessage(message: OwnerSend): Promise<OwnerSendAnswer> {
  const { data, error } = await getSupabase().functions.invoke('whatsapp-webhook/send', { body: message });
  if (error) throw await functionAppError(error, { fallbackKey: 'messages:composer.failed' });
  return ownerSendAnswerSchema.parse(data);
}

/** Sends, then re-reads the thread and the list so the message (or why it was not sent) shows. */
export function useSendWhatsAppMessageMutation(userId: string, agentId: string, contact: string) {
  const client = useQueryClient();
  return useMutation({
    // The composer shows the failure where it was typed; no toast on top.
    meta: { silent: true },
    mutationFn: (message: Omit<OwnerSend, 'agentId' | 'to'>) =>
      sendWhatsAppMessage({ ...message, agentId, to: contact }),
    onSettled: async () => {
      await client.invalidateQueries({ queryKey: messagesKeys.thread(userId, agentId, contact) });
      await client.invalidateQueries({ queryKey: [...messagesKeys.all, 'threads'] });
    },
  });
}
