/**
 * The geocode cache's rules (table `agent_locations`, one row per agent): a cached row is used
 * while it was computed from the agent's current address; a 'not_found' answer is asked again
 * after a week (the provider's data changes); at most `batch` agents are sent to the provider per
 * request, the others wait for the next one. Pure, unit-tested.
 */
import { normaliseAddress, type AgentMapPoint, type AgentMapUnlocated } from '../contracts/agent-map.ts';

export const NOT_FOUND_RETRY_MS = 7 * 24 * 60 * 60 * 1000;

export interface MapAgent {
  id: string;
  name: string;
  subdomain: string | null;
  address: string | null;
}

export interface CachedLocation {
  agent_id: string;
  address: string;
  status: 'found' | 'not_found';
  latitude: number | null;
  longitude: number | null;
  display_name: string | null;
  geocoded_at: string;
}

export interface GeocodePlan {
  points: AgentMapPoint[];
  /** Agents to send to the provider now, with their normalised address. */
  toGeocode: (MapAgent & { address: string })[];
  unlocated: AgentMapUnlocated[];
  withoutAddress: number;
}

export function pointOf(agent: MapAgent, row: CachedLocation): AgentMapPoint | null {
  if (row.status !== 'found' || row.latitude === null || row.longitude === null) return null;
  return {
    agentId: agent.id,
    name: agent.name,
    subdomain: agent.subdomain,
    address: row.address,
    latitude: row.latitude,
    longitude: row.longitude,
    displayName: row.display_name,
  };
}

export function planGeocoding(
  agents: readonly MapAgent[],
  cached: readonly CachedLocation[],
  options: { now: number; batch: number; geocoderConfigured: boolean },
): GeocodePlan {
  const byAgent = new Map(cached.map((row) => [row.agent_id, row]));
  const plan: GeocodePlan = { points: [], toGeocode: [], unlocated: [], withoutAddress: 0 };
  for (const agent of agents) {
    const address = normaliseAddress(agent.address);
    if (address === null) {
      plan.withoutAddress += 1;
      continue;
    }
    const row = byAgent.get(agent.id);
    const current = row && row.address === address ? row : undefined;
    const stale =
      current?.status === 'not_found' && options.now - Date.parse(current.geocoded_at) >= NOT_FOUND_RETRY_MS;
    if (current && !stale) {
      const point = pointOf(agent, current);
      if (point) plan.points.push(point);
      else plan.unlocated.push({ agentId: agent.id, name: agent.name, address, reason: 'not_found' });
      continue;
    }
    if (options.geocoderConfigured && plan.toGeocode.length < options.batch) {
      plan.toGeocode.push({ ...agent, address });
    } else {
      plan.unlocated.push({ agentId: agent.id, name: agent.name, address, reason: 'pending' });
    }
  }
  return plan;
}
