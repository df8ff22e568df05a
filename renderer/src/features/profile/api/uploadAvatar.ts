import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toAppError } from '../../../errors/appError.ts';
import { invalidFileError, uploadPublicFile } from '../../../lib/storageUpload.ts';
import { authKeys } from '../../auth/api/keys.ts';
import { AVATAR_BUCKET, AVATAR_MAX_BYTES, avatarObjectPath, checkAvatarFile } from '../avatar.ts';
import { updateProfile } from './updateProfile.ts';

/** Uploads the picture to the public avatars bucket in the user's folder and saves its URL. */
export async function uploadAvatar(userId: string, file: File): Promise<string> {
  const check = checkAvatarFile(file);
  if (!check.ok) throw invalidFileError('invalid_avatar', check.messageKey, check.params);
  const url = await uploadPublicFile({
    bucket: AVATAR_BUCKET,
    path: avatarObjectPath(userId, check.extension),
    file,
    upsert: true,
    failureKey: 'errors:avatar.uploadFailed',
    maxBytes: AVATAR_MAX_BYTES,
  });
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
