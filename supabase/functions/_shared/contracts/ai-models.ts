/**
 * The AI models an admin chooses ("System settings", option lists): the console's
 * 'AI Models' tab offers these, the functions fall back to the defaults. Stored in
 * `platform_settings` (chat_model, whatsapp_model, internal_call_model, gsm_call_model).
 */
import { z } from 'zod';

/** Chat and WhatsApp (text) models. */
export const TEXT_MODEL_OPTIONS = ['gpt-4.1', 'gpt-4.1-mini', 'gpt-4.1-nano', 'gpt-4o', 'gpt-4o-mini'] as const;

/**
 * Realtime models for browser (internal) and phone (GSM) calls: the GA models the voice path
 * runs first, then the older dated previews.
 */
export const CALL_MODEL_OPTIONS = [
  'gpt-realtime',
  'gpt-realtime-mini',
  'gpt-4o-realtime-preview-2025-06-03',
  'gpt-4o-realtime-preview-2024-12-17',
  'gpt-4o-mini-realtime-preview-2024-12-17',
] as const;

export const DEFAULT_TEXT_MODEL = 'gpt-4.1';

/**
 * What a chat model takes besides text, by model name (one definition: the WhatsApp adapter asks
 * it before it hands an image to the model). A name not listed (an OpenAI-compatible server's own
 * model) is assumed to read text only: the user is then told the agent cannot see images rather
 * than the request failing at the provider.
 */
export const TEXT_MODEL_CAPABILITIES: Readonly<Record<string, { vision: boolean }>> = {
  'gpt-4.1': { vision: true },
  'gpt-4.1-mini': { vision: true },
  'gpt-4.1-nano': { vision: true },
  'gpt-4o': { vision: true },
  'gpt-4o-mini': { vision: true },
};

/** True when the chat model can be shown images (OpenAI `image_url` content parts). */
export function modelSeesImages(model: string): boolean {
  return Object.hasOwn(TEXT_MODEL_CAPABILITIES, model) && TEXT_MODEL_CAPABILITIES[model]!.vision;
}
export const DEFAULT_CALL_MODEL = 'gpt-realtime';

/**
 * A model name as stored: OpenAI-compatible servers (Ollama, vLLM) use their own names, so the
 * database keeps any well-formed name and the console shows a stored name even when it is not in
 * the lists above.
 */
export const modelNameSchema = z
  .string()
  .trim()
  .regex(/^[\w.:/@-]{1,100}$/);

export const modelSettingsSchema = z.object({
  chatModel: modelNameSchema,
  whatsappModel: modelNameSchema,
  internalCallModel: modelNameSchema,
  gsmCallModel: modelNameSchema,
});
export type ModelSettingsForm = z.infer<typeof modelSettingsSchema>;
