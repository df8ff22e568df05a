/**
 * The one error shape functions answer with (CONVENTIONS §5): `{ error: { code, message } }`.
 */
export interface ErrorBody {
  error: { code: string; message: string };
}

export class HttpError extends Error {
  override readonly name = 'HttpError';
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export function errorResponse(
  status: number,
  code: string,
  message: string,
  headers: Record<string, string> = {},
): Response {
  const body: ErrorBody = { error: { code, message } };
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
  });
}

export function httpErrorResponse(error: HttpError, headers: Record<string, string> = {}): Response {
  return errorResponse(error.status, error.code, error.message, { ...headers, ...error.headers });
}
