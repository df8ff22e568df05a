import { useQuery } from '@tanstack/react-query';
import { whatsAppTemplateSchema, type WhatsAppTemplate } from '@contracts/whatsapp.ts';
import { z } from 'zod';
import { functionAppError } from '../../../errors/functionError.ts';
import { getSupabase } from '../../../lib/supabase.ts';
import { messagesKeys } from './keys.ts';

const answerSchema = z.object({ templates: z.array(whatsAppTemplateSchema) });

/** The approved WhatsApp templates of the agent's sender account (whatsapp-webhook GET /templates). */
export async function fetchTemplates(agentId: string): Promise<WhatsAppTemplate[]> {
  const { data, error } = await getSupabase().functions.invoke(
    `whatsapp-webhook/templates?agentId=${encodeURIComponent(agentId)}`,
    { method: 'GET' },
  );
  if (error) throw await functionAppError(error, { fallbackKey: 'messages:template.loadError' });
  return answerSchema.parse(data).templates;
}

export function useTemplatesQuery(agentId: string, enabled = true) {
  return useQuery({
    enabled,
    queryKey: messagesKeys.templates(agentId),
    queryFn: () => fetchTemplates(agentId),
    // Template approvals change over hours, not seconds.
    staleTime: 5 * 60_000,
    retry: false,
  });
}
