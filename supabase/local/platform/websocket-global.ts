import WebSocket from 'ws';

/**
 * supabase-js ≥ 2.110 (realtime-js) throws in `createClient()` on Node 20, which has no global
 * WebSocket. Code running in the stack's process (edge functions, the lead's
 * `npm start`, tests) creates clients without passing a transport, so the stack installs `ws` as
 * the global when none exists. Node 22+ keeps its native one.
 */
export function installWebSocketGlobal(): void {
  const scope = globalThis as { WebSocket?: unknown };
  if (typeof scope.WebSocket === 'undefined') scope.WebSocket = WebSocket;
}
