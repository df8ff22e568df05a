/**
 * The relay's dependencies from the function environment, the same on every host (local stack,
 * edge function, standalone process): the service-role client (the relay is a server acting for
 * calls it authenticated), the call store, the token secret, Twilio's auth token and public relay
 * URL, and the conversation core wired as agent-chat wires it, with the call's own conversation.
 * Both voice modes get their pieces from one `PhoneCore` (one client, loader, caches, provider).
 */
import { createRpcRetriever } from '../_shared/conversation/knowledge.ts';
import type { LoadedAgent } from '../_shared/conversation/agents.ts';
import { createCallConversationStore } from '../_shared/phone/call-conversation.ts';
import type { PhoneCallStore } from '../_shared/phone/call-store.ts';
import { phoneTokenSecret } from '../_shared/phone/call-token.ts';
import type { FunctionEnv } from '../_shared/platform/env.ts';
import { offlineShareAction } from '../_shared/tools/interactions.ts';
import { twilioConfig } from '../_shared/twilio/config.ts';
import type { RelayDeps } from './context.ts';
import { phoneCoreFromEnv } from './core.ts';
import { naturalVoiceFromCore } from './media-stream-wiring.ts';

export function relayDepsFromEnv(
  env: FunctionEnv,
  store: PhoneCallStore,
  overrides: Partial<Omit<RelayDeps, 'env' | 'store'>> = {},
): RelayDeps {
  const core = phoneCoreFromEnv(env);
  const { service, provider, models, runTool, meter } = core;
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
        // The phone's tools (transfer_call) are offered in both voice modes.
        loadAgent: core.agentFor(call),
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
    // Natural voice shares the core above (null: no OpenAI key; an override wins).
    naturalVoice: overrides.naturalVoice !== undefined ? overrides.naturalVoice : naturalVoiceFromCore(core, env),
  };
}
