/**
 * The `agent-chat` HTTP surface without its wiring: JSON body → validated input → startTurn →
 * `text/event-stream`, or one `{error:{code,message}}` 4xx before the stream starts. The function's
 * handler.ts supplies the dependencies (database, provider, caller identity) and mounts it on the
 * platform layer (routing, CORS).
 */
import { HttpError, errorResponse, httpErrorResponse } from '../platform/errors.ts';
import { readJsonBody } from '../platform/validate.ts';
import { parseAgentChatInput } from './input.ts';
import { SSE_HEADERS, sseBody } from '../contracts/conversation-events.ts';
import { startTurn, type TurnCaller, type TurnDeps } from './turn.ts';

export interface AgentChatHandlerDeps {
  /** Resolves who is calling (JWT user, anonymous visitor key); may throw HttpError 401. */
  identify(request: Request): Promise<TurnCaller>;
  /** Built per request (e.g. a supabase client acting as the caller). */
  turnDeps(request: Request, caller: TurnCaller): TurnDeps | Promise<TurnDeps>;
  keepAliveMs?: number;
  log?: (event: string, details: Record<string, unknown>) => void;
}

export function createAgentChatHandler(deps: AgentChatHandlerDeps): (request: Request) => Promise<Response> {
  return async (request) => {
    if (request.method !== 'POST') {
      return errorResponse(405, 'method_not_allowed', 'Use POST.', { allow: 'POST' });
    }
    try {
      const input = parseAgentChatInput(await readJsonBody(request));
      const caller = await deps.identify(request);
      const started = await startTurn({ input, caller, signal: request.signal }, await deps.turnDeps(request, caller));
      if (!started.ok) return httpErrorResponse(started.error);
      return new Response(sseBody(started.events, { keepAliveMs: deps.keepAliveMs ?? 15_000 }), {
        status: 200,
        headers: { ...SSE_HEADERS },
      });
    } catch (error) {
      if (error instanceof HttpError) return httpErrorResponse(error);
      deps.log?.('agent_chat_failed', { error: String(error) });
      return errorResponse(500, 'internal_error', 'Something went wrong. Please try again.');
    }
  };
}
