import { useQuery } from '@tanstack/react-query';
import { agentMapResponseSchema, type AgentMapResponse } from '@contracts/agent-map.ts';
import { functionAppError } from '../../../errors/functionError.ts';
import { getSupabase } from '../../../lib/supabase.ts';
import { mapKeys } from './keys.ts';

/** The caller's agents on the map (function agent-map: geocodes what is not cached yet). */
export async function fetchAgentMap(): Promise<AgentMapResponse> {
  const { data, error } = await getSupabase().functions.invoke('agent-map', { body: {} });
  if (error) throw await functionAppError(error, { fallbackKey: 'map:errors.load' });
  return agentMapResponseSchema.parse(data);
}

export function useAgentMapQuery(enabled: boolean) {
  return useQuery({
    queryKey: mapKeys.points(),
    queryFn: fetchAgentMap,
    enabled,
    // Addresses beyond one request's batch are located by the next request; once the provider
    // failed, polling stops (a reload tries again) instead of hitting a down geocoder every 2 s.
    refetchInterval: (query) =>
      query.state.data?.geocoder === 'configured' &&
      query.state.data.unlocated.some((u) => u.reason === 'pending') &&
      !query.state.data.unlocated.some((u) => u.reason === 'failed')
        ? 2000
        : false,
  });
}
