/**
 * The conversation core's pieces for one relay, built once per environment and shared by both
 * voice modes (ConversationRelay's text turns and natural voice's realtime control): one
 * service-role client, one agent loader (its cache), one model-settings cache, one text provider,
 * one tool runner and meter. Each call then wraps the loader with the phone's tools
 * (`phoneAgentLoader`: `transfer_call` when the agent has a transfer number).
 */
import type { DbClient } from '../_shared/platform/env.ts';
import { createAiProvider } from '../_shared/ai/factory.ts';
import type { AiProvider } from '../_shared/ai/types.ts';
import { createAgentLoader, type AgentLoader } from '../_shared/conversation/agents.ts';
import type { ToolInvocation, ToolOutcome } from '../_shared/conversation/turn.ts';
import { createChatMeter, createModelSettingsCache } from '../_shared/conversation/usage.ts';
import type { PhoneCallSession } from '../_shared/phone/call-store.ts';
import { phoneAgentLoader } from '../_shared/phone/tools.ts';
import { createServiceClient, envRecord, type FunctionEnv } from '../_shared/platform/env.ts';
import { createToolRunner } from '../_shared/tools/runner.ts';

export interface PhoneCore {
  service: DbClient;
  provider: AiProvider;
  models: ReturnType<typeof createModelSettingsCache>;
  loadAgent: AgentLoader;
  runTool(invocation: ToolInvocation): Promise<ToolOutcome>;
  meter: ReturnType<typeof createChatMeter>;
  /** The call's agent as a phone call sees it (the core's loader plus the phone's tools). */
  agentFor(call: PhoneCallSession): AgentLoader;
}

export function phoneCoreFromEnv(env: FunctionEnv): PhoneCore {
  const service = createServiceClient(env);
  const loadAgent = createAgentLoader(service);
  return {
    service,
    provider: createAiProvider(envRecord(env, ['OPENAI_API_KEY', 'OPENAI_BASE_URL', 'AI_PROVIDER'])),
    models: createModelSettingsCache(service),
    loadAgent,
    runTool: createToolRunner({ service, env }),
    meter: createChatMeter(service),
    agentFor: (call) => phoneAgentLoader(loadAgent, service, call),
  };
}
