import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toAppError } from '../../../errors/appError.ts';
import { getSupabase } from '../../../lib/supabase.ts';
import { releaseQueuedNumbers } from '../../phoneNumbers/api/numbers.ts';
import { agentsKeys } from './keys.ts';

/**
 * Deletes the agent. The database releases its phone numbers first (trigger on agents: the rows go
 * and the Twilio numbers are queued, like its WhatsApp sender and sub-account), and the rows hanging
 * off it go with it (foreign keys on delete cascade). Then what was queued is released at Twilio
 * right away (phone-numbers /releases).
 */
export async function deleteAgent(agentId: string): Promise<void> {
  const { data, error } = await getSupabase().from('agents').delete().eq('id', agentId).select('id');
  if (error) throw toAppError(error, 'deleteAgent');
  // RLS hides other owners' agents: deleting nothing means it was not ours or is already gone.
  if (!data || data.length === 0) throw toAppError(new Error('agent not found'), 'deleteAgent');
  await releaseQueuedNumbers();
}

export function useDeleteAgentMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteAgent,
    onSuccess: (_data, agentId) => {
      client.removeQueries({ queryKey: agentsKeys.detail(agentId) });
      return client.invalidateQueries({ queryKey: agentsKeys.lists() });
    },
  });
}
