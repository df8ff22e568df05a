import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Readable } from 'node:stream';

/**
 * Serves one library audio file to the page with HTTP Range semantics, so <audio> and the waveform
 * player can seek while offline (a file:// URL is never handed to the page). The caller resolved and
 * checked the path (paths.ts).
 */
export const LIBRARY_MEDIA_PATH = '/library-media/';

const headersBase = { 'accept-ranges': 'bytes', 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' };

/** `bytes=a-b`, `bytes=a-`, `bytes=-n` (first range only); null when absent or malformed. */
export function parseByteRange(
  header: string | null,
  size: number,
): { start: number; end: number } | 'unsatisfiable' | null {
  const match = /^bytes=(\d*)-(\d*)/.exec(header?.trim() ?? '');
  if (!match || (match[1] === '' && match[2] === '')) return null;
  let start: number;
  let end: number;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0) return 'unsatisfiable';
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  }
  if (start >= size || start > end) return 'unsatisfiable';
  return { start, end };
}

export async function fileResponse(filePath: string, mimeType: string, rangeHeader: string | null): Promise<Response> {
  const size = (await stat(filePath)).size;
  const range = parseByteRange(rangeHeader, size);
  if (range === 'unsatisfiable')
    return new Response(null, { status: 416, headers: { ...headersBase, 'content-range': `bytes */${size}` } });
  const { start, end } = range ?? { start: 0, end: size - 1 };
  const body =
    size === 0 ? null : (Readable.toWeb(createReadStream(filePath, { start, end })) as ReadableStream<Uint8Array>);
  return new Response(body, {
    status: range ? 206 : 200,
    headers: {
      ...headersBase,
      'content-type': mimeType,
      'content-length': String(size === 0 ? 0 : end - start + 1),
      ...(range ? { 'content-range': `bytes ${start}-${end}/${size}` } : {}),
    },
  });
}

/** The recording id of a `<origin>/library-media/<id>` URL, or null. */
export function mediaIdOf(url: string): string | null {
  try {
    const { pathname } = new URL(url);
    if (!pathname.startsWith(LIBRARY_MEDIA_PATH)) return null;
    const id = pathname.slice(LIBRARY_MEDIA_PATH.length);
    return /^[0-9a-f-]{36}$/i.test(id) ? id.toLowerCase() : null;
  } catch {
    return null;
  }
}
