import { errors } from './errors.ts';

/**
 * Object keys and bucket names as Storage accepts them. Keys become file paths on disk, so anything
 * that could escape the bucket folder (`..`, `.`, empty segments, absolute paths, NUL, backslashes)
 * is refused before it reaches the filesystem or the database.
 */

/** Same character set storage-js checks client-side (`isValidBucketName`). */
const BUCKET_NAME = /^[\w!.*'() &$@=;:+,?-]+$/;

export function assertBucketName(name: unknown): string {
  if (typeof name !== 'string' || name.length === 0 || name.length > 100 || name.trim() !== name) {
    throw errors.invalidBucketName();
  }
  if (name === '.' || name === '..' || name.includes('/') || name.includes('\\') || !BUCKET_NAME.test(name)) {
    throw errors.invalidBucketName();
  }
  return name;
}

/** Printable characters only (upstream `isValidKey` also refuses control characters). */
function hasControlCharacter(key: string): boolean {
  for (let i = 0; i < key.length; i++) {
    const code = key.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}

export function assertObjectKey(key: unknown): string {
  if (typeof key !== 'string' || key.length === 0 || key.length > 1024) {
    throw errors.invalidKey(typeof key === 'string' ? key : String(key));
  }
  if (hasControlCharacter(key) || key.includes('\\') || key.startsWith('/')) throw errors.invalidKey(key);
  for (const segment of key.split('/')) {
    if (segment === '' || segment === '.' || segment === '..') throw errors.invalidKey(key);
  }
  return key;
}

/** Decodes one URL path (already split off the route prefix) into `bucket` + `key`. */
export function splitBucketAndKey(rest: string): { bucket: string; key: string } {
  const slash = rest.indexOf('/');
  if (slash <= 0) throw errors.invalidKey(rest);
  return { bucket: assertBucketName(rest.slice(0, slash)), key: assertObjectKey(rest.slice(slash + 1)) };
}

/** Percent-decodes a path, turning malformed escapes into a 400 instead of a URIError. */
export function decodePath(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    throw errors.invalidKey(raw);
  }
}

/**
 * Whether `mimeType` is allowed by a bucket's `allowed_mime_types` (exact, or `type/*` wildcard;
 * parameters like `;charset=` are ignored as upstream does).
 */
export function mimeTypeAllowed(mimeType: string, allowed: string[] | null): boolean {
  if (!allowed || allowed.length === 0) return true;
  const [type = '', subtype = ''] = mimeType.split(';')[0]!.trim().toLowerCase().split('/');
  return allowed.some((pattern) => {
    const [ptype = '', psubtype = ''] = pattern.trim().toLowerCase().split('/');
    if (ptype === '*' || (ptype === type && (psubtype === '*' || psubtype === subtype))) return true;
    return false;
  });
}
