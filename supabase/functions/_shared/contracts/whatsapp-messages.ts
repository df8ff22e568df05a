/**
 * The attachments of a WhatsApp message (`whatsapp_messages.media`) as the webhook writes them and
 * the owner's screens read them. One definition for the `whatsapp-webhook` function (writer) and
 * the console's /messages screens (reader); statuses and not-sent reasons are in `whatsapp.ts`.
 *
 * - `media`: an array of attachments. A stored file is `{ bucket, path, contentType, name? }`
 *   (inbound media go to the private `whatsapp-media` bucket as `{user_id}/{agent_id}/{MessageSid}/{n}`;
 *   a shared document is in `interaction-documents`); a link the agent shared is `{ url, contentType?, name? }`.
 *   The console shows stored files through short-lived signed URLs; a browser never sees Twilio's
 *   media URLs (they need the account's credentials).
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
  return raw.flatMap((item: unknown) => {
    // Twilio's own spelling (content_type) is read too: rows written before this contract use it.
    const bag =
      item !== null && typeof item === 'object' && 'content_type' in item && !('contentType' in item)
        ? { ...item, contentType: (item as { content_type: unknown }).content_type }
        : item;
    const parsed = whatsAppMediaItemSchema.safeParse(bag);
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
