import { agentToolsSchema, type AgentTool } from '@contracts/tool-definition.ts';
import { toJson, type InsertRow } from '../../../lib/db-types.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toAppError } from '../../../errors/appError.ts';
import { getSupabase } from '../../../lib/supabase.ts';
import { newAgentLanguage } from '../configure/languages.ts';
import type { WizardDraft } from '../wizard/wizardModel.ts';
import type { CatalogueTool } from './catalogue.ts';
import { agentsKeys } from './keys.ts';
import { packLimitError } from './packLimit.ts';

const optional = (value: string) => (value.trim() === '' ? null : value.trim());

/**
 * The agents row the wizard writes: chosen tools become entries of type 'system'
 * stamped now; branding takes the table default; the insert trigger enables the business card; the
 * agent speaks the owner's console language (French owners get a French agent).
 */
export function agentRowFromDraft(
  userId: string,
  draft: WizardDraft,
  catalogue: CatalogueTool[],
  now: string,
  consoleLanguage = 'en',
) {
  const tools = catalogue
    .filter((tool) => draft.toolIds.includes(tool.id))
    .map((tool): AgentTool => ({
      id: tool.id,
      name: tool.name,
      description: tool.description,
      type: 'system',
      icon: tool.icon,
      config: tool.defaultConfig,
      created_at: now,
      updated_at: now,
    }));
  return {
    user_id: userId,
    name: draft.name.trim(),
    company_name: optional(draft.companyName),
    description: draft.prompt,
    voice: draft.voice,
    default_language: newAgentLanguage(consoleLanguage),
    subdomain: draft.subdomain,
    sector: optional(draft.sectorId),
    sub_sector: optional(draft.subSectorId),
    address: optional(draft.address),
    phone: optional(draft.phone),
    email: optional(draft.email),
    website: optional(draft.website),
    capabilities: tools.map((t) => t.id),
    tools: toJson(agentToolsSchema.parse(tools)),
  } satisfies InsertRow<'agents'>;
}

export async function createAgent(row: ReturnType<typeof agentRowFromDraft>): Promise<string> {
  const { data, error } = await getSupabase().from('agents').insert(row).select('id').single();
  if (error) throw packLimitError(error) ?? toAppError(error, 'createAgent');
  return data.id;
}

export function useCreateAgentMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createAgent,
    onSuccess: () => client.invalidateQueries({ queryKey: agentsKeys.lists() }),
  });
}
