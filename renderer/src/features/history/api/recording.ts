import { useQuery } from '@tanstack/react-query';
import { toAppError } from '../../../errors/appError.ts';
import { getSupabase } from '../../../lib/supabase.ts';
import { historyKeys } from './keys.ts';

const BUCKET = 'recordings';
const SIGNED_URL_SECONDS = 3600;

/**
 * A short-lived URL for a recording: Storage signs it only when the caller may read the object
 * (owner's folder), so another owner's path yields an error, never a URL.
 */
export async function fetchRecordingUrl(path: string): Promise<string> {
  const { data, error } = await getSupabase().storage.from(BUCKET).createSignedUrl(path, SIGNED_URL_SECONDS);
  if (error) throw toAppError(error);
  return data.signedUrl;
}

export function useRecordingUrlQuery(path: string | null) {
  return useQuery({
    queryKey: historyKeys.recordingUrl(path ?? ''),
    queryFn: () => fetchRecordingUrl(path ?? ''),
    enabled: path !== null,
    // renewed well before the signature expires
    staleTime: (SIGNED_URL_SECONDS / 2) * 1000,
    retry: false,
  });
}

/** The recording's bytes, for a download named `{type}-call-{yyyy-MM-dd-HH-mm-ss}.{ext}`. */
export async function downloadRecording(path: string): Promise<Blob> {
  const { data, error } = await getSupabase().storage.from(BUCKET).download(path);
  if (error) throw toAppError(error);
  return data;
}
