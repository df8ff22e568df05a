import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import type { AgentMapResponse } from '../../../supabase/functions/_shared/contracts/agent-map.ts';
import { startFakeGeo, type FakeGeo } from '../../fakes/geo/server.ts';
import {
  attemptInsert,
  attemptUpdate,
  serviceInsert,
  startCast,
  type Actor,
  type Cast,
} from '../security/support/actors.ts';

/**
 * /map's function: an owner's agents are geocoded through the configured provider
 * (a loopback Nominatim fake) once per address and cached; another owner's agents are never sent
 * to the provider nor shown; the cache is read per owner (RLS) and written by the function only.
 */
let cast: Cast;
let geo: FakeGeo;
const agents: Record<string, string> = {};

const ADDRESS = {
  bistrot: '12 rue des Lilas, 75011 Paris, France',
  garage: '3 avenue Foch, 69006 Lyon, France',
  nowhere: '1 Nowhere Lane, Atlantis',
  other: '7 Downing Street, London',
};

async function token(actor: Actor): Promise<string> {
  const { data } = await actor.client.auth.getSession();
  return data.session!.access_token;
}

async function callMap(
  bearer: string | null,
  body?: unknown,
): Promise<{ status: number; json: AgentMapResponse & { error?: { code: string } } }> {
  const headers: Record<string, string> = { apikey: cast.stack.anonKey };
  if (bearer) headers.authorization = `Bearer ${bearer}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${cast.stack.url}/functions/v1/agent-map`, {
    method: 'POST',
    headers,
    ...(body !== undefined ? { body: typeof body === 'string' ? body : JSON.stringify(body) } : {}),
  });
  return { status: res.status, json: (await res.json()) as AgentMapResponse & { error?: { code: string } } };
}

async function addAgent(owner: Actor, name: string, address: string | null): Promise<string> {
  const row = await serviceInsert<{ id: string }>(cast.service, 'agents', { user_id: owner.id, name, address });
  agents[name] = row.id;
  return row.id;
}

beforeAll(async () => {
  geo = await startFakeGeo();
  geo.place(ADDRESS.bistrot, 48.8589, 2.3799, 'Rue des Lilas, Paris');
  geo.place(ADDRESS.garage, 45.7686, 4.8461);
  geo.place(ADDRESS.other, 51.5034, -0.1276);
  cast = await startCast({ functionEnv: geo.geocoderEnv });
  await addAgent(cast.owner, 'Bistrot', ADDRESS.bistrot);
  await addAgent(cast.owner, 'Garage', ADDRESS.garage);
  await addAgent(cast.owner, 'Lost', ADDRESS.nowhere);
  await addAgent(cast.owner, 'Homeless', null);
  await addAgent(cast.otherOwner, 'Other', ADDRESS.other);
});
afterAll(async () => {
  await cast?.stack.stop();
  await geo?.close();
});

