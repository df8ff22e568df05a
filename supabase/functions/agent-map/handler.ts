/**
 * `POST /functions/v1/agent-map` (signed-in owners): the caller's agents placed at
 * their business addresses, for the console's /map. Body (optional): `{agentIds?: uuid[]}`.
 * Answers `AgentMapResponse` (contracts/agent-map.ts).
 *
 * The agents and their cached points are read as the caller, and only the caller's own agents
 * (`user_id` = the caller: an admin's RLS would show everyone's); addresses not cached yet are sent
 * to the configured Nominatim-compatible geocoder (GEOCODER_URL, paced, at most GEOCODE_BATCH per
 * request) and the answers are written to `agent_locations` with the service role, which alone may
 * write it, for exactly those agents. Without GEOCODER_URL nothing is geocoded and the answer says so.
 */
import {
  GEOCODE_BATCH,
  agentMapRequestSchema,
  type AgentMapResponse,
  type AgentMapUnlocated,
} from '../_shared/contracts/agent-map.ts';
import { planGeocoding, pointOf, type CachedLocation, type MapAgent } from '../_shared/geocode/cache.ts';
import { GeocoderError, geocodeAddress, geocoderFromEnv } from '../_shared/geocode/nominatim.ts';
import { createFunctionApp, jsonResponse, parseOptionalJsonBody, type FunctionEnv } from '../_shared/platform/index.ts';

export type { FunctionEnv };

/** An owner's agents drawn on one map; beyond this the map shows the first ones. */
const MAX_AGENTS = 500;

function language(request: Request): string {
  const first = request.headers.get('accept-language')?.split(',')[0]?.trim().slice(0, 2).toLowerCase();
  return first && /^[a-z]{2}$/.test(first) ? first : 'en';
}

export function makeHandler(env: FunctionEnv) {
  const fn = createFunctionApp('agent-map', env, { browser: true });
  const geocoder = geocoderFromEnv(env);

  fn.post('/', async (c) => {
    const caller = await fn.auth.requireOwner(c.req.raw);
    const input = await parseOptionalJsonBody(c.req.raw, agentMapRequestSchema);
    const asCaller = fn.asCaller(caller);

    let agentsQuery = asCaller
      .from('agents')
      .select('id, name, subdomain, address')
      .eq('user_id', caller.userId)
      .order('created_at')
      .limit(MAX_AGENTS);
    if (input.agentIds) agentsQuery = agentsQuery.in('id', input.agentIds);
    const agents = await agentsQuery;
    if (agents.error) throw new Error(`reading the agents failed: ${agents.error.message}`);
    const mine = (agents.data ?? []) as MapAgent[];

    const cached = mine.length
      ? await asCaller
          .from('agent_locations')
          .select('agent_id, address, status, latitude, longitude, display_name, geocoded_at')
          .in(
            'agent_id',
            mine.map((a) => a.id),
          )
      : { data: [], error: null };
    if (cached.error) throw new Error(`reading the cached locations failed: ${cached.error.message}`);

    const plan = planGeocoding(mine, (cached.data ?? []) as CachedLocation[], {
      now: Date.now(),
      batch: GEOCODE_BATCH,
      geocoderConfigured: geocoder !== null,
    });

    const unlocated: AgentMapUnlocated[] = [...plan.unlocated];
    let providerDown = false;
    for (const agent of plan.toGeocode) {
      if (!geocoder || providerDown) {
        unlocated.push({ agentId: agent.id, name: agent.name, address: agent.address, reason: 'pending' });
        continue;
      }
      let row: CachedLocation;
      try {
        const result = await geocodeAddress(geocoder, agent.address, language(c.req.raw));
        row = {
          agent_id: agent.id,
          address: agent.address,
          status: result.status,
          latitude: result.status === 'found' ? result.latitude : null,
          longitude: result.status === 'found' ? result.longitude : null,
          display_name: result.status === 'found' ? result.displayName : null,
          geocoded_at: new Date().toISOString(),
        };
      } catch (error) {
        if (!(error instanceof GeocoderError)) throw error;
        // A failing provider is not asked again in this request, and nothing is cached.
        console.warn('agent-map geocoder', error.message);
        providerDown = true;
        unlocated.push({ agentId: agent.id, name: agent.name, address: agent.address, reason: 'failed' });
        continue;
      }
      // Service role: no client may write the cache. The row is one of the caller's own agents,
      // read above as the caller; the foreign key ties (agent_id, user_id) to that agent.
      const saved = await fn
        .service()
        .from('agent_locations')
        .upsert({ ...row, user_id: caller.userId }, { onConflict: 'agent_id' });
      // The agent was deleted meanwhile (foreign key): it is simply not on the map.
      if (saved.error && saved.error.code !== '23503')
        throw new Error(`caching a location failed: ${saved.error.message}`);
      const point = pointOf(agent, row);
      if (point) plan.points.push(point);
      else unlocated.push({ agentId: agent.id, name: agent.name, address: agent.address, reason: 'not_found' });
    }

    const body: AgentMapResponse = {
      geocoder: geocoder ? 'configured' : 'not_configured',
      points: plan.points,
      unlocated,
      withoutAddress: plan.withoutAddress,
    };
    return jsonResponse(body);
  });

  return fn.handler();
}
