import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AppError, toAppError } from '../../../errors/appError.ts';
import { getSupabase } from '../../../lib/supabase.ts';
import { authKeys } from '../../auth/api/keys.ts';
import { AVATAR_BUCKET, avatarObjectPath, checkAvatarFile } from '../avatar.ts';
import { updateProfile } from './updateProfile.ts';

/** Uploads the picture to the public avatars bucket in the user's folder and saves its URL. */
export async function uploadAvatar(userId: string, file: File): Promise<string> {
  const check = checkAvatarFile(file);
  if (!check.ok)
    throw new AppError({
      source: 'app',
      code: 'invalid_avatar',
      messageKey: check.messageKey,
      message: check.messageKey,
    });
  const storage = getSupabase().storage.from(AVATAR_BUCKET);
  const path = avatarObjectPath(userId, check.extension);
  const { error } = await storage.upload(path, file, { contentType: file.type, upsert: true, cacheControl: '3600' });
  if (error) {
    throw new AppError({
      source: 'database',
      code: 'avatar_upload_failed',
      messageKey: 'errors:avatar.uploadFailed',
      message: error.message,
      params: { message: error.message },
    });
  }
  const url = storage.getPublicUrl(path).data.publicUrl;
  await updateProfile(userId, { avatarUrl: url }).catch((e: unknown) => Promise.reject(toAppError(e, 'profileUpdate')));
  return url;
}

export function useUploadAvatarMutation(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => uploadAvatar(userId, file),
    onSettled: () => queryClient.invalidateQueries({ queryKey: authKeys.profile(userId) }),
  });
}
