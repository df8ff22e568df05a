import { whatsappUsageRow } from '@contracts/usage.ts';
import { useQuery } from '@tanstack/react-query';
import { toAppError } from '../../../errors/appError.ts';
import { getSupabase } from '../../../lib/supabase.ts';
import { creditsKeys } from './keys.ts';

/**
 * This calendar month's WhatsApp usage of the signed-in owner (`whatsapp_usage()`, which reads the
 * caller's own rows only): conversations counted against the pack, messages sent, and the cost as
 * the meter records it. WhatsApp replies use no credits (credits are voice minutes): each reply
 * is metered in model tokens, and each voice-note reply in characters of speech.
 */
export interface WhatsAppUsage {
  conversationsUsed: number;
  /** The pack's monthly conversations: -1 unlimited, 0 none (the block is hidden). */
  conversationsIncluded: number;
  messagesSent: number;
  tokens: number;
  speechCharacters: number;
}

export async function fetchWhatsAppUsage(): Promise<WhatsAppUsage> {
  const { data, error } = await getSupabase().rpc('whatsapp_usage').single();
  if (error) throw toAppError(error, 'generic');
  const row = whatsappUsageRow.parse(data);
  return {
    conversationsUsed: row.conversations_used,
    conversationsIncluded: row.conversations_included,
    messagesSent: row.messages_sent,
    tokens: row.tokens,
    speechCharacters: row.speech_characters,
  };
}

export function useWhatsAppUsageQuery(userId: string) {
  return useQuery({
    queryKey: creditsKeys.whatsappUsage(userId),
    queryFn: fetchWhatsAppUsage,
    staleTime: 30_000,
  });
}
