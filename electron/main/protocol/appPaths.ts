import path from 'node:path';
import { contentType } from 'mime-types';

/**
 * Maps an `app://concierge/...` request to a file of the built renderer. Pure (path arithmetic
 * only), unit-tested; the protocol handler does the file I/O.
 *
 * - `/concierge.config.json` is answered from memory (the backend config), not from disk.
 * - A path with a file extension is that file, if it stays inside the root after decoding and
 *   normalisation (`..`, `%2e%2e`, encoded separators and NUL bytes are refused).
 * - A path without an extension is a client-side route: the SPA's index.html.
 */
export const APP_SCHEME = 'app';
export const APP_HOST = 'concierge';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;
export const RUNTIME_CONFIG_PATH = '/concierge.config.json';

export type AppRequestTarget =
  | { kind: 'file'; filePath: string; spaFallback: boolean }
  | { kind: 'runtime-config' }
  | { kind: 'forbidden'; reason: string }
  | { kind: 'not-found' };

export function resolveAppRequest(requestUrl: string, rootDir: string): AppRequestTarget {
  let url: URL;
  try {
    url = new URL(requestUrl);
  } catch {
    return { kind: 'forbidden', reason: 'malformed URL' };
  }
  if (url.protocol !== `${APP_SCHEME}:` || url.host !== APP_HOST)
    return { kind: 'forbidden', reason: 'foreign origin' };

  let pathname: string;
  try {
    pathname = decodeURIComponent(url.pathname);
  } catch {
    return { kind: 'forbidden', reason: 'bad percent-encoding' };
  }
  if (pathname.includes('\0')) return { kind: 'forbidden', reason: 'NUL byte' };
  // An encoded backslash or slash would let one segment act as several after decoding.
  if (pathname.includes('\\') || /%2f|%5c/i.test(url.pathname))
    return { kind: 'forbidden', reason: 'encoded separator' };
  if (pathname.split('/').some((segment) => segment === '..')) return { kind: 'forbidden', reason: 'path traversal' };

  if (pathname === RUNTIME_CONFIG_PATH) return { kind: 'runtime-config' };

  const root = path.resolve(rootDir);
  const index = path.join(root, 'index.html');
  if (pathname === '/' || pathname === '') return { kind: 'file', filePath: index, spaFallback: false };

  const filePath = path.resolve(root, `.${path.posix.normalize(pathname)}`);
  if (filePath !== root && !filePath.startsWith(root + path.sep)) return { kind: 'forbidden', reason: 'outside root' };

  const last = pathname.split('/').pop() ?? '';
  if (!last.includes('.')) return { kind: 'file', filePath: index, spaFallback: true };
  return { kind: 'file', filePath, spaFallback: false };
}

export function mimeTypeFor(filePath: string): string {
  // mime-types (the jshttp database) instead of a hand-kept table; charset added for text types.
  return contentType(path.extname(filePath).toLowerCase()) || 'application/octet-stream';
}
