/**
 * The natural-voice session's dependencies from the function environment, the same for every host
 * (local stack in-process, Deno, the standalone relay): the core's agent loader, tool runner,
 * knowledge retriever and transcript writer over the service client; the realtime model from
 * OPENAI_API_KEY / OPENAI_BASE_URL (the base the sideband uses, so tests reach the fake) and the
 * admin's internal call model; Twilio's auth token for upgrade signatures; the call token secret.
 * The call store is passed in (`createPhoneCallStore(service)` in production).
 */
import { createAiProvider } from '../_shared/ai/factory.ts';
import { createAgentLoader } from '../_shared/conversation/agents.ts';
import { DEFAULT_REALTIME_MODEL } from '../_shared/conversation/channels/realtime-control.ts';
import { createRpcRetriever } from '../_shared/conversation/knowledge.ts';
import { createTranscriptWriter } from '../_shared/conversation/transcript.ts';
import { createModelSettingsCache } from '../_shared/conversation/usage.ts';
import type { PhoneCallStore } from '../_shared/phone/call-store.ts';
import { phoneTokenSecret } from '../_shared/phone/call-token.ts';
import { phoneAgentLoader } from '../_shared/phone/tools.ts';
import { createServiceClient, envRecord, type FunctionEnv } from '../_shared/platform/env.ts';
import { createToolRunner } from '../_shared/tools/runner.ts';
import { twilioConfig } from '../_shared/twilio/config.ts';
import { connectRealtimeSocket, realtimeUrl } from '../_shared/voice/sideband.ts';
import type { MediaStreamDeps } from './media-stream.ts';

export interface MediaStreamWiring {
  store: PhoneCallStore;
  /** Default: the runtime's WebSocket (the local stack installs `ws` on Node 20). */
  WebSocketImpl?: typeof WebSocket;
  overrides?: Partial<Pick<MediaStreamDeps, 'leaseRenewMs' | 'log' | 'onRelayTime' | 'drainSignal'>>;
}

/** Null when natural voice cannot run here: no database or no OpenAI key (realtime is OpenAI's). */
export function mediaStreamDeps(env: FunctionEnv, wiring: MediaStreamWiring): MediaStreamDeps | null {
  const apiKey = env.get('OPENAI_API_KEY')?.trim();
  if (!apiKey || !env.get('SUPABASE_URL') || !env.get('SUPABASE_SERVICE_ROLE_KEY')) return null;
  const baseUrl = env.get('OPENAI_BASE_URL')?.trim() || 'https://api.openai.com/v1';
  const service = createServiceClient(env);
  const loadAgent = createAgentLoader(service);
  const settings = createModelSettingsCache(service);
  const provider = createAiProvider(envRecord(env, ['OPENAI_API_KEY', 'OPENAI_BASE_URL', 'AI_PROVIDER']));
  const log = (event: string, details: Record<string, unknown>) => console.warn(`[phone-relay] ${event}`, details);
  return {
    store: wiring.store,
    tokenSecret: phoneTokenSecret(env),
    twilioAuthToken: twilioConfig(env).authToken,
    loadAgent: (session) => phoneAgentLoader(loadAgent, service, session)({ agentId: session.agentId }),
    model: async () => (await settings()).internalCallModel || DEFAULT_REALTIME_MODEL,
    connectModel: (model, onFrame) =>
      connectRealtimeSocket(
        realtimeUrl(baseUrl, 'model', model),
        { apiKey, onFrame, ...(wiring.WebSocketImpl ? { WebSocketImpl: wiring.WebSocketImpl } : {}) },
        `model ${model}`,
      ),
    control: {
      runTool: createToolRunner({ service, env }),
      retrieve: async (request) =>
        createRpcRetriever({ service, provider, embeddingModel: (await settings()).embeddingModel })(request),
      writeTranscript: createTranscriptWriter(service),
    },
    log,
    ...wiring.overrides,
  };
}
