/** Wiring from the environment: the local stack imports this file's makeHandler(env); index.ts serves it under Deno. */
import { createAgentLoader } from '../_shared/agent-chat/agents.ts';
import { createModelSettingsCache } from '../_shared/agent-chat/usage.ts';
import { clientAddressKey, identifyCaller } from '../_shared/agent-chat/caller.ts';
import { anonymousKeys, createServiceClient } from '../_shared/agent-chat/env.ts';
import { createToolRunner } from '../_shared/tools/runner.ts';
import { createVoiceSessionHandler } from './voice-session.ts';
import { createOpenAiRealtime } from '../_shared/voice/openai-realtime.ts';
import { DEFAULT_REALTIME_MODEL } from './session.ts';
import { createRestVoiceStore } from './store.ts';

export interface FunctionEnv {
  get(name: string): string | undefined;
}

export function makeHandler(env: FunctionEnv): (request: Request) => Promise<Response> {
  const apiKey = env.get('OPENAI_API_KEY');
  const serviceRoleKey = env.get('SUPABASE_SERVICE_ROLE_KEY') ?? '';
  const service = env.get('SUPABASE_URL') && serviceRoleKey ? createServiceClient(env) : null;
  const loadAgent = service ? createAgentLoader(service) : null;
  const runTool = service ? createToolRunner({ service, env }) : null;
  const models = service ? createModelSettingsCache(service) : null;
  const keys = anonymousKeys(env);
  return createVoiceSessionHandler({
    // A signed-in owner (console sandbox) may call their own agent even while its page is off.
    // The visitor and address keys are those agent-chat rate-limits on.
    identifyCaller: service
      ? async (request) => {
          const caller = await identifyCaller(request, { anonymousKeys: keys, service });
          return { userId: caller.userId, visitorKey: caller.visitorKey, addressKey: await clientAddressKey(request) };
        }
      : undefined,
    tools:
      loadAgent && runTool
        ? { loadAgent: (agentId) => loadAgent({ agentId }), run: (invocation) => runTool(invocation) }
        : null,
    // Call tokens are HMACs; a dedicated secret may be set, else the service key (never sent out) signs them.
    tokenSecret: env.get('VOICE_CALL_TOKEN_SECRET') || serviceRoleKey || undefined,
    store: createRestVoiceStore({
      supabaseUrl: env.get('SUPABASE_URL') ?? '',
      serviceRoleKey: env.get('SUPABASE_SERVICE_ROLE_KEY') ?? '',
    }),
    // OpenAI-compatible text servers have no realtime audio: voice needs OpenAI itself.
    realtime: apiKey
      ? createOpenAiRealtime({ apiKey, ...(env.get('OPENAI_BASE_URL') ? { baseUrl: env.get('OPENAI_BASE_URL') } : {}) })
      : null,
    // The admin's 'internal call' model (platform settings), read per call like chat reads its model.
    model: models ? async () => (await models()).internalCallModel : DEFAULT_REALTIME_MODEL,
    log: (event, details) => console.warn(`[voice-session] ${event}`, details),
  });
}
