import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { agentToolsSchema, readAgentTools, type AgentTool } from '@contracts/tool-definition.ts';
import { toAppError } from '../../../errors/appError.ts';
import { toJson } from '../../../lib/db-types.ts';
import { getSupabase } from '../../../lib/supabase.ts';
import { agentsKeys } from './keys.ts';

const toolsKey = (agentId: string) => [...agentsKeys.detail(agentId), 'tools'] as const;

/** The tools the agent uses (agents.tools). */
export async function fetchAgentTools(agentId: string): Promise<AgentTool[]> {
  const { data, error } = await getSupabase().from('agents').select('tools').eq('id', agentId).single();
  if (error) throw toAppError(error, 'tools');
  return readAgentTools(data.tools);
}

export function useAgentToolsQuery(agentId: string) {
  return useQuery({ queryKey: toolsKey(agentId), queryFn: () => fetchAgentTools(agentId) });
}

/** Saves the whole list (and capabilities, the ids the engine offers); Postgres checks the ids. */
export async function saveAgentTools(agentId: string, tools: AgentTool[]): Promise<AgentTool[]> {
  const parsed = agentToolsSchema.parse(tools);
  const { data, error } = await getSupabase()
    .from('agents')
    .update({ tools: toJson(parsed), capabilities: parsed.map((t) => t.id) })
    .eq('id', agentId)
    .select('tools')
    .single();
  if (error) throw toAppError(error, 'updateAgent');
  return readAgentTools(data.tools);
}

export function useSaveAgentToolsMutation(agentId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (tools: AgentTool[]) => saveAgentTools(agentId, tools),
    onSuccess: (tools) => {
      client.setQueryData(toolsKey(agentId), tools);
      // The version moved: the other editors of the row reload it.
      return client.invalidateQueries({ queryKey: agentsKeys.detail(agentId), exact: true });
    },
  });
}
