/**
 * Error answers the platform itself produces (body limit, crashed service, unknown route), shaped
 * like the service behind the prefix would shape them, so each client library parses them as its
 * own: postgrest-js reads `{code,details,hint,message}`, auth-js `{code,message}` (with the
 * `X-Supabase-Api-Version` echo, reference §3.2), storage-js `{statusCode,error,message}` with a
 * string status (§4.4), functions-js only the status.
 */

export type ServiceName = 'rest' | 'auth' | 'storage' | 'functions' | 'realtime' | 'local';

export type PlatformError = 'payload_too_large' | 'internal' | 'bad_request';

const TEXT: Record<PlatformError, { status: number; message: string }> = {
  payload_too_large: { status: 413, message: 'Request body too large' },
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
        code: kind === 'payload_too_large' ? 'PGRST413' : kind === 'internal' ? 'PGRST500' : 'PGRST400',
        details,
        hint: null,
        message,
      };
      break;
    case 'auth':
      headers.set('X-Supabase-Api-Version', '2024-01-01');
      body = {
        code:
          kind === 'payload_too_large' ? 'request_too_large' : kind === 'internal' ? 'unexpected_failure' : 'bad_json',
        message,
      };
      break;
    case 'storage':
      body = {
        statusCode: String(status),
        error: kind === 'payload_too_large' ? 'Payload too large' : kind === 'internal' ? 'internal' : 'Bad Request',
        message: kind === 'payload_too_large' ? 'The object exceeded the maximum allowed size' : message,
      };
      break;
    case 'functions':
      body =
        kind === 'internal'
          ? { code: 'WORKER_ERROR', message: 'Function exited due to an error (please check logs)' }
          : { code: kind === 'payload_too_large' ? 'PAYLOAD_TOO_LARGE' : 'BAD_REQUEST', message };
      break;
    default:
      body = { error: { code: kind, message, ...(details ? { details } : {}) } };
  }
  return new Response(JSON.stringify(body), { status, headers });
}
