/**
 * A voice note answered with a voice note (owner's `agents.whatsapp_voice_replies`):
 * the reply text is spoken by the provider's text to speech in the agent's voice (the realtime
 * voices its calls use), as Ogg/Opus (what WhatsApp plays as a voice note), kept in the private
 * `whatsapp-media` bucket under the owner's folder, and handed to Twilio as a short-lived signed URL.
 * Without speech (offline, OpenAI-compatible servers) or when anything fails, the text goes alone.
 */
import type { DbClient } from '../_shared/platform/env.ts';
import { SPEECH_MODEL, type AiProvider } from '../_shared/ai/types.ts';
import { realtimeVoice } from '../_shared/conversation/channels/realtime-control.ts';
import { meterSpeech } from '../_shared/conversation/usage.ts';
import { WHATSAPP_MEDIA_BUCKET, type StoredWhatsAppMedia } from '../_shared/contracts/whatsapp-messages.ts';

/** Long enough for Twilio to fetch the file (and retry), short enough not to be a lasting link. */
export const VOICE_NOTE_URL_SECONDS = 15 * 60;

export interface VoiceReplyDeps {
  service: DbClient;
  provider: AiProvider;
  log: (event: string, details: Record<string, unknown>) => void;
}

/**
 * Speaks `text`, meters it and stores it; null when speech is not available or failed (logged).
 * Metered before it is stored: the provider charged for it either way, and no voice note goes
 * out unmetered (a metering failure sends the text alone).
 */
export async function speakReply(
  deps: VoiceReplyDeps,
  reply: {
    text: string;
    voice: 'male' | 'female';
    ownerId: string;
    agentId: string;
    conversationId: string;
    messageSid: string;
  },
): Promise<{ url: string; stored: StoredWhatsAppMedia } | null> {
  const synthesize = deps.provider.synthesizeSpeech?.bind(deps.provider);
  if (!deps.provider.capabilities.speech || !synthesize || reply.text.trim() === '') return null;
  try {
    const speech = await synthesize({
      model: SPEECH_MODEL,
      text: reply.text,
      voice: realtimeVoice(reply.voice),
      format: 'opus',
      signal: AbortSignal.timeout(30_000),
    });
    await meterSpeech(deps.service, {
      channel: 'whatsapp',
      ownerId: reply.ownerId,
      agentId: reply.agentId,
      conversationId: reply.conversationId,
      characters: Array.from(reply.text).length,
      model: SPEECH_MODEL,
      replyTo: reply.messageSid,
    });
    // Named after the inbound message it answers: a replayed turn overwrites, never piles up.
    const path = `${reply.ownerId}/${reply.agentId}/${reply.messageSid}/reply.ogg`;
    const uploaded = await deps.service.storage
      .from(WHATSAPP_MEDIA_BUCKET)
      .upload(path, speech.audio, { contentType: speech.contentType, upsert: true });
    if (uploaded.error) throw new Error(`storing the voice note failed: ${uploaded.error.message}`);
    const signed = await deps.service.storage.from(WHATSAPP_MEDIA_BUCKET).createSignedUrl(path, VOICE_NOTE_URL_SECONDS);
    if (signed.error || !signed.data) throw new Error(`signing the voice note failed: ${signed.error?.message}`);
    return {
      url: signed.data.signedUrl,
      stored: { bucket: WHATSAPP_MEDIA_BUCKET, path, contentType: speech.contentType },
    };
  } catch (error) {
    deps.log('voice_reply_failed', { messageSid: reply.messageSid, error: String(error) });
    return null;
  }
}
