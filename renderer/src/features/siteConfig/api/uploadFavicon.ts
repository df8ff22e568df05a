import { useMutation } from '@tanstack/react-query';
import { megabytes } from '@contracts/limit-refusal.ts';
import { FAVICON_BUCKET, FAVICON_MAX_BYTES, FAVICON_TYPES } from '@contracts/site-seo.ts';
import { invalidFileError, uploadPublicFile } from '../../../lib/storageUpload.ts';

/** The favicon goes to the admin-only public bucket; its address is then saved with the settings. */
export async function uploadFavicon(file: File): Promise<string> {
  if (!(FAVICON_TYPES as readonly string[]).includes(file.type))
    throw invalidFileError('invalid_type', 'siteConfig:errors.faviconType');
  if (file.size > FAVICON_MAX_BYTES)
    throw invalidFileError('too_large', 'siteConfig:errors.faviconSize', {
      megabytes: String(megabytes(FAVICON_MAX_BYTES)),
    });
  const extension =
    file.name
      .split('.')
      .pop()
      ?.toLowerCase()
      .replace(/[^a-z0-9]/g, '') || 'png';
  return uploadPublicFile({
    bucket: FAVICON_BUCKET,
    path: `favicon/${Date.now()}.${extension}`,
    file,
    failureKey: 'siteConfig:errors.faviconUpload',
    maxBytes: FAVICON_MAX_BYTES,
  });
}

export function useUploadFaviconMutation() {
  return useMutation({ mutationFn: uploadFavicon });
}
