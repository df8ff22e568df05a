/**
 * The model side of the natural-voice session, the same for every host (local stack in-process,
 * Deno, the standalone relay): the relay's `PhoneCore` (agent loader with the phone's
 * `transfer_call`, tool runner, knowledge retriever, settings) plus the core's transcript writer,
 * and the realtime model from OPENAI_API_KEY / OPENAI_BASE_URL (the base the sideband uses, so
 * tests reach the fake) with the admin's internal call model. The relay's context adds the call
 * store, the secrets and the drain registry (media-stream.ts).
 */
import { DEFAULT_REALTIME_MODEL } from '../_shared/conversation/channels/realtime-control.ts';
import { createRpcRetriever } from '../_shared/conversation/knowledge.ts';
import { createTranscriptWriter } from '../_shared/conversation/transcript.ts';
import type { FunctionEnv } from '../_shared/platform/env.ts';
import { connectRealtimeSocket, realtimeUrl } from '../_shared/voice/sideband.ts';
import { phoneCoreFromEnv, type PhoneCore } from './core.ts';
import type { NaturalVoiceDeps } from './media-stream.ts';

interface WiringOptions {
  WebSocketImpl?: typeof WebSocket;
}

/** Null when natural voice cannot run here: no OpenAI key (realtime is OpenAI's). */
export function naturalVoiceFromCore(
  core: PhoneCore,
  env: FunctionEnv,
  options: WiringOptions = {},
): NaturalVoiceDeps | null {
  const apiKey = env.get('OPENAI_API_KEY')?.trim();
  if (!apiKey) return null;
  const baseUrl = env.get('OPENAI_BASE_URL')?.trim() || 'https://api.openai.com/v1';
  const { service, provider, models } = core;
  return {
    agentFor: core.agentFor,
    model: async () => (await models()).internalCallModel || DEFAULT_REALTIME_MODEL,
    connectModel: (model, onFrame) =>
      connectRealtimeSocket(
        realtimeUrl(baseUrl, 'model', model),
        { apiKey, onFrame, ...(options.WebSocketImpl ? { WebSocketImpl: options.WebSocketImpl } : {}) },
        `model ${model}`,
      ),
    control: {
      runTool: core.runTool,
      retrieve: async (request) =>
        createRpcRetriever({ service, provider, embeddingModel: (await models()).embeddingModel })(request),
      writeTranscript: createTranscriptWriter(service),
    },
  };
}

/** The same from the environment alone (tests, hosts without a relay core); null without a database. */
export function naturalVoiceFromEnv(env: FunctionEnv, options: WiringOptions = {}): NaturalVoiceDeps | null {
  if (!env.get('OPENAI_API_KEY')?.trim() || !env.get('SUPABASE_URL') || !env.get('SUPABASE_SERVICE_ROLE_KEY'))
    return null;
  return naturalVoiceFromCore(phoneCoreFromEnv(env), env, options);
}
