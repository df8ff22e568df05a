/** Wiring from the environment: the local stack imports this file's makeHandler(env); index.ts serves it under Deno. */
import { createAiProvider } from '../_shared/ai/factory.ts';
import { createAgentLoader } from '../_shared/conversation/agents.ts';
import {
  controlVoiceCall,
  DEFAULT_REALTIME_MODEL,
  type VoiceCallControlDeps,
  type VoiceControlConnection,
} from '../_shared/conversation/channels/browser-voice.ts';
import { createRpcRetriever } from '../_shared/conversation/knowledge.ts';
import { createTranscriptWriter } from '../_shared/conversation/transcript.ts';
import { createModelSettingsCache } from '../_shared/conversation/usage.ts';
import { VOICE_LEASE_SECONDS } from '../_shared/contracts/voice-lease.ts';
import { createFunctionApp } from '../_shared/platform/app.ts';
import { clientAddressKey, identifyCaller } from '../_shared/platform/visitor.ts';
import { anonymousKeys, createServiceClient, envRecord, type FunctionEnv } from '../_shared/platform/env.ts';
import { createToolRunner } from '../_shared/tools/runner.ts';
import { defaultCallControlHost, type CallControlHost } from '../_shared/voice/call-control-host.ts';
import { voiceCallTokenSecret } from '../_shared/voice/call-token.ts';
import { hangUpCall } from '../_shared/voice/hang-up.ts';
import { createOpenAiRealtime } from '../_shared/voice/openai-realtime.ts';
import { connectSideband } from '../_shared/voice/sideband.ts';
import { createVoiceSessionHandler } from './voice-session.ts';
import { createRestVoiceStore } from './store.ts';

export type { FunctionEnv };

/** Opens the sideband socket of a provider call (`_shared/voice/sideband.ts`'s connectSideband). */
export type SidebandConnector = (options: {
  apiKey: string;
  baseUrl: string;
  callId: string;
}) => Promise<VoiceControlConnection>;

export interface VoiceSessionWiring {
  /** Default: the real sideband client (connectSideband). */
  connectSideband?: SidebandConnector;
  /** Where call control runs (default: in this process, or the edge runtime's waitUntil). */
  host?: CallControlHost;
  /** Control settings for tests (lease renewal interval, tool bounds). */
  control?: Pick<VoiceCallControlDeps, 'leaseRenewMs' | 'toolLimits'>;
}

export function makeHandler(
  env: FunctionEnv,
  wiring: VoiceSessionWiring = {},
): (request: Request) => Promise<Response> {
  const apiKey = env.get('OPENAI_API_KEY');
  const baseUrl = env.get('OPENAI_BASE_URL') || 'https://api.openai.com/v1';
  const serviceRoleKey = env.get('SUPABASE_SERVICE_ROLE_KEY') ?? '';
  const service = env.get('SUPABASE_URL') && serviceRoleKey ? createServiceClient(env) : null;
  const loadAgent = service ? createAgentLoader(service) : null;
  const keys = anonymousKeys(env);
  const log = (event: string, details: Record<string, unknown>) => console.warn(`[voice-session] ${event}`, details);
  const models = service ? createModelSettingsCache(service) : null;
  // The admin's 'internal call' model (platform settings), read per call like chat reads its model.
  const model = models ? async () => (await models()).internalCallModel : DEFAULT_REALTIME_MODEL;
  const store = createRestVoiceStore({
    supabaseUrl: env.get('SUPABASE_URL') ?? '',
    serviceRoleKey,
    ...(env.fetch ? { fetchFn: env.fetch } : {}),
  });
  // OpenAI-compatible text servers have no realtime audio: voice needs OpenAI itself.
  const realtime = apiKey ? createOpenAiRealtime({ apiKey, baseUrl }) : null;

  let controlCall: ((callId: string) => void) | undefined;
  if (service && loadAgent && realtime && apiKey) {
    const connect = wiring.connectSideband ?? ((options) => connectSideband(options));
    const provider = createAiProvider(envRecord(env, ['OPENAI_API_KEY', 'OPENAI_BASE_URL', 'AI_PROVIDER']));
    const settings = models ?? createModelSettingsCache(service);
    const host = wiring.host ?? defaultCallControlHost(log);
    const deps: VoiceCallControlDeps = {
      ...wiring.control,
      model,
      log,
      loadAgent,
      async loadCall(callId) {
        const { data, error } = await service
          .from('calls')
          .select('user_id, assigned_agent, conversation_id, provider_call_id')
          .eq('id', callId)
          .eq('kind', 'browser_voice')
          .eq('status', 'recording')
          .maybeSingle<{
            user_id: string;
            assigned_agent: string | null;
            conversation_id: string | null;
            provider_call_id: string | null;
          }>();
        if (error) throw new Error(`reading the call failed: ${error.message}`);
        if (!data?.assigned_agent || !data.conversation_id || !data.provider_call_id) return null;
        return {
          callId,
          providerCallId: data.provider_call_id,
          agentId: data.assigned_agent,
          ownerId: data.user_id,
          conversationId: data.conversation_id,
        };
      },
      connect: (providerCallId) => connect({ apiKey, baseUrl, callId: providerCallId }),
      runTool: createToolRunner({ service, env }),
      retrieve: async (request) =>
        createRpcRetriever({ service, provider, embeddingModel: (await settings()).embeddingModel })(request),
      writeTranscript: createTranscriptWriter(service),
      async renewLease(callId, evidence) {
        const beat = await store.controlHeartbeat(callId, VOICE_LEASE_SECONDS, evidence.callerAudio);
        return beat?.open
          ? { alive: true, secondsLeft: beat.secondsLeft, final: beat.final, idleSeconds: beat.idleSeconds }
          : { alive: false, secondsLeft: 0, final: true };
      },
      async settle(callId) {
        const outcome = await store.endCall(callId, VOICE_LEASE_SECONDS);
        if (outcome?.claimed && outcome.providerCallId)
          await hangUpCall(
            { provider: realtime, record: (id, ok) => store.recordHangup(id, ok), log },
            callId,
            outcome.providerCallId,
          );
      },
    };
    controlCall = (callId) => host(controlVoiceCall(callId, deps));
  }

  // The platform layer adds routing, CORS (FUNCTIONS_ALLOWED_ORIGINS), the one error answer and
  // session verification.
  const fn = createFunctionApp('voice-session', env, { browser: true });
  const handle = createVoiceSessionHandler({
    // A signed-in owner (console sandbox) may call their own agent even while its page is off.
    // The visitor and address keys are those agent-chat rate-limits on.
    async identifyCaller(request) {
      const caller = await identifyCaller(request, { anonymousKeys: keys, auth: fn.auth });
      return { userId: caller.userId, visitorKey: caller.visitorKey, addressKey: await clientAddressKey(request) };
    },
    loadAgent: loadAgent ?? (async () => null),
    ...(controlCall ? { controlCall } : {}),
    // Call tokens are HMACs; a dedicated secret may be set, else the service key (never sent out) signs them.
    tokenSecret: voiceCallTokenSecret(env),
    store,
    realtime,
    model,
    log,
  });
  fn.get('/', (c) => handle(c.req.raw));
  fn.post('/', (c) => handle(c.req.raw));
  return fn.handler();
}
