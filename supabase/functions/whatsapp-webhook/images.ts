/**
 * Inbound images for a model that sees: each image goes to the model as a `data:` URL
 * of the bytes already kept for the owner (never Twilio's URL, which needs our credentials, nor a
 * signed URL a remote model could not reach from a local install). Only the formats vision models
 * read and at most WhatsApp's own image size; anything else is left to the "cannot see" answer.
 */
import type { ChatImage } from '../_shared/ai/types.ts';

/** WhatsApp's limit for images, below OpenAI's 20 MB. */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
/** Image formats Chat Completions accepts. */
export const MODEL_IMAGE_TYPES: ReadonlySet<string> = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/gif']);

/** Base64 of bytes, in chunks (a 5 MB image must not become 5 million string concatenations). */
export function toBase64(bytes: Uint8Array): string {
  const chunks: string[] = [];
  for (let i = 0; i < bytes.length; i += 0x8000) {
    chunks.push(String.fromCharCode(...bytes.subarray(i, i + 0x8000)));
  }
  return btoa(chunks.join(''));
}

/** The image as the model sees it, or null when it cannot be shown (format, size). */
export async function imageForModel(contentType: string, bytes: Blob): Promise<ChatImage | null> {
  const type = contentType.split(';')[0]!.trim().toLowerCase();
  if (!MODEL_IMAGE_TYPES.has(type) || bytes.size === 0 || bytes.size > MAX_IMAGE_BYTES) return null;
  return { url: `data:${type};base64,${toBase64(new Uint8Array(await bytes.arrayBuffer()))}` };
}

/** What the transcript keeps of a message with images: one "[image]" per image, then the caption. */
export function imageTurnText(imageCount: number, caption: string): string {
  return [Array.from({ length: imageCount }, () => '[image]').join(' '), caption.trim()].filter(Boolean).join(' ');
}
