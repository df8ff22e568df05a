import { errors } from './errors.ts';

/**
 * The two upload encodings storage-js sends: a multipart form whose file part is
 * named "" (Blob/File bodies), or a raw body described by headers (Buffer/string/stream bodies).
 */
export interface UploadBody {
  stream: ReadableStream<Uint8Array> | null;
  mimeType: string;
  cacheControl: string;
  userMetadata: Record<string, unknown> | null;
}

/** Stored values are sent back as response headers on download: printable ASCII only. */
export const HEADER_VALUE = /^[\x20-\x7e]*$/;

/** JSON bodies (listing options, paths to sign or delete) are small; anything larger is refused. */
const MAX_JSON_BYTES = 1024 * 1024;

/** Room for multipart boundaries and fields on top of the file itself. */
const MULTIPART_OVERHEAD = 64 * 1024;

export async function readUploadBody(request: Request, maxBytes: number): Promise<UploadBody> {
  const contentType = request.headers.get('content-type') ?? '';
  const declared = Number(request.headers.get('content-length') ?? NaN);
  if (contentType.toLowerCase().startsWith('multipart/form-data')) {
    if (declared > maxBytes + MULTIPART_OVERHEAD) throw errors.entityTooLarge();
    return readMultipart(request, contentType, maxBytes + MULTIPART_OVERHEAD);
  }
  if (declared > maxBytes) throw errors.entityTooLarge();
  const cacheControl = request.headers.get('cache-control') || 'no-cache';
  return {
    stream: request.body,
    mimeType: contentType || 'application/octet-stream',
    cacheControl,
    userMetadata: parseMetadataHeader(request.headers.get('x-metadata')),
  };
}

/**
 * Multipart bodies are buffered (bounded by the size limit) and parsed with the platform's
 * FormData parser: correct for every encoding undici produces, and uploads to a local stack are
 * small enough that streaming the parts is not worth a hand-written parser.
 */
async function readMultipart(request: Request, contentType: string, maxBytes: number): Promise<UploadBody> {
  const chunks = await readBounded(request, maxBytes);
  let form: FormData;
  try {
    form = await new Response(new Blob(chunks), { headers: { 'content-type': contentType } }).formData();
  } catch {
    throw errors.invalidRequest('Invalid multipart body');
  }
  let file: File | undefined;
  for (const [, value] of form) {
    if (typeof value !== 'string') {
      file = value;
      break;
    }
  }
  if (!file) throw errors.invalidRequest('No content provided');
  const cacheControlField = form.get('cacheControl');
  if (typeof cacheControlField === 'string' && !HEADER_VALUE.test(cacheControlField))
    throw errors.invalidParameter('cacheControl');
  const contentTypeField = form.get('contentType');
  if (typeof contentTypeField === 'string' && !HEADER_VALUE.test(contentTypeField))
    throw errors.invalidParameter('contentType');
  const metadataField = form.get('metadata');
  return {
    stream: file.stream(),
    // storage-js puts the type on the file part; a `contentType` field (other clients) wins.
    mimeType: (typeof contentTypeField === 'string' && contentTypeField) || file.type || 'application/octet-stream',
    cacheControl:
      typeof cacheControlField === 'string' && cacheControlField !== '' ? `max-age=${cacheControlField}` : 'no-cache',
    userMetadata: typeof metadataField === 'string' ? parseMetadataJson(metadataField) : null,
  };
}

function parseMetadataHeader(header: string | null): Record<string, unknown> | null {
  if (!header) return null;
  const json = Buffer.from(header, 'base64').toString('utf8');
  return parseMetadataJson(json);
}

function parseMetadataJson(json: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    throw errors.invalidParameter('metadata', 'Invalid metadata: not valid JSON');
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) {
    throw errors.invalidParameter('metadata', 'Invalid metadata: expected a JSON object');
  }
  return value as Record<string, unknown>;
}

/** Parses a JSON request body; a missing or malformed body is a 400, not a crash. */
export async function readJson(request: Request): Promise<Record<string, unknown>> {
  const text = Buffer.concat(await readBounded(request, MAX_JSON_BYTES)).toString('utf8');
  if (text.trim() === '') return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw errors.invalidRequest('Body is not valid JSON');
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw errors.invalidRequest('body must be object');
  return value as Record<string, unknown>;
}

/** Reads a whole body, refusing (EntityTooLarge) as soon as it grows past `maxBytes`. */
async function readBounded(request: Request, maxBytes: number): Promise<Uint8Array<ArrayBuffer>[]> {
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  if (!request.body) return chunks;
  const reader = request.body.getReader();
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => {});
      throw errors.entityTooLarge();
    }
    // Chunks read from a request body are ArrayBuffer-backed; the cast only narrows the buffer type.
    chunks.push(value as Uint8Array<ArrayBuffer>);
  }
  return chunks;
}
