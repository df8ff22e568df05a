export * from './types.ts';
export * from './errors.ts';
export { createAiProvider, type ProviderEnv, type ProviderTuning } from './factory.ts';
export { OpenAiProvider, type OpenAiProviderOptions } from './openai-provider.ts';
export {
  OfflineProvider,
  OFFLINE_CHAT_MODEL,
  OFFLINE_EMBEDDING_MODEL,
  extractAnswer,
  offlinePhrase,
} from './offline-provider.ts';
export { DEFAULT_RETRY_POLICY, type RetryPolicy } from './retry.ts';
export { completeFromStream } from './complete.ts';
export { resolveModelSettings } from './settings.ts';
