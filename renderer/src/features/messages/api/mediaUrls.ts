import type { StoredWhatsAppMedia } from '@contracts/whatsapp-messages.ts';
import { useQuery } from '@tanstack/react-query';
import { toAppError } from '../../../errors/appError.ts';
import { getSupabase } from '../../../lib/supabase.ts';
import { messagesKeys } from './keys.ts';

const SIGNED_FOR_SECONDS = 3600;

const mediaKey = (m: Pick<StoredWhatsAppMedia, 'bucket' | 'path'>) => `${m.bucket}/${m.path}`;

/**
 * Short-lived signed URLs for a thread's stored media (the buckets are private; storage policies
 * let an owner sign only their own folder). Re-signed well before they expire.
 */
export function useMediaUrlsQuery(items: StoredWhatsAppMedia[]) {
  const keys = [...new Set(items.map(mediaKey))].sort();
  return useQuery({
    queryKey: messagesKeys.mediaUrls(keys.join('\n')),
    enabled: keys.length > 0,
    staleTime: (SIGNED_FOR_SECONDS / 2) * 1000,
    queryFn: async () => {
      const byBucket = new Map<string, string[]>();
      for (const item of items) byBucket.set(item.bucket, [...(byBucket.get(item.bucket) ?? []), item.path]);
      const urls = new Map<string, string>();
      for (const [bucket, paths] of byBucket) {
        const { data, error } = await getSupabase()
          .storage.from(bucket)
          .createSignedUrls([...new Set(paths)], SIGNED_FOR_SECONDS);
        if (error) throw toAppError(error, 'generic');
        for (const signed of data) {
          if (signed.path && signed.signedUrl) urls.set(`${bucket}/${signed.path}`, signed.signedUrl);
        }
      }
      return urls;
    },
  });
}

export function signedUrlOf(urls: Map<string, string> | undefined, item: StoredWhatsAppMedia): string | undefined {
  return urls?.get(mediaKey(item));
}
