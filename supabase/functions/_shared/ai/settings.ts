/**
 * Model names from platform settings (admin "AI models" screen). The stored value is admin-edited
 * JSON; anything missing or unusable falls back to DEFAULT_MODEL_SETTINGS rather than breaking chat.
 */
import { DEFAULT_MODEL_SETTINGS, type ModelSettings } from './types.ts';

const MODEL_NAME = /^[\w.:/@-]{1,200}$/;

export function resolveModelSettings(stored: unknown): ModelSettings {
  const source = stored !== null && typeof stored === 'object' ? (stored as Record<string, unknown>) : {};
  const pick = (key: keyof ModelSettings): string => {
    const value = source[key];
    return typeof value === 'string' && MODEL_NAME.test(value.trim()) ? value.trim() : DEFAULT_MODEL_SETTINGS[key];
  };
  return {
    chatModel: pick('chatModel'),
    whatsappModel: pick('whatsappModel'),
    internalCallModel: pick('internalCallModel'),
    gsmCallModel: pick('gsmCallModel'),
    embeddingModel: pick('embeddingModel'),
    transcriptionModel: pick('transcriptionModel'),
  };
}
