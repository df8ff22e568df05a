/**
 * The model side of the natural-voice session from the function environment, the same for every
 * host (local stack in-process, Deno, the standalone relay): the core's agent loader (with the
 * phone's `transfer_call`), tool runner, knowledge retriever and transcript writer over the
 * service client, and the realtime model from OPENAI_API_KEY / OPENAI_BASE_URL (the base the
 * sideband uses, so tests reach the fake) with the admin's internal call model. The relay's
 * context adds the call store, the secrets and the drain registry (media-stream.ts).
 */
import { createAiProvider } from '../_shared/ai/factory.ts';
import { createAgentLoader } from '../_shared/conversation/agents.ts';
import { DEFAULT_REALTIME_MODEL } from '../_shared/conversation/channels/realtime-control.ts';
import { createRpcRetriever } from '../_shared/conversation/knowledge.ts';
import { createTranscriptWriter } from '../_shared/conversation/transcript.ts';
import { createModelSettingsCache } from '../_shared/conversation/usage.ts';
import { phoneAgentLoader } from '../_shared/phone/tools.ts';
import { createServiceClient, envRecord, type FunctionEnv } from '../_shared/platform/env.ts';
import { createToolRunner } from '../_shared/tools/runner.ts';
import { connectRealtimeSocket, realtimeUrl } from '../_shared/voice/sideband.ts';
import type { NaturalVoiceDeps } from './media-stream.ts';

/** Null when natural voice cannot run here: no database or no OpenAI key (realtime is OpenAI's). */
export function naturalVoiceFromEnv(
  env: FunctionEnv,
  options: { WebSocketImpl?: typeof WebSocket } = {},
): NaturalVoiceDeps | null {
  const apiKey = env.get('OPENAI_API_KEY')?.trim();
  if (!apiKey || !env.get('SUPABASE_URL') || !env.get('SUPABASE_SERVICE_ROLE_KEY')) return null;
  const baseUrl = env.get('OPENAI_BASE_URL')?.trim() || 'https://api.openai.com/v1';
  const service = createServiceClient(env);
  const loadAgent = createAgentLoader(service);
  const settings = createModelSettingsCache(service);
  const provider = createAiProvider(envRecord(env, ['OPENAI_API_KEY', 'OPENAI_BASE_URL', 'AI_PROVIDER']));
  return {
    loadAgent: (session) => phoneAgentLoader(loadAgent, service, session)({ agentId: session.agentId }),
    model: async () => (await settings()).internalCallModel || DEFAULT_REALTIME_MODEL,
    connectModel: (model, onFrame) =>
      connectRealtimeSocket(
        realtimeUrl(baseUrl, 'model', model),
        { apiKey, onFrame, ...(options.WebSocketImpl ? { WebSocketImpl: options.WebSocketImpl } : {}) },
        `model ${model}`,
      ),
    control: {
      runTool: createToolRunner({ service, env }),
      retrieve: async (request) =>
        createRpcRetriever({ service, provider, embeddingModel: (await settings()).embeddingModel })(request),
      writeTranscript: createTranscriptWriter(service),
    },
  };
}
