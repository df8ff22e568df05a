/** Wiring from the environment: the local stack imports this file's makeHandler(env); index.ts serves it under Deno. */
import { createVoiceSessionHandler } from './voice-session.ts';
import { createOpenAiRealtime } from './openai-realtime.ts';
import { DEFAULT_REALTIME_MODEL } from './session.ts';
import { createRestVoiceStore } from './store.ts';

export interface FunctionEnv {
  get(name: string): string | undefined;
}

export function makeHandler(env: FunctionEnv): (request: Request) => Promise<Response> {
  const apiKey = env.get('OPENAI_API_KEY');
  return createVoiceSessionHandler({
    store: createRestVoiceStore({
      supabaseUrl: env.get('SUPABASE_URL') ?? '',
      serviceRoleKey: env.get('SUPABASE_SERVICE_ROLE_KEY') ?? '',
    }),
    // OpenAI-compatible text servers have no realtime audio: voice needs OpenAI itself.
    realtime: apiKey
      ? createOpenAiRealtime({ apiKey, ...(env.get('OPENAI_BASE_URL') ? { baseUrl: env.get('OPENAI_BASE_URL') } : {}) })
      : null,
    model: env.get('OPENAI_REALTIME_MODEL') ?? DEFAULT_REALTIME_MODEL,
    log: (event, details) => console.warn(`[voice-session] ${event}`, details),
  });
}
