/**
 * The relay's dependencies from the function environment, the same on every host (local stack,
 * edge function, standalone process): the service-role client (the relay is a server acting for
 * calls it authenticated), the call store, the token secret, Twilio's auth token and public relay
 * URL, and the conversation core wired as agent-chat wires it, with the call's own conversation.
 */
import { createAiProvider } from '../_shared/ai/factory.ts';
import { createAgentLoader, type LoadedAgent } from '../_shared/conversation/agents.ts';
import { createRpcRetriever } from '../_shared/conversation/knowledge.ts';
import { createChatMeter, createModelSettingsCache } from '../_shared/conversation/usage.ts';
import { createCallConversationStore } from '../_shared/phone/call-conversation.ts';
import type { PhoneCallStore } from '../_shared/phone/call-store.ts';
import { phoneTokenSecret } from '../_shared/phone/call-token.ts';
import { createServiceClient, envRecord, type FunctionEnv } from '../_shared/platform/env.ts';
import { offlineShareAction } from '../_shared/tools/interactions.ts';
import { createToolRunner } from '../_shared/tools/runner.ts';
import { twilioConfig } from '../_shared/twilio/config.ts';
import type { RelayDeps } from './context.ts';

export function relayDepsFromEnv(
  env: FunctionEnv,
  store: PhoneCallStore,
  overrides: Partial<Omit<RelayDeps, 'env' | 'store'>> = {},
): RelayDeps {
  const service = createServiceClient(env);
  const provider = createAiProvider(envRecord(env, ['OPENAI_API_KEY', 'OPENAI_BASE_URL', 'AI_PROVIDER']));
  const models = createModelSettingsCache(service);
  const loadAgent = createAgentLoader(service);
  const runTool = createToolRunner({ service, env });
  const meter = createChatMeter(service);
  const config = twilioConfig(env);
  const log = (event: string, details: Record<string, unknown>) =>
    console.warn(`phone-relay ${event}`, JSON.stringify(details));
  return {
    env,
    store,
    tokenSecret: phoneTokenSecret(env),
    twilioAuthToken: config.authToken,
    relayUrl: config.relayUrl,
    log,
    async turnDeps(call) {
      const settings = await models();
      return {
        loadAgent,
        retrieve: createRpcRetriever({ service, provider, embeddingModel: settings.embeddingModel }),
        provider,
        models: settings,
        runTool,
        persist: createCallConversationStore(service, call),
        meter,
        log,
        offlineAction: (agent, message) => offlineShareAction(agent as LoadedAgent, message),
      };
    },
    ...overrides,
  };
}
