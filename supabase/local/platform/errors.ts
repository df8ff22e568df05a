/**
 * Error answers the platform itself produces (body limit, crashed service, unknown route), shaped
 * like the service behind the prefix would shape them, so each client library parses them as its
 * own: postgrest-js reads `{code,details,hint,message}`, auth-js `{code,message}` (with the
 * `X-Supabase-Api-Version` echo), storage-js `{statusCode,error,message}` with a
 * string status (Storage answers 400 and puts the real status in the body), functions-js only the
 * status.
 */

export type ServiceName = 'rest' | 'auth' | 'storage' | 'functions' | 'realtime' | 'local';

export type PlatformError = 'payload_too_large' | 'internal' | 'bad_request' | 'forbidden_origin';

const TEXT: Record<PlatformError, { status: number; message: string }> = {
  payload_too_large: { status: 413, message: 'Request body too large' },
  forbidden_origin: { status: 403, message: 'Origin not allowed' },
  internal: { status: 500, message: 'Internal server error' },
  bad_request: { status: 400, message: 'Malformed request' },
};

/** Builds the JSON error answer of `service` for a platform-level failure. */
export function platformErrorResponse(
  service: ServiceName | undefined,
  kind: PlatformError,
  details: string | null = null,
): Response {
  const { status, message } = TEXT[kind];
  const headers = new Headers({ 'Content-Type': 'application/json; charset=utf-8' });
  let body: unknown;
  switch (service) {
    case 'rest':
      // Not a code PostgREST emits (it has no body limit of its own); local-only, PGRST-prefixed so
      // callers treat it as a gateway rejection rather than a database error.
      body = {
        code: {
          payload_too_large: 'PGRST413',
          internal: 'PGRST500',
          bad_request: 'PGRST400',
          forbidden_origin: 'PGRST403',
        }[kind],
        details,
        hint: null,
        message,
      };
      break;
    case 'auth':
      headers.set('X-Supabase-Api-Version', '2024-01-01');
      body = {
        code: {
          payload_too_large: 'request_too_large',
          internal: 'unexpected_failure',
          bad_request: 'bad_json',
          forbidden_origin: 'origin_not_allowed',
        }[kind],
        message,
      };
      break;
    case 'storage':
      body = {
        statusCode: String(status),
        error: {
          payload_too_large: 'Payload too large',
          internal: 'internal',
          bad_request: 'Bad Request',
          forbidden_origin: 'Forbidden',
        }[kind],
        message: kind === 'payload_too_large' ? 'The object exceeded the maximum allowed size' : message,
      };
      break;
    case 'functions':
      body =
        kind === 'internal'
          ? { code: 'WORKER_ERROR', message: 'Function exited due to an error (please check logs)' }
          : {
              code: {
                payload_too_large: 'PAYLOAD_TOO_LARGE',
                bad_request: 'BAD_REQUEST',
                forbidden_origin: 'FORBIDDEN',
              }[kind],
              message,
            };
      break;
    default:
      body = { error: { code: kind, message, ...(details ? { details } : {}) } };
  }
  return new Response(JSON.stringify(body), { status, headers });
}
