/**
 * The WhatsApp message record as the webhook writes it and the owner's screens read it
 * (`whatsapp_messages`: `media`, `status`, `error_code`, `error_reason`). One definition for the
 * `whatsapp-webhook` function (writer) and the console's /messages screens (reader).
 *
 * - `media`: an array of attachments. A stored file is `{ bucket, path, contentType, name? }`
 *   (inbound media go to the private `whatsapp-media` bucket as `{user_id}/{agent_id}/{MessageSid}/{n}`;
 *   a shared document is in `interaction-documents`); a link the agent shared is `{ url, contentType?, name? }`.
 *   The console shows stored files through short-lived signed URLs; a browser never sees Twilio's
 *   media URLs (they need the account's credentials).
 * - `status`: Twilio's message status (queued, sent, delivered, read, failed, undelivered, …) or
 *   `received` for inbound.
 * - `error_code`: Twilio's error code from the status callback (63016: outside the 24 h window).
 * - `error_reason`: why our side did not send a reply, one of `WHATSAPP_FAILURE_REASONS` (free
 *   text is shown as written).
 */
import { z } from 'zod';

/** Buckets a message's media may point into (both private, owner folder first). */
export const WHATSAPP_MEDIA_BUCKETS = ['whatsapp-media', 'interaction-documents'] as const;
export const WHATSAPP_MEDIA_BUCKET = 'whatsapp-media';

const storedMedia = z.object({
  bucket: z.enum(WHATSAPP_MEDIA_BUCKETS),
  path: z.string().min(1).max(1024),
  contentType: z.string().max(255).default('application/octet-stream'),
  name: z.string().max(255).optional(),
});
const linkedMedia = z.object({
  url: z
    .string()
    .url()
    .max(2048)
    .refine((u) => /^https?:\/\//i.test(u), 'http(s) only'),
  contentType: z.string().max(255).optional(),
  name: z.string().max(255).optional(),
});
export const whatsAppMediaItemSchema = z.union([storedMedia, linkedMedia]);
export type WhatsAppMediaItem = z.infer<typeof whatsAppMediaItemSchema>;
export type StoredWhatsAppMedia = z.infer<typeof storedMedia>;

/** A stored `media` value read for display: items that do not parse are left out. */
export function readWhatsAppMedia(raw: unknown): WhatsAppMediaItem[] {
  if (!Array.isArray(raw)) return [];
  return raw.flatMap((item) => {
    const parsed = whatsAppMediaItemSchema.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
}

export type WhatsAppMediaKind = 'image' | 'audio' | 'video' | 'document';
/** How the console draws an attachment: images inline, audio with a player, the rest as links. */
export function whatsAppMediaKind(item: Pick<WhatsAppMediaItem, 'contentType'>): WhatsAppMediaKind {
  const type = (item.contentType ?? '').toLowerCase();
  if (type.startsWith('image/')) return 'image';
  if (type.startsWith('audio/')) return 'audio';
  if (type.startsWith('video/')) return 'video';
  return 'document';
}

/** Owner-facing reasons our side did not send a reply (error_reason). */
export const WHATSAPP_FAILURE_REASONS = [
  /** Outside the 24 h customer service window and no approved template to use. */
  'outside_window',
  /** The pack's whatsappConversations for this month are used up. */
  'monthly_limit',
  /** The WhatsApp sender is not online (not connected, creating, offline). */
  'sender_offline',
  /** Twilio refused the send request. */
  'send_failed',
] as const;
export type WhatsAppFailureReason = (typeof WHATSAPP_FAILURE_REASONS)[number];

export function isWhatsAppFailureReason(value: unknown): value is WhatsAppFailureReason {
  return typeof value === 'string' && (WHATSAPP_FAILURE_REASONS as readonly string[]).includes(value);
}

/** Twilio WhatsApp error codes the console explains in words (reference twilio.md §5, §10.4). */
export const WHATSAPP_KNOWN_ERROR_CODES = ['63003', '63014', '63016', '63018', '63024', '63032', '63049'] as const;
export type WhatsAppKnownErrorCode = (typeof WHATSAPP_KNOWN_ERROR_CODES)[number];

export function isKnownWhatsAppErrorCode(value: unknown): value is WhatsAppKnownErrorCode {
  return typeof value === 'string' && (WHATSAPP_KNOWN_ERROR_CODES as readonly string[]).includes(value);
}

/** Delivery states as the console groups Twilio's statuses. */
export type WhatsAppDelivery = 'received' | 'pending' | 'sent' | 'delivered' | 'read' | 'failed';

export function whatsAppDelivery(message: {
  direction: string;
  status: string | null;
  errorCode?: string | null;
  errorReason?: string | null;
}): WhatsAppDelivery {
  const status = (message.status ?? '').toLowerCase();
  if (message.errorReason || status === 'failed' || status === 'undelivered') return 'failed';
  if (message.direction === 'inbound') return 'received';
  if (status === 'read') return 'read';
  if (status === 'delivered') return 'delivered';
  if (status === 'sent') return 'sent';
  // A reply with an error code but no terminal status yet is still a failure worth showing.
  if (message.errorCode) return 'failed';
  return 'pending';
}
