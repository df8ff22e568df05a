/**
 * `POST /functions/v1/agent-chat`: the engine's turn wired to the
 * database. verify_jwt is off so visitors can chat with public agents; any bearer that is not the
 * anon key must be a valid session (caller.ts). Everything runs as the service role with explicit
 * agent and conversation scoping: visitors never touch tables themselves.
 *
 * Rate limits (public traffic only): token buckets per visitor, per client address and per agent
 * (with a share kept for newcomers, see rate-limit.ts) kept in memory per
 * function instance. A table-backed store would be exact across instances but adds a database
 * round trip (and a hot row per agent) in front of every first token; the buckets are a guard
 * against floods, not a billing rule, so per-instance precision is enough, and each instance
 * bounds its own memory (MemoryBucketStore evicts the oldest keys).
 */
import { createAiProvider } from '../_shared/ai/factory.ts';
import { createAgentLoader, type LoadedAgent } from '../_shared/conversation/agents.ts';
import { createConversationStore } from '../_shared/conversation/conversations.ts';
import { createFunctionApp } from '../_shared/platform/app.ts';
import { identifyCaller } from '../_shared/platform/visitor.ts';
import {
  anonymousKeys,
  createServiceClient,
  envRecord,
  requireEnv,
  type FunctionEnv,
} from '../_shared/platform/env.ts';
import { createRpcRetriever } from '../_shared/conversation/knowledge.ts';
import { createChatMeter, createModelSettingsCache } from '../_shared/conversation/usage.ts';
import { createAgentChatHandler } from '../_shared/conversation/handler.ts';
import {
  ChatRateLimiter,
  DEFAULT_CHAT_RATE_LIMITS,
  MemoryBucketStore,
  type ChatRateLimits,
} from '../_shared/conversation/rate-limit.ts';
import { parseRatingRequest, rateConversation } from '../_shared/conversation/rating.ts';
import { jsonResponse } from '../_shared/platform/errors.ts';
import { offlineShareAction } from '../_shared/tools/interactions.ts';
import { createToolRunner } from '../_shared/tools/runner.ts';
import { voiceCallTokenSecret } from '../_shared/voice/call-token.ts';

export type { FunctionEnv };

/**
 * Optional overrides: CHAT_RATE_VISITOR="burst/perMinute", CHAT_RATE_ADDRESS and CHAT_RATE_AGENT
 * likewise; CHAT_RATE_NEWCOMER_RESERVE = share (0-1) of the agent bucket kept for newcomers.
 */
function rateLimits(env: FunctionEnv): ChatRateLimits {
  const parse = (raw: string | undefined, fallback: ChatRateLimits['perVisitor']) => {
    const match = raw ? /^(\d+)\/(\d+(?:\.\d+)?)$/.exec(raw.trim()) : null;
    return match ? { capacity: Number(match[1]), refillPerSecond: Number(match[2]) / 60 } : fallback;
  };
  const reserve = Number(env.get('CHAT_RATE_NEWCOMER_RESERVE') ?? Number.NaN);
  return {
    perVisitor: parse(env.get('CHAT_RATE_VISITOR'), DEFAULT_CHAT_RATE_LIMITS.perVisitor),
    perAddress: parse(env.get('CHAT_RATE_ADDRESS'), DEFAULT_CHAT_RATE_LIMITS.perAddress),
    perAgent: parse(env.get('CHAT_RATE_AGENT'), DEFAULT_CHAT_RATE_LIMITS.perAgent),
    newcomerReserve: reserve >= 0 && reserve < 1 ? reserve : DEFAULT_CHAT_RATE_LIMITS.newcomerReserve,
  };
}

export function makeHandler(env: FunctionEnv): (request: Request) => Promise<Response> {
  requireEnv(env, 'SUPABASE_URL');
  const service = createServiceClient(env);
  const provider = createAiProvider(envRecord(env, ['OPENAI_API_KEY', 'OPENAI_BASE_URL', 'AI_PROVIDER']));
  const models = createModelSettingsCache(service);
  const rateLimiter = new ChatRateLimiter(new MemoryBucketStore(), rateLimits(env));
  const loadAgent = createAgentLoader(service);
  const runTool = createToolRunner({ service, env });
  const meter = createChatMeter(service);
  const keys = anonymousKeys(env);
  const log = (event: string, details: Record<string, unknown>) =>
    console.warn(`agent-chat ${event}`, JSON.stringify(details));

  // The platform layer adds routing, CORS (FUNCTIONS_ALLOWED_ORIGINS), the one error answer and
  // session verification; the SSE Response is returned as is (Hono only merges the CORS headers in).
  const fn = createFunctionApp('agent-chat', env, { browser: true });
  const handle = createAgentChatHandler({
    identify: (request) => identifyCaller(request, { anonymousKeys: keys, auth: fn.auth }),
    turnDeps: async () => {
      const settings = await models();
      return {
        loadAgent,
        retrieve: createRpcRetriever({ service, provider, embeddingModel: settings.embeddingModel }),
        provider,
        models: settings,
        runTool,
        persist: createConversationStore(service),
        meter,
        rateLimiter,
        log,
        offlineAction: (agent, message) => offlineShareAction(agent as LoadedAgent, message),
      };
    },
    log,
  });
  fn.post('/', (c) => handle(c.req.raw));
  // The visitor's rating of the conversation: same caller identity as a turn, or the
  // voice call token for the end of a browser voice call.
  const rating = { service, callTokenSecret: voiceCallTokenSecret(env) };
  fn.post('/rating', async (c) => {
    const caller = await identifyCaller(c.req.raw, { anonymousKeys: keys, auth: fn.auth });
    const input = await parseRatingRequest(c.req.raw);
    return jsonResponse(await rateConversation(rating, caller, input));
  });
  return fn.handler();
}
