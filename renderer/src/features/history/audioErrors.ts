/**
 * Which of the spec's French audio errors (spec 002 §8) a failure is. Sources: wavesurfer's fetch
 * ("Failed to fetch <url>: 404 (Not Found)"), fetch's own TypeError (network or CORS: the browser
 * does not tell them apart, so online means CORS), decoding (EncodingError), the media element's
 * MediaError, and Storage refusing to sign (AppError-like objects with a status).
 */
export const AUDIO_ERROR_KINDS = [
  'load',
  'cors',
  'notFound',
  'forbidden',
  'network',
  'unknown',
  'visualisation',
] as const;
export type AudioErrorKind = (typeof AUDIO_ERROR_KINDS)[number];

function byStatus(status: number): AudioErrorKind {
  if (status === 404) return 'notFound';
  if (status === 401 || status === 403) return 'forbidden';
  return 'load';
}

export function audioErrorKind(error: unknown, online = true): AudioErrorKind {
  if (error && typeof error === 'object') {
    const status = (error as { status?: unknown }).status;
    if (typeof status === 'number' && status >= 400) return byStatus(status);
    // MediaError: 2 network, 3 decode, 4 source not supported
    const code = (error as { code?: unknown }).code;
    if (typeof code === 'number' && 'MEDIA_ERR_NETWORK' in error) return code === 2 ? 'network' : 'load';
  }
  if (error instanceof DOMException && (error.name === 'EncodingError' || error.name === 'NotSupportedError')) {
    return 'load';
  }
  if (error instanceof TypeError) return online ? 'cors' : 'network';
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  const fetched = /Failed to fetch .*: (\d{3})/.exec(message);
  if (fetched?.[1]) return byStatus(Number(fetched[1]));
  if (/not found/i.test(message)) return 'notFound';
  if (/decod/i.test(message)) return 'load';
  return 'unknown';
}
