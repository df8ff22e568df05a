/**
 * Deno entry (hosted edge function). WebSocket upgrades go to the relay's sessions; anything else
 * to the HTTP handler (health). Hosted edge functions end WebSockets after their wall-clock limit
 * (150 s free / 400 s paid), so production phone calls use the standalone relay (node-server.ts,
 * deploy/relay/README.md); this entry serves short calls and tries.
 */
import { makeHandler, makeRelay } from './handler.ts';

const relay = makeRelay(Deno.env);
const http = makeHandler(Deno.env, relay);

Deno.serve(async (request) => {
  if (request.headers.get('upgrade')?.toLowerCase() !== 'websocket') return http(request);
  const admitted = await relay.admit(new URL(request.url), request.headers);
  if (!admitted.ok) return admitted.response;
  const { socket, response } = Deno.upgradeWebSocket(request);
  admitted.session(socket, admitted.upgrade);
  return response;
});
