/**
 * Chooses the provider from the environment: OpenAI when OPENAI_API_KEY is set,
 * an OpenAI-compatible server when OPENAI_BASE_URL is set (a key is optional there: Ollama
 * ignores it), otherwise offline. AI_PROVIDER forces a choice (e.g. `openai` against a fake OpenAI
 * server on loopback in tests, so audio is exercised too). The environment is passed in (Deno.env in functions,
 * process.env in Node), never read here.
 */
import { OfflineProvider } from './offline-provider.ts';
import { OpenAiProvider, type OpenAiProviderOptions } from './openai-provider.ts';
import type { AiProvider } from './types.ts';

export interface ProviderEnv {
  OPENAI_API_KEY?: string | undefined;
  OPENAI_BASE_URL?: string | undefined;
  AI_PROVIDER?: string | undefined;
}

export type ProviderTuning = Pick<
  OpenAiProviderOptions,
  'fetch' | 'retry' | 'requestTimeoutMs' | 'idleTimeoutMs' | 'random'
>;

const OPENAI_DEFAULT_BASE_URL = 'https://api.openai.com/v1';

/** Placeholder key for compatible servers that need none (the SDK refuses an empty key). */
const NO_KEY = 'not-needed';

function isOpenAiItself(baseURL: string): boolean {
  try {
    return new URL(baseURL).hostname === 'api.openai.com';
  } catch {
    return false;
  }
}

export function createAiProvider(env: ProviderEnv, tuning: ProviderTuning = {}): AiProvider {
  const apiKey = env.OPENAI_API_KEY?.trim() || undefined;
  const baseURL = env.OPENAI_BASE_URL?.trim().replace(/\/+$/, '') || undefined;
  if (baseURL !== undefined) {
    try {
      new URL(baseURL);
    } catch {
      throw new Error(`OPENAI_BASE_URL is not a valid URL: ${baseURL}`);
    }
  }
  const forced = env.AI_PROVIDER?.trim() || undefined;
  if (forced !== undefined) {
    switch (forced) {
      case 'offline':
        return new OfflineProvider();
      case 'openai':
      case 'openai-compatible':
        if (forced === 'openai' && !apiKey) throw new Error('AI_PROVIDER=openai needs OPENAI_API_KEY.');
        return new OpenAiProvider({
          kind: forced,
          apiKey: apiKey ?? NO_KEY,
          baseURL: baseURL ?? OPENAI_DEFAULT_BASE_URL,
          ...tuning,
        });
      default:
        throw new Error(`AI_PROVIDER must be openai, openai-compatible or offline (got "${forced}").`);
    }
  }
  if (baseURL && !isOpenAiItself(baseURL)) {
    return new OpenAiProvider({ kind: 'openai-compatible', apiKey: apiKey ?? NO_KEY, baseURL, ...tuning });
  }
  if (apiKey) {
    return new OpenAiProvider({ kind: 'openai', apiKey, baseURL: baseURL ?? OPENAI_DEFAULT_BASE_URL, ...tuning });
  }
  return new OfflineProvider();
}