describe('agent-map', () => {
  it('places the owner’s agents at their geocoded addresses, asking the provider politely', async () => {
    const { status, json } = await callMap(await token(cast.owner));
    expect(status).toBe(200);
    expect(json.geocoder).toBe('configured');
    expect(json.points.map((p) => [p.name, p.latitude, p.longitude]).sort()).toEqual([
      ['Bistrot', 48.8589, 2.3799],
      ['Garage', 45.7686, 4.8461],
    ]);
    expect(json.unlocated).toEqual([
      { agentId: agents.Lost, name: 'Lost', address: ADDRESS.nowhere, reason: 'not_found' },
    ]);
    expect(json.withoutAddress).toBe(1);
    expect(geo.searches.map((s) => s.q).sort()).toEqual([ADDRESS.garage, ADDRESS.bistrot, ADDRESS.nowhere].sort());
    expect(new Set(geo.searches.map((s) => s.userAgent))).toEqual(new Set(['Concierge tests (fake geocoder)']));
  });

  it('answers a second time from the cache, without asking the provider again', async () => {
    const before = geo.searches.length;
    const { json } = await callMap(await token(cast.owner));
    expect(json.points).toHaveLength(2);
    expect(geo.searches.length).toBe(before);
  });

  it('another owner’s agent is never geocoded nor shown, even when its id is asked for', async () => {
    const { status, json } = await callMap(await token(cast.owner), { agentIds: [agents.Other, agents.Bistrot] });
    expect(status).toBe(200);
    expect(json.points.map((p) => p.name)).toEqual(['Bistrot']);
    expect(JSON.stringify(json)).not.toContain('Other');
    expect(geo.searches.map((s) => s.q)).not.toContain(ADDRESS.other);
  });

  it('an admin sees only their own agents on their map, not everyone’s', async () => {
    const { json } = await callMap(await token(cast.admin));
    expect(json).toMatchObject({ points: [], unlocated: [], withoutAddress: 0 });
    expect(geo.searches.map((s) => s.q)).not.toContain(ADDRESS.other);
  });

  it('the cache is read by the agent’s owner only and written by nobody but the function', async () => {
    const read = async (client: SupabaseClient) =>
      ((await client.from('agent_locations').select('agent_id')).data ?? []).map((r) => r.agent_id as string).sort();
    expect(await read(cast.owner.client)).toEqual([agents.Bistrot, agents.Garage, agents.Lost].sort());
    expect(await read(cast.otherOwner.client)).toEqual([]);
    expect(await read(cast.admin.client)).toEqual([]);
    expect(await read(cast.anon)).toEqual([]);
    const forged = {
      agent_id: agents.Homeless,
      user_id: cast.owner.id,
      address: 'x',
      status: 'found',
      latitude: 0,
      longitude: 0,
    };
    expect(await attemptInsert(cast.owner.client, 'agent_locations', forged)).toBe(false);
    expect(
      await attemptUpdate(cast.owner.client, 'agent_locations', { latitude: 10 }, { agent_id: agents.Bistrot }),
    ).toBe(0);
  });

  it('an edited address is geocoded again', async () => {
    await cast.service.from('agents').update({ address: ADDRESS.other }).eq('id', agents.Garage);
    const { json } = await callMap(await token(cast.owner));
    expect(json.points.find((p) => p.name === 'Garage')).toMatchObject({ latitude: 51.5034, longitude: -0.1276 });
    expect(geo.searches.filter((s) => s.q === ADDRESS.other)).toHaveLength(1);
  });

  it('a failing provider leaves the agent unlocated (failed), caches nothing and is asked again next time', async () => {
    const fresh = await addAgent(cast.owner, 'Fresh', ADDRESS.bistrot);
    geo.failNext(503);
    const failed = await callMap(await token(cast.owner), { agentIds: [fresh] });
    expect(failed.status).toBe(200);
    expect(failed.json.unlocated).toEqual([expect.objectContaining({ agentId: fresh, reason: 'failed' })]);
    expect((await cast.service.from('agent_locations').select('agent_id').eq('agent_id', fresh)).data).toEqual([]);
    const retried = await callMap(await token(cast.owner), { agentIds: [fresh] });
    expect(retried.json.points.map((p) => p.agentId)).toEqual([fresh]);
  });

  it('refuses a visitor and bad input with a clear 4xx', async () => {
    expect((await callMap(null)).status).toBe(401);
    const owner = await token(cast.owner);
    const notUuid = await callMap(owner, { agentIds: ['not-an-id'] });
    expect([notUuid.status, notUuid.json.error?.code]).toEqual([400, 'invalid_request']);
    const unknownField = await callMap(owner, { userId: cast.otherOwner.id });
    expect([unknownField.status, unknownField.json.error?.code]).toEqual([400, 'invalid_request']);
    const notJson = await callMap(owner, '{oops');
    expect(notJson.status).toBe(400);
  });
});
