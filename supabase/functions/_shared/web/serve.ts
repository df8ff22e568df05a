/**
 * The request loop the JSON functions share (CONVENTIONS §5): CORS preflight when the function is
 * called from browsers, one allowed method, an `HttpError` answered as its 4xx, anything else
 * logged under the function's name and answered 500 with a generic message (no internals leak).
 */
import { HttpError, errorResponse, httpErrorResponse } from './errors.ts';

export interface ServeOptions {
  /** CORS headers added to every answer; with them, OPTIONS is answered 204 (preflight). */
  cors?: Record<string, string>;
  /** The one method the function accepts (default POST). */
  method?: string;
  /** Where unexpected errors go (default console.error). */
  log?: (message: string, detail: string) => void;
}

export function serveJson(
  name: string,
  handle: (request: Request) => Promise<Response>,
  options: ServeOptions = {},
): (request: Request) => Promise<Response> {
  const cors = options.cors ?? {};
  const method = options.method ?? 'POST';
  const log = options.log ?? ((message: string, detail: string) => console.error(message, detail));
  return async (request) => {
    if (options.cors && request.method === 'OPTIONS') return new Response(null, { status: 204, headers: cors });
    if (request.method !== method)
      return errorResponse(405, 'method_not_allowed', `Use ${method}.`, { ...cors, allow: method });
    try {
      return await handle(request);
    } catch (error) {
      if (error instanceof HttpError) return httpErrorResponse(error, cors);
      log(`${name} error`, String(error));
      return errorResponse(500, 'internal_error', 'Something went wrong. Please try again.', cors);
    }
  };
}

/** A JSON answer with the given extra headers (CORS). */
export function jsonResponse(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { ...headers, 'content-type': 'application/json; charset=utf-8' },
  });
}
