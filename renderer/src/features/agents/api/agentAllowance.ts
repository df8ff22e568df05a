import { agentAllowanceRow } from '@contracts/usage.ts';
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
  const row = agentAllowanceRow.parse(data);
  return { used: row.used_agents, max: row.max_agents, packId: row.pack_id, packName: row.pack_name };
}

export function useAgentAllowanceQuery() {
  return useQuery({ queryKey: agentsKeys.allowance(), queryFn: fetchAgentAllowance, staleTime: 30_000 });
}
