/**
 * Usage metering and model settings. Chat is metered in tokens, not credits: credits are minutes
 * of voice calls, so a chat turn writes one `analytics_metrics` row (`chat.tokens`)
 * that billing and the dashboards read. Offline turns cost nothing and are not recorded; failed
 * turns never reach the meter (the engine skips it), so nothing is charged for them.
 */
import type { DbClient } from '../platform/env.ts';
import { resolveModelSettings } from '../ai/settings.ts';
import type { ModelSettings } from '../ai/types.ts';
import type { MeterCharge } from './turn.ts';
import { CONVERSATION_CHANNEL } from './conversations.ts';

export function createChatMeter(service: DbClient) {
  return async (charge: MeterCharge): Promise<void> => {
    if (charge.offline) return;
    const { error } = await service.from('analytics_metrics').insert({
      user_id: charge.agent.ownerId,
      agent_id: charge.agent.id,
      name: 'chat.tokens',
      value: charge.usage.totalTokens,
      dimensions: {
        conversation_id: charge.conversationId,
        message_id: charge.messageId,
        channel: CONVERSATION_CHANNEL[charge.channel],
        prompt_tokens: charge.usage.promptTokens,
        completion_tokens: charge.usage.completionTokens,
        model_calls: charge.usage.modelCalls,
      },
    });
    if (error) throw new Error(`metering failed: ${error.message}`);
  };
}

/** Records one owner-helper call (`assist.<task>`), same table and rules as chat. */
export async function meterAssist(
  service: DbClient,
  entry: { userId: string; task: string; totalTokens: number; offline: boolean; model: string },
): Promise<void> {
  if (entry.offline) return;
  const { error } = await service.from('analytics_metrics').insert({
    user_id: entry.userId,
    name: `assist.${entry.task}`,
    value: entry.totalTokens,
    dimensions: { model: entry.model },
  });
  if (error) throw new Error(`metering failed: ${error.message}`);
}

/**
 * Records speech the provider synthesised for a channel (`<channel>.speech`, e.g. WhatsApp voice-note
 * replies): text to speech is paid per character, so the value is the characters spoken. Same table
 * and rules as chat tokens; recorded once the provider has answered, whatever happens to the audio next.
 */
export async function meterSpeech(
  service: DbClient,
  entry: {
    channel: 'whatsapp';
    ownerId: string;
    agentId: string;
    conversationId: string;
    characters: number;
    model: string;
    /** What the speech answers (the inbound message id), so a record can be traced back. */
    replyTo: string;
  },
): Promise<void> {
  const { error } = await service.from('analytics_metrics').insert({
    user_id: entry.ownerId,
    agent_id: entry.agentId,
    name: `${entry.channel}.speech`,
    value: entry.characters,
    dimensions: {
      conversation_id: entry.conversationId,
      channel: entry.channel,
      model: entry.model,
      reply_to: entry.replyTo,
    },
  });
  if (error) throw new Error(`metering failed: ${error.message}`);
}

/**
 * Model names from `platform_settings`, cached per function instance for a few seconds: a turn
 * should not pay a round trip for them, and an admin's change must take effect at once.
 */
export function createModelSettingsCache(service: DbClient, ttlMs = 5_000) {
  let cached: { at: number; settings: ModelSettings } | null = null;
  return async (): Promise<ModelSettings> => {
    if (cached && Date.now() - cached.at < ttlMs) return cached.settings;
    const { data } = await service
      .from('platform_settings')
      .select('chat_model, whatsapp_model, internal_call_model, gsm_call_model')
      .eq('id', 'default')
      .maybeSingle<{
        chat_model: string;
        whatsapp_model: string;
        internal_call_model: string;
        gsm_call_model: string;
      }>();
    const settings = resolveModelSettings(
      data
        ? {
            chatModel: data.chat_model,
            whatsappModel: data.whatsapp_model,
            internalCallModel: data.internal_call_model,
            gsmCallModel: data.gsm_call_model,
          }
        : null,
    );
    cached = { at: Date.now(), settings };
    return settings;
  };
}
