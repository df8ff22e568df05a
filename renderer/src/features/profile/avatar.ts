/**
 * Avatar files (bucket `avatars`, migration 20261121193700): images up to the contract's avatar
 * limit, stored under the owner's folder `{user_id}/...` as the storage policies require.
 */
import { megabytes } from '@contracts/limit-refusal.ts';
import { UPLOAD_LIMITS } from '@contracts/upload-limits.ts';

export const AVATAR_BUCKET = 'avatars';
export const AVATAR_MAX_BYTES = UPLOAD_LIMITS.avatar;
const extensions: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
};

export type AvatarCheck =
  | { ok: true; extension: string }
  | { ok: false; messageKey: 'errors:avatar.tooLarge' | 'errors:avatar.wrongType'; params: Record<string, string> };

/** The avatar limit as the refusal says it. */
const sizeParams = { megabytes: String(megabytes(AVATAR_MAX_BYTES)) };

export function checkAvatarFile(file: { type: string; size: number }): AvatarCheck {
  const extension = extensions[file.type];
  if (!extension) return { ok: false, messageKey: 'errors:avatar.wrongType', params: {} };
  if (file.size > AVATAR_MAX_BYTES) return { ok: false, messageKey: 'errors:avatar.tooLarge', params: sizeParams };
  return { ok: true, extension };
}

/** A new name per upload so browsers and CDNs never show the previous picture from cache. */
export function avatarObjectPath(userId: string, extension: string, now: number = Date.now()): string {
  return `${userId}/avatar-${now}.${extension}`;
}
