import { HttpError } from './errors.ts';

/**
 * Reads a JSON request body with a size cap, turning every way it can be wrong into a clear 4xx
 * (415 wrong type, 413 too large, 400 malformed) instead of a crash.
 */
export async function readJsonBody(request: Request, maxBytes = 64 * 1024): Promise<unknown> {
  const type = request.headers.get('content-type') ?? '';
  if (!/^application\/(?:[\w.+-]+\+)?json\b/i.test(type.trim())) {
    throw new HttpError(415, 'unsupported_media_type', 'Send the request body as application/json.');
  }
  const declared = Number(request.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) {
    throw new HttpError(413, 'payload_too_large', `The request body must be at most ${maxBytes} bytes.`);
  }
  if (!request.body) throw new HttpError(400, 'invalid_json', 'The request body is empty.');
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw new HttpError(413, 'payload_too_large', `The request body must be at most ${maxBytes} bytes.`);
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new HttpError(400, 'invalid_json', 'The request body is not valid UTF-8.');
  }
  if (text.trim() === '') throw new HttpError(400, 'invalid_json', 'The request body is empty.');
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new HttpError(400, 'invalid_json', 'The request body is not valid JSON.');
  }
}
