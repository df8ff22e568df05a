/**
 * PostgREST-shaped errors: every error body carries the four keys code, details,
 * hint and message (null when absent); the HTTP status follows PostgREST v14's SQLSTATE table.
 */

export interface ErrorBody {
  code: string;
  details: unknown;
  hint: string | null;
  message: string;
}

export class RestError extends Error {
  readonly status: number;
  readonly code: string;
  readonly details: unknown;
  readonly hint: string | null;
  readonly headers: Record<string, string>;

  constructor(
    status: number,
    code: string,
    message: string,
    details: unknown = null,
    hint: string | null = null,
    headers: Record<string, string> = {},
  ) {
    super(message);
    this.status = status;
    this.code = code;
    this.details = details;
    this.hint = hint;
    this.headers = headers;
  }

  body(): ErrorBody {
    return { code: this.code, details: this.details, hint: this.hint, message: this.message };
  }
}

/** Query-string parse error (PGRST100), with a message in PostgREST's `failed to parse …` style. */
export function parseError(what: string, input: string, details: string): RestError {
  return new RestError(400, 'PGRST100', `"failed to parse ${what} (${input})" (line 1, column 1)`, details);
}

/** The parts of a Postgres error PostgREST forwards. */
export interface PgErrorLike {
  code?: string;
  message: string;
  detail?: string;
  hint?: string;
}

export function isPgError(error: unknown): error is PgErrorLike {
  return (
    typeof error === 'object' &&
    error !== null &&
    typeof (error as PgErrorLike).code === 'string' &&
    typeof (error as PgErrorLike).message === 'string'
  );
}

/** HTTP status for a SQLSTATE, as PostgREST v14 `pgErrorStatus` decides it. */
export function statusForSqlState(code: string, message: string, isAnon: boolean): number {
  if (code === '42501') return isAnon ? 401 : 403;
  if (code === '23503' || code === '23505') return 409;
  if (code === '25006') return 405;
  if (code === '42883') return message.startsWith('function xmlagg(') ? 406 : 404;
  if (code === '42P01') return 404;
  if (code === '42P17') return 500;
  if (code === 'P0001') return 400;
  if (code === '21000') return message.endsWith('requires a WHERE clause') ? 400 : 500;
  if (code === '22023') return /^role ".*" does not exist$/.test(message) ? 401 : 400;
  if (code === '53400') return 500;
  if (code === '57P01') return 503;
  const custom = /^PT(\d{3})$/.exec(code);
  if (custom) return Number(custom[1]);
  const cls = code.slice(0, 2);
  if (cls === '08') return 503;
  if (cls === '09' || cls === 'P0') return 500;
  if (cls === '0L' || cls === '0P' || cls === '28') return 403;
  if (cls === '53') return 503;
  if (['25', '2D', '38', '39', '3B', '40', '54', '55', '57', '58', 'F0', 'HV', 'XX'].includes(cls)) return 500;
  return 400;
}

/** Turns a Postgres error into the PostgREST response error (including `RAISE SQLSTATE 'PGRST'`). */
export function fromPgError(error: PgErrorLike, isAnon: boolean): RestError {
  const code = error.code ?? 'XX000';
  if (code === 'PGRST') return fromRaisedPgrst(error);
  const status = statusForSqlState(code, error.message, isAnon);
  const headers: Record<string, string> = status === 401 ? { 'WWW-Authenticate': 'Bearer' } : {};
  return new RestError(status, code, error.message, error.detail ?? null, error.hint ?? null, headers);
}

/** `raise sqlstate 'PGRST' using message = '{json}', detail = '{status, headers}'`. */
function fromRaisedPgrst(error: PgErrorLike): RestError {
  try {
    const body = JSON.parse(error.message) as Partial<ErrorBody>;
    const meta = JSON.parse(error.detail ?? '{}') as { status?: number; headers?: Record<string, string> };
    if (typeof body.code !== 'string' || typeof body.message !== 'string' || typeof meta.status !== 'number')
      throw new Error('shape');
    return new RestError(
      meta.status,
      body.code,
      body.message,
      body.details ?? null,
      body.hint ?? null,
      meta.headers ?? {},
    );
  } catch {
    return new RestError(500, 'PGRST121', 'Could not parse JSON in the "RAISE SQLSTATE \'PGRST\'" error', null, null);
  }
}
