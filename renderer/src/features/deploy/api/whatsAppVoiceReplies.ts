import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toAppError } from '../../../errors/appError.ts';
import { getSupabase } from '../../../lib/supabase.ts';
import { deployKeys } from './keys.ts';

/** agents.whatsapp_voice_replies: answer WhatsApp voice notes with a voice note (needs an AI key). */
export async function fetchWhatsAppVoiceReplies(agentId: string): Promise<boolean> {
  const { data, error } = await getSupabase()
    .from('agents')
    .select('whatsapp_voice_replies')
    .eq('id', agentId)
    .single();
  if (error) throw toAppError(error, 'generic');
  return data.whatsapp_voice_replies;
}

export function useWhatsAppVoiceRepliesQuery(agentId: string) {
  return useQuery({
    queryKey: deployKeys.whatsAppVoiceReplies(agentId),
    queryFn: () => fetchWhatsAppVoiceReplies(agentId),
  });
}

/** An owner-updatable column of their own agent (column grant + the agents' RLS). */
export function useSaveWhatsAppVoiceRepliesMutation(agentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (on: boolean) => {
      const { error } = await getSupabase().from('agents').update({ whatsapp_voice_replies: on }).eq('id', agentId);
      if (error) throw toAppError(error, 'updateAgent');
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: deployKeys.whatsAppVoiceReplies(agentId) }),
  });
}
