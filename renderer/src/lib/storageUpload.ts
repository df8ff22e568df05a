import { megabytes } from '@contracts/limit-refusal.ts';
import { AppError } from '../errors/appError.ts';
import type { ConsoleKey } from '../i18n/keys.ts';
import { getSupabase } from './supabase.ts';

/**
 * One way to put a picture in a public bucket and get its address, shared by the profile avatar,
 * the agent avatar (configure, branding) and the branding gallery. Object names start with the
 * owner's user id: the storage policies (migration 20261121193700) allow writes only there.
 */
export interface PublicUpload {
  bucket: string;
  path: string;
  file: File;
  /** Replace an existing object of the same name (the profile keeps one path per upload anyway). */
  upsert?: boolean;
  /** i18n key shown when the storage refuses the file. */
  failureKey: ConsoleKey;
  /** The bucket's size limit (the contract's): a refusal for size names it instead of failureKey. */
  maxBytes?: number;
}

/** Storage refuses an object over its bucket's limit with 413 (statusCode) and this message. */
function isTooLarge(error: { message: string; statusCode?: unknown }): boolean {
  return String(error.statusCode ?? '') === '413' || /maximum allowed size|payload too large/i.test(error.message);
}

/** The error for a file refused before any upload (type, size), with its i18n key and values. */
export function invalidFileError(code: string, messageKey: ConsoleKey, params: Record<string, string> = {}): AppError {
  return new AppError({ source: 'app', code, messageKey, message: messageKey, params });
}

/** Uploads the file and returns its public URL; storage failures become an AppError. */
export async function uploadPublicFile({
  bucket,
  path,
  file,
  upsert = false,
  failureKey,
  maxBytes,
}: PublicUpload): Promise<string> {
  const storage = getSupabase().storage.from(bucket);
  const { error } = await storage.upload(path, file, { contentType: file.type, upsert, cacheControl: '3600' });
  if (error && maxBytes !== undefined && isTooLarge(error)) {
    throw new AppError({
      source: 'database',
      code: 'file_too_large',
      messageKey: 'errors:limits.fileSize',
      message: error.message,
      params: { megabytes: String(megabytes(maxBytes)) },
    });
  }
  if (error) {
    throw new AppError({
      source: 'database',
      code: 'upload_failed',
      messageKey: failureKey,
      message: error.message,
      params: { message: error.message },
    });
  }
  return storage.getPublicUrl(path).data.publicUrl;
}

/** Removes stored objects (a removed gallery image); a failure leaves an orphan file, so it throws. */
export async function removeStoredFiles(bucket: string, paths: string[], failureKey: ConsoleKey): Promise<void> {
  if (paths.length === 0) return;
  const { error } = await getSupabase().storage.from(bucket).remove(paths);
  if (error) {
    throw new AppError({ source: 'database', code: 'remove_failed', messageKey: failureKey, message: error.message });
  }
}
