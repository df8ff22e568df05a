/**
 * Request input: the body read with a size cap and every way it can be wrong turned into a clear
 * 4xx (415 wrong type, 413 too large, 400 malformed), then parsed with a zod schema; a value
 * outside the schema is 400 `invalid_request` with the first issue as the message and every
 * issue (path + message) in `details`.
 */
import type { z } from 'zod';
import { HttpError } from './errors.ts';

export const DEFAULT_MAX_BODY_BYTES = 64 * 1024;

export interface RequestIssue {
  path: string;
  message: string;
}

/**
 * A better message than the first issue's for some failures, e.g. "action must be ingest, reingest
 * or delete." when a discriminated union matched no member; undefined keeps the issue's text.
 */
export type Summary = string | ((error: z.ZodError) => string | undefined);

/** The summary for an unknown discriminator (`{action: 'nope'}`), zod's own text otherwise. */
export const unionSummary =
  (message: string): Summary =>
  (error) =>
    error.issues[0]?.code === 'invalid_union' ? message : undefined;

/** 400 `invalid_request` for a zod failure. */
export function invalidRequest(error: z.ZodError, summary?: Summary): HttpError {
  const issues: RequestIssue[] = error.issues.map((issue) => ({
    path: issue.path.map(String).join('.'),
    message: issue.message,
  }));
  const first = issues[0];
  const message =
    (typeof summary === 'function' ? summary(error) : summary) ??
    (first ? `${first.path ? `${first.path}: ` : ''}${first.message}` : 'Invalid request.');
  return new HttpError(400, 'invalid_request', message, {}, { issues });
}

/** Parses `value` against `schema` or throws 400 `invalid_request`. */
export function validate<T extends z.ZodType>(schema: T, value: unknown, summary?: Summary): z.output<T> {
  const result = schema.safeParse(value);
  if (!result.success) throw invalidRequest(result.error, summary);
  return result.data;
}

/** The query string as a flat object (last value wins), parsed against `schema`. */
export function parseQuery<T extends z.ZodType>(request: Request, schema: T): z.output<T> {
  return validate(schema, Object.fromEntries(new URL(request.url).searchParams));
}

export interface BodyOptions {
  maxBytes?: number;
  summary?: Summary;
}

/** Reads a JSON body (capped) and parses it against `schema`. */
export async function parseJsonBody<T extends z.ZodType>(
  request: Request,
  schema: T,
  options: BodyOptions = {},
): Promise<z.output<T>> {
  return validate(schema, await readJsonBody(request, options.maxBytes), options.summary);
}

/**
 * A scheduler may POST no body at all: no content-type means `{}` (the defaults); anything sent is
 * read and parsed as usual.
 */
export async function parseOptionalJsonBody<T extends z.ZodType>(request: Request, schema: T): Promise<z.output<T>> {
  const raw = request.headers.get('content-type') ? await readJsonBody(request) : {};
  return validate(schema, raw ?? {});
}

/** A stream's bytes, or null once they pass `maxBytes` (the rest is cancelled, never buffered). */
export async function readStreamCapped(
  body: ReadableStream<Uint8Array> | null,
  maxBytes: number,
): Promise<Uint8Array | null> {
  if (!body) return new Uint8Array(0);
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/** The body's bytes, at most `maxBytes` (413 beyond, whatever content-length claimed). */
export async function readBodyBytes(request: Request, maxBytes: number): Promise<Uint8Array> {
  const declared = Number(request.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) throw tooLarge(maxBytes);
  const bytes = await readStreamCapped(request.body, maxBytes);
  if (!bytes) throw tooLarge(maxBytes);
  return bytes;
}

/** The body as UTF-8 text, capped (webhooks verify signatures over the raw text). */
export async function readTextBody(request: Request, maxBytes = DEFAULT_MAX_BODY_BYTES): Promise<string> {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(await readBodyBytes(request, maxBytes));
  } catch (error) {
    if (error instanceof HttpError) throw error;
    throw new HttpError(400, 'invalid_json', 'The request body is not valid UTF-8.');
  }
}

/** Reads a JSON request body with a size cap: 415 unless JSON, 413 when too large, 400 when malformed. */
export async function readJsonBody(request: Request, maxBytes = DEFAULT_MAX_BODY_BYTES): Promise<unknown> {
  const type = request.headers.get('content-type') ?? '';
  if (!/^application\/(?:[\w.+-]+\+)?json\b/i.test(type.trim())) {
    throw new HttpError(415, 'unsupported_media_type', 'Send the request body as application/json.');
  }
  const text = await readTextBody(request, maxBytes);
  if (text.trim() === '') throw new HttpError(400, 'invalid_json', 'The request body is empty.');
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new HttpError(400, 'invalid_json', 'The request body is not valid JSON.');
  }
}

function tooLarge(maxBytes: number): HttpError {
  return new HttpError(413, 'payload_too_large', `The request body must be at most ${maxBytes} bytes.`);
}
