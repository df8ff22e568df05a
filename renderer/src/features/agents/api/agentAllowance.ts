import { useQuery } from '@tanstack/react-query';
import { toAppError } from '../../../errors/appError.ts';
import { getSupabase } from '../../../lib/supabase.ts';
import type { AgentAllowance } from '../agentAllowance.ts';
import { agentsKeys } from './keys.ts';

/**
 * The user's agents used of the number their pack allows, as Postgres counts them on insert
 * (`agent_allowance()` and the insert trigger share one definition).
 */
export async function fetchAgentAllowance(): Promise<AgentAllowance> {
  const { data, error } = await getSupabase().rpc('agent_allowance').single();
  if (error) throw toAppError(error, 'fetchAgents');
  // Generated function types say every returned column is non-null; max_agents is null when unlimited.
  const max = data.max_agents as number | null;
  return { used: data.used_agents, max, packId: data.pack_id, packName: data.pack_name };
}

export function useAgentAllowanceQuery() {
  return useQuery({ queryKey: agentsKeys.allowance(), queryFn: fetchAgentAllowance, staleTime: 30_000 });
}
