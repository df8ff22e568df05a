/**
 * The relay every host runs: the local stack in-process, a hosted edge function and
 * the standalone long-lived process. A host asks `admit` before upgrading (the route exists, the
 * relay is not draining, Twilio signed the upgrade when the route says so) and hands the upgraded
 * socket to the session it got back. The relay counts live calls and drains: no new calls, live
 * ones finish until the deadline, then each says a short goodbye and ends.
 *
 * Stateless between calls: a session keeps only its own call in memory, and all call state goes
 * through `PhoneCallStore` (Postgres), so any replica can take any call.
 */
import { verifyTwilioSignature } from '../_shared/platform/signing.ts';
import { PHONE_ROUTES, type RelayRoute } from './routes.ts';
import { DRAIN_CLOSE_AFTER_MS, type RelayContext, type RelayDeps, type LiveCall } from './context.ts';
import { SOCKET_OPEN, type RelaySessionHandler, type RelaySocket, type RelayUpgrade } from './socket.ts';

export type Admission =
  { ok: true; upgrade: RelayUpgrade; session: RelaySessionHandler } | { ok: false; response: Response };

export interface Relay {
  /** The session handler for a path (`…/phone-relay/conversation-relay`), or null. */
  sessionFor(path: string): RelaySessionHandler | null;
  /** Checks an upgrade request before the host upgrades it. */
  admit(url: URL, headers: Headers): Promise<Admission>;
  activeCalls(): number;
  draining(): boolean;
  /** Stops taking calls; resolves when every live call has ended (at the latest at the deadline). */
  drain(deadlineMs: number): Promise<void>;
}

const failure = (status: number, code: string, message: string): Admission => ({
  ok: false,
  response: Response.json({ error: { code, message } }, { status }),
});

/** `/functions/v1/phone-relay/sandbox/conversation-relay` → `/sandbox/conversation-relay`. */
export function routePath(path: string): string {
  const at = path.indexOf('/phone-relay/');
  const tail = at >= 0 ? path.slice(at + '/phone-relay'.length) : path;
  return tail.replace(/\/+$/, '') || '/';
}

export function createRelay(deps: RelayDeps, routes: Record<string, RelayRoute> = PHONE_ROUTES): Relay {
  const sockets = new Set<RelaySocket>();
  const calls = new Set<LiveCall>();
  let isDraining = false;
  let allClosed: (() => void) | null = null;
  const log = deps.log ?? (() => {});

  const context: RelayContext = {
    ...deps,
    log,
    register(call) {
      calls.add(call);
      return () => calls.delete(call);
    },
  };
  const handlers = new Map<string, RelaySessionHandler>();
  for (const [path, route] of Object.entries(routes)) handlers.set(path, route.start(context));

  const track =
    (handler: RelaySessionHandler): RelaySessionHandler =>
    (socket, upgrade) => {
      sockets.add(socket);
      socket.addEventListener('close', () => {
        sockets.delete(socket);
        if (sockets.size === 0) allClosed?.();
      });
      handler(socket, upgrade);
    };

  return {
    sessionFor(path) {
      const handler = handlers.get(routePath(path));
      return handler ? track(handler) : null;
    },
    async admit(url, headers) {
      const path = routePath(url.pathname);
      const route = routes[path];
      const handler = handlers.get(path);
      if (!route || !handler) return failure(404, 'not_found', 'No relay route at this address.');
      if (isDraining) return failure(503, 'draining', 'This relay is shutting down; connect to another replica.');
      const publicUrl = `${deps.relayUrl}${path}`;
      if (route.twilioSigned) {
        // Twilio signs the wss URL exactly as given in the TwiML, with no parameters.
        const signed =
          deps.twilioAuthToken !== null &&
          (await verifyTwilioSignature(deps.twilioAuthToken, publicUrl, {}, headers.get('x-twilio-signature')));
        if (!signed) return failure(403, 'invalid_signature', 'The request is not signed by Twilio.');
      }
      return { ok: true, upgrade: { url, publicUrl, headers }, session: track(handler) };
    },
    activeCalls: () => sockets.size,
    draining: () => isDraining,
    async drain(deadlineMs) {
      isDraining = true;
      if (sockets.size === 0) return;
      const closed = new Promise<void>((resolve) => (allClosed = resolve));
      const wait = (ms: number) =>
        new Promise<'timeout'>((resolve) => {
          const timer = setTimeout(() => resolve('timeout'), Math.max(0, ms));
          void closed.then(() => clearTimeout(timer));
        });
      if ((await Promise.race([closed, wait(deadlineMs)])) !== 'timeout') return;
      log('relay_drain_deadline', { live: calls.size });
      for (const call of [...calls]) call.shutdown();
      if ((await Promise.race([closed, wait(DRAIN_CLOSE_AFTER_MS)])) !== 'timeout') return;
      for (const socket of [...sockets])
        if (socket.readyState === SOCKET_OPEN) socket.close(1001, 'relay shutting down');
    },
  };
}
