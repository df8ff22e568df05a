import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { WebSocketServer } from 'ws';
import type { StackContext } from '../core/contracts.ts';
import type { UpgradeService } from '../index.ts';
import type { FunctionEnv } from './env.ts';

/** What the stack needs of `supabase/functions/phone-relay/handler.ts` (imported by path, like functions). */
interface RelayModule {
  makeRelay(env: FunctionEnv): {
    admit(
      url: URL,
      headers: Headers,
    ): Promise<
      | { ok: true; upgrade: unknown; session: (socket: unknown, upgrade: unknown) => void }
      | { ok: false; response: Response }
    >;
  };
}

export const PHONE_RELAY_PREFIX = '/functions/v1/phone-relay/';

/**
 * The phone relay's WebSocket routes (`/functions/v1/phone-relay/*`) hosted in-process, as the
 * standalone relay hosts them: the relay admits the upgrade (route, drain, Twilio signature), then
 * `ws` upgrades it and the relay's session owns the socket. It uses the same module and env as the
 * function's HTTP side (health), so both see the same live calls.
 */
export function createPhoneRelayUpgrade(ctx: StackContext, env: () => Promise<FunctionEnv>): UpgradeService {
  const file = path.join(ctx.config.projectDir, 'supabase', 'functions', 'phone-relay', 'handler.ts');
  // A bundled stack (the desktop app) has the module in its function registry, not on disk.
  const bundled = ctx.config.bundled?.functions['phone-relay'];
  const loadRelayModule = bundled ?? (() => import(pathToFileURL(file).href));
  const wss = new WebSocketServer({ noServer: true, maxPayload: 256 * 1024 });
  let relay: Promise<ReturnType<RelayModule['makeRelay']>> | undefined;

  const answer = async (socket: Duplex, response: Response) => {
    const body = await response.text();
    socket.end(
      `HTTP/1.1 ${response.status} ${response.statusText || 'Error'}\r\nConnection: close\r\n` +
        `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
  };

  return {
    handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer) {
      void (async () => {
        relay ??= (async () => ((await loadRelayModule()) as RelayModule).makeRelay(await env()))();
        const headers = new Headers();
        for (const [name, value] of Object.entries(request.headers)) {
          if (typeof value === 'string') headers.set(name, value);
        }
        const admitted = await (await relay).admit(new URL(request.url ?? '/', ctx.config.apiUrl), headers);
        if (!admitted.ok) return answer(socket, admitted.response);
        wss.handleUpgrade(request, socket, head, (ws) => admitted.session(ws, admitted.upgrade));
      })().catch((error: unknown) => {
        relay = undefined;
        ctx.log(`error: phone-relay upgrade: ${(error as Error)?.stack ?? String(error)}`);
        socket.destroy();
      });
    },
    async close() {
      for (const client of wss.clients) client.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}
