/**
 * `phone-relay`: the phone's WebSocket relay. Its sessions are in routes.ts; this
 * file is what every host shares:
 *  - `makeRelay(env, deps?)`: the relay (admission, sessions, live calls, drain);
 *  - `makeHandler(env)`: the plain HTTP side, `GET …/phone-relay/health` →
 *    `{ ok, draining, activeCalls }` (503 while draining, so load balancers stop sending calls),
 *    426 for a WebSocket route asked without an upgrade, 404 otherwise.
 * Hosts: the local stack upgrades `/functions/v1/phone-relay/*` in-process (supabase/local), the
 * standalone process is node-server.ts, and index.ts serves a hosted edge function (which ends
 * WebSockets after a few minutes: production calls go to the standalone relay).
 */
import type { FunctionEnv } from '../_shared/platform/env.ts';
import { defaultCallStore } from './default-store.ts';
import type { RelayDeps } from './context.ts';
import { relayDepsFromEnv } from './deps.ts';
import { createRelay, routePath, type Relay } from './relay.ts';
import { PHONE_ROUTES } from './routes.ts';

export type { Relay } from './relay.ts';
export type { FunctionEnv };

const shared = new Map<string, Relay>();

/**
 * The relay for an environment. Without `deps`, one relay per project and relay URL in this
 * process, so the health route and the upgrade route of one host see the same live calls.
 */
export function makeRelay(env: FunctionEnv, deps?: Partial<RelayDeps>): Relay {
  const build = () => createRelay(relayDepsFromEnv(env, deps?.store ?? defaultCallStore(env), deps));
  if (deps) return build();
  const key = `${env.get('SUPABASE_URL') ?? ''}|${env.get('PHONE_RELAY_URL') ?? ''}`;
  let relay = shared.get(key);
  if (!relay) shared.set(key, (relay = build()));
  return relay;
}

export function healthResponse(relay: Relay): Response {
  const draining = relay.draining();
  return Response.json(
    { ok: !draining, draining, activeCalls: relay.activeCalls() },
    { status: draining ? 503 : 200, headers: { 'cache-control': 'no-store' } },
  );
}

export function makeHandler(env: FunctionEnv, relay: Relay = makeRelay(env)): (request: Request) => Response {
  return (request) => {
    const path = routePath(new URL(request.url).pathname);
    if (path === '/health' && (request.method === 'GET' || request.method === 'HEAD')) return healthResponse(relay);
    if (PHONE_ROUTES[path]) {
      return Response.json(
        { error: { code: 'upgrade_required', message: 'This address takes WebSocket connections only.' } },
        { status: 426, headers: { upgrade: 'websocket' } },
      );
    }
    return Response.json({ error: { code: 'not_found', message: 'No relay route at this address.' } }, { status: 404 });
  };
}
