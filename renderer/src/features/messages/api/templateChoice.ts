import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { templateChoiceSchema, type TemplateChoice } from '@contracts/whatsapp.ts';
import { toAppError } from '../../../errors/appError.ts';
import { getSupabase } from '../../../lib/supabase.ts';
import { messagesKeys } from './keys.ts';

/** The template the owner picked for this agent outside the 24-hour window, or null (RLS: owner only). */
export async function fetchTemplateChoice(agentId: string): Promise<TemplateChoice | null> {
  const { data, error } = await getSupabase()
    .from('whatsapp_template_choices')
    .select('content_sid, friendly_name, variables')
    .eq('agent_id', agentId)
    .maybeSingle();
  if (error) throw toAppError(error, 'generic');
  return data ? templateChoiceSchema.parse(data) : null;
}

export function useTemplateChoiceQuery(agentId: string) {
  return useQuery({
    queryKey: messagesKeys.templateChoice(agentId),
    queryFn: () => fetchTemplateChoice(agentId),
  });
}

async function saveTemplateChoice(agentId: string, userId: string, choice: TemplateChoice | null): Promise<void> {
  const table = getSupabase().from('whatsapp_template_choices');
  const { error } = choice
    ? await table.upsert(
        { agent_id: agentId, user_id: userId, ...templateChoiceSchema.parse(choice) },
        { onConflict: 'agent_id' },
      )
    : await table.delete().eq('agent_id', agentId);
  if (error) throw toAppError(error, 'generic');
}

/** Saves (or, with null, removes) the agent's template choice; errors toast by default. */
export function useSaveTemplateChoiceMutation(agentId: string, userId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (choice: TemplateChoice | null) => saveTemplateChoice(agentId, userId, choice),
    onSettled: () => client.invalidateQueries({ queryKey: messagesKeys.templateChoice(agentId) }),
  });
}
