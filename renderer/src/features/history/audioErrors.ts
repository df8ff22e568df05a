/**
 * Which of the player's French audio errors a failure is. Sources: wavesurfer's fetch
 * ("Failed to fetch <url>: 404 (Not Found)"), fetch's own TypeError (network or CORS: the browser
 * does not tell them apart, so online means CORS), decoding (EncodingError), the media element's
 * MediaError (wavesurfer re-throws it as `Error(mediaError.message || "Media error <code>")`, so
 * the code or the browser's own network wording is read back from the message), and Storage
 * refusing to sign (AppError-like objects with a status).
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
  if (error instanceof DOMException && error.name === 'NetworkError') return 'network';
  if (error instanceof TypeError) return online ? 'cors' : 'network';
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  // MediaError.MEDIA_ERR_NETWORK (2) as wavesurfer words it, or the media stack's network failures.
  const media = /^Media error (\d)/.exec(message);
  if (media?.[1]) return media[1] === '2' ? 'network' : 'load';
  const fetched = /Failed to fetch .*: (\d{3})/.exec(message);
  if (fetched?.[1]) return byStatus(Number(fetched[1]));
  if (/net::ERR_|PIPELINE_ERROR_NETWORK|network/i.test(message)) return 'network';
  if (/not found/i.test(message)) return 'notFound';
  if (/decod/i.test(message)) return 'load';
  // Whatever else fails while the browser is offline is the network's doing.
  return online ? 'unknown' : 'network';
}
