import { RestError, type PgErrorLike, fromPgError } from './errors.ts';

/** Response writing: error bodies, headers set from SQL (`response.headers`/`response.status`). */

export function errorResponse(error: RestError, extraHeaders: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(error.body()), {
    status: error.status,
    headers: {
      'Content-Type': 'application/json; charset=utf-8',
      'Proxy-Status': `PostgREST; error=${error.code}`,
      ...extraHeaders,
      ...error.headers,
    },
  });
}

export function pgErrorResponse(error: PgErrorLike, isAnon: boolean): Response {
  return errorResponse(fromPgError(error, isAnon));
}

/** Applies `set_config('response.headers', '[{"X-A":"b"}]', true)` and `response.status` from SQL. */
export function applyResponseGucs(
  headers: Headers,
  rawHeaders: string | null | undefined,
  rawStatus: string | null | undefined,
  status: number,
): number {
  if (rawHeaders) {
    try {
      const list = JSON.parse(rawHeaders) as unknown;
      if (Array.isArray(list)) {
        for (const entry of list) {
          if (entry && typeof entry === 'object')
            for (const [k, v] of Object.entries(entry as Record<string, unknown>)) headers.set(k, String(v));
        }
      }
    } catch {
      throw new RestError(
        500,
        'PGRST111',
        'response.headers guc must be a JSON array composed of objects with a single key and a string value',
      );
    }
  }
  if (rawStatus) {
    const code = Number(rawStatus);
    if (!Number.isInteger(code) || code < 100 || code > 599)
      throw new RestError(500, 'PGRST112', 'response.status guc must be a valid status code');
    return code;
  }
  return status;
}

export function contentRange(offset: number, pageTotal: number, total: number | undefined): string {
  const totalText = total === undefined ? '*' : String(total);
  if (pageTotal <= 0) return `*/${totalText}`;
  return `${offset}-${offset + pageTotal - 1}/${totalText}`;
}

export function singularError(rows: number): RestError {
  return new RestError(
    406,
    'PGRST116',
    'Cannot coerce the result to a single JSON object',
    `The result contains ${rows} rows`,
  );
}
