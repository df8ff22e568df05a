/**
 * GoTrue's error protocol: with `X-Supabase-Api-Version: 2024-01-01` the answer is
 * `{code, message}` and the header is echoed (auth-js only trusts `code` when it sees it);
 * without it, the legacy `{code: <status>, error_code, msg}` plus `x-sb-error-code`.
 */
export const API_VERSION = '2024-01-01';

export class AuthError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly extra: Record<string, unknown> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export const badRequest = (code: string, message: string) => new AuthError(400, code, message);
export const unprocessable = (code: string, message: string) => new AuthError(422, code, message);
export const forbidden = (code: string, message: string) => new AuthError(403, code, message);
export const notFound = (code: string, message: string) => new AuthError(404, code, message);
export const validationFailed = (message: string) => new AuthError(400, 'validation_failed', message);

/** Echoes the API version header when the client sent one (every auth-js request does). */
export function versionHeaders(request: Request): Record<string, string> {
  const version = request.headers.get('x-supabase-api-version');
  return version ? { 'X-Supabase-Api-Version': version } : {};
}

export function errorResponse(request: Request, error: AuthError): Response {
  const headers: Record<string, string> = {
    ...error.headers,
    ...versionHeaders(request),
    'x-sb-error-code': error.code,
  };
  const versioned = request.headers.has('x-supabase-api-version');
  const body = versioned
    ? { code: error.code, message: error.message, ...error.extra }
    : { code: error.status, error_code: error.code, msg: error.message, ...error.extra };
  return Response.json(body, { status: error.status, headers });
}
