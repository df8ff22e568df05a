/**
 * Inbound media kept for the owner (contracts/whatsapp-messages.ts): Twilio's media
 * URLs need the sender account's credentials, which a browser never holds, so each file is
 * downloaded once (Basic auth, through TWILIO_API_BASE_URL) into the private `whatsapp-media`
 * bucket at `{user_id}/{agent_id}/{MessageSid}/{n}` and the message row then points at it.
 * A file that cannot be kept (larger than the bucket's limit, a type the bucket refuses, a failed
 * download) is left out and named in the row's error_message: one attempt, never a retry loop.
 * The downloaded bytes are handed back so the reply (voice-note transcription) reuses them.
 */
import type { DbClient } from '../_shared/platform/env.ts';
import { WHATSAPP_MEDIA_BUCKET, type StoredWhatsAppMedia } from '../_shared/contracts/whatsapp-messages.ts';
import { readStreamCapped } from '../_shared/platform/validate.ts';
import { twilioApiUrl } from '../_shared/twilio/config.ts';
import type { InboundMessage, TwilioAccount } from './webhook.ts';

/** The `whatsapp-media` bucket's file_size_limit (migration 20261125200000): 16 MiB. */
export const WHATSAPP_MEDIA_MAX_BYTES = 16 * 1024 * 1024;

export interface MediaDeps {
  service: DbClient;
  account: TwilioAccount;
  apiBaseUrl: string | null;
  fetch: typeof fetch;
  maxBytes?: number;
  log: (event: string, details: Record<string, unknown>) => void;
}

export interface KeptMedia {
  /** Bytes by Twilio media URL, for the files that were downloaded. */
  downloaded: Map<string, Blob>;
  stored: StoredWhatsAppMedia[];
  failures: string[];
}

type Download = { ok: true; bytes: Uint8Array } | { ok: false; reason: string };

async function download(url: string, deps: MediaDeps, maxBytes: number): Promise<Download> {
  const response = await deps.fetch(twilioApiUrl(url, deps.apiBaseUrl), {
    headers: { authorization: `Basic ${btoa(`${deps.account.sid}:${deps.account.authToken}`)}` },
    redirect: 'follow',
    signal: AbortSignal.timeout(30_000),
  });
  if (!response.ok) {
    await response.body?.cancel();
    return { ok: false, reason: `download answered ${response.status}` };
  }
  const declared = Number(response.headers.get('content-length'));
  const tooLarge = { ok: false, reason: `larger than ${Math.round(maxBytes / 1024 / 1024)} MB` } as const;
  if (Number.isFinite(declared) && declared > maxBytes) {
    await response.body?.cancel();
    return tooLarge;
  }
  const bytes = await readStreamCapped(response.body, maxBytes);
  return bytes ? { ok: true, bytes } : tooLarge;
}

/** Downloads and stores the message's media, then points its row at the stored copies. */
export async function keepInboundMedia(
  message: InboundMessage,
  received: { ownerId: string; agentId: string },
  deps: MediaDeps,
): Promise<KeptMedia> {
  const kept: KeptMedia = { downloaded: new Map(), stored: [], failures: [] };
  if (message.media.length === 0) return kept;
  const maxBytes = deps.maxBytes ?? WHATSAPP_MEDIA_MAX_BYTES;
  for (const [n, media] of message.media.entries()) {
    const contentType = media.contentType.split(';')[0]!.trim() || 'application/octet-stream';
    const path = `${received.ownerId}/${received.agentId}/${message.messageSid}/${n}`;
    try {
      const file = await download(media.url, deps, maxBytes);
      if (!file.ok) {
        kept.failures.push(`Attachment ${n + 1} (${contentType}) was not kept: ${file.reason}.`);
        continue;
      }
      const blob = new Blob([file.bytes as Uint8Array<ArrayBuffer>], { type: contentType });
      kept.downloaded.set(media.url, blob);
      const { error } = await deps.service.storage
        .from(WHATSAPP_MEDIA_BUCKET)
        .upload(path, blob, { contentType, upsert: true });
      if (error) {
        kept.failures.push(`Attachment ${n + 1} (${contentType}) was not kept: ${error.message}.`);
        continue;
      }
      kept.stored.push({ bucket: WHATSAPP_MEDIA_BUCKET, path, contentType });
    } catch (error) {
      kept.failures.push(`Attachment ${n + 1} (${contentType}) was not kept: ${String(error)}.`);
    }
  }
  // Twilio's URLs are replaced even when nothing could be kept: the owner's browser cannot load them.
  const { error } = await deps.service
    .from('whatsapp_messages')
    .update({
      media: kept.stored,
      ...(kept.failures.length > 0 ? { error_message: kept.failures.join(' ').slice(0, 500) } : {}),
    })
    .eq('message_sid', message.messageSid);
  if (error) deps.log('media_record_failed', { messageSid: message.messageSid, error: error.message });
  if (kept.failures.length > 0) deps.log('media_not_kept', { messageSid: message.messageSid, failures: kept.failures });
  return kept;
}
