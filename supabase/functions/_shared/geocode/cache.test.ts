import { describe, expect, it } from 'vitest';
import { normaliseAddress } from '../contracts/agent-map.ts';
import { NOT_FOUND_RETRY_MS, planGeocoding, type CachedLocation, type MapAgent } from './cache.ts';

const NOW = Date.parse('2026-11-25T12:00:00Z');
const agent = (n: number, address: string | null = `${n} rue des Lilas, Paris`): MapAgent => ({
  id: `00000000-0000-4000-8000-00000000000${n}`,
  name: `Agent ${n}`,
  subdomain: `agent${n}`,
  address,
});
const found = (a: MapAgent, address = normaliseAddress(a.address)!): CachedLocation => ({
  agent_id: a.id,
  address,
  status: 'found',
  latitude: 48.86,
  longitude: 2.38,
  display_name: 'Paris',
  geocoded_at: new Date(NOW - 1000).toISOString(),
});
const options = { now: NOW, batch: 10, geocoderConfigured: true };

describe('the geocode cache', () => {
  it('uses a cached point while the agent’s address is unchanged (spacing and case of blanks aside)', () => {
    const a = { ...agent(1), address: '  1 rue des Lilas,\n Paris ' };
    const plan = planGeocoding([a], [found(a, '1 rue des Lilas, Paris')], options);
    expect(plan.toGeocode).toEqual([]);
    expect(plan.points).toEqual([
      expect.objectContaining({ agentId: a.id, latitude: 48.86, longitude: 2.38, address: '1 rue des Lilas, Paris' }),
    ]);
  });

  it('geocodes again an agent whose address changed, and one never geocoded', () => {
    const moved = agent(1, '5 avenue Foch, Lyon');
    const fresh = agent(2);
    const plan = planGeocoding([moved, fresh], [found(moved, '1 rue des Lilas, Paris')], options);
    expect(plan.toGeocode.map((a) => [a.id, a.address])).toEqual([
      [moved.id, '5 avenue Foch, Lyon'],
      [fresh.id, '2 rue des Lilas, Paris'],
    ]);
    expect(plan.points).toEqual([]);
  });

  it('keeps a not-found answer for a week, then asks again', () => {
    const a = agent(1);
    const missing: CachedLocation = { ...found(a), status: 'not_found', latitude: null, longitude: null };
    const recent = planGeocoding([a], [missing], options);
    expect(recent.toGeocode).toEqual([]);
    expect(recent.unlocated).toEqual([expect.objectContaining({ agentId: a.id, reason: 'not_found' })]);
    const old = { ...missing, geocoded_at: new Date(NOW - NOT_FOUND_RETRY_MS).toISOString() };
    expect(planGeocoding([a], [old], options).toGeocode.map((x) => x.id)).toEqual([a.id]);
  });

  it('sends at most a batch to the provider; the rest are pending', () => {
    const agents = [1, 2, 3].map((n) => agent(n));
    const plan = planGeocoding(agents, [], { ...options, batch: 2 });
    expect(plan.toGeocode.map((a) => a.id)).toEqual([agents[0]!.id, agents[1]!.id]);
    expect(plan.unlocated).toEqual([expect.objectContaining({ agentId: agents[2]!.id, reason: 'pending' })]);
  });

  it('asks nothing without a provider, but still shows what was cached', () => {
    const cachedAgent = agent(1);
    const other = agent(2);
    const plan = planGeocoding([cachedAgent, other], [found(cachedAgent)], { ...options, geocoderConfigured: false });
    expect(plan.toGeocode).toEqual([]);
    expect(plan.points.map((p) => p.agentId)).toEqual([cachedAgent.id]);
    expect(plan.unlocated).toEqual([expect.objectContaining({ agentId: other.id, reason: 'pending' })]);
  });

  it('counts agents without an address and never geocodes them', () => {
    const plan = planGeocoding([agent(1, null), agent(2, '   ')], [], options);
    expect(plan).toEqual({ points: [], toGeocode: [], unlocated: [], withoutAddress: 2 });
  });
});
