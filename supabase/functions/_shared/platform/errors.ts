/**
 * Server side of the one error shape (`contracts/errors.ts`): throw an `HttpError` anywhere in a
 * handler and the platform answers it as `{error:{code,message,details?}}` with its status.
 */
import type { ErrorCode, ServerErrorBody } from '../contracts/errors.ts';

export type { ErrorCode };

export class HttpError extends Error {
  override readonly name = 'HttpError';
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly headers: Record<string, string> = {},
    readonly details?: unknown,
  ) {
    super(message);
  }
}

export function errorResponse(
  status: number,
  code: ErrorCode,
  message: string,
  headers: Record<string, string> = {},
  details?: unknown,
): Response {
  const body: ServerErrorBody = { error: { code, message, ...(details === undefined ? {} : { details }) } };
  return new Response(JSON.stringify(body), {
    status,
    headers: { ...headers, 'content-type': 'application/json; charset=utf-8' },
  });
}

export function httpErrorResponse(error: HttpError, headers: Record<string, string> = {}): Response {
  return errorResponse(error.status, error.code, error.message, { ...headers, ...error.headers }, error.details);
}

/** A JSON answer (success bodies; errors go through HttpError). */
export function jsonResponse(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { ...headers, 'content-type': 'application/json; charset=utf-8' },
  });
}
