import type { PGlite, Transaction } from '@electric-sql/pglite';
import type { StackContext } from '../core/contracts.ts';
import { withRequestTx, type RequestIdentity } from '../core/db.ts';
import { effectiveBearer } from '../core/gateway.ts';
import { verifyJwt } from '../core/jwt.ts';
import { errors, fromDatabaseError } from './errors.ts';

/**
 * Who a storage request runs as and how its database work is scoped: the JWT is
 * verified with the project secret after the gateway's key translation; every metadata query runs
 * in a transaction that impersonates the request's role with Storage's settings, so RLS on
 * storage.objects / storage.buckets decides, exactly as hosted.
 */
export interface StorageRequest {
  request: Request;
  url: URL;
  identity: RequestIdentity;
  /** `sub` of a verified JWT, if any: recorded as the object's owner. */
  owner: string | undefined;
  /** The verified bearer token ('' for anon), exposed to SQL as `request.jwt`. */
  jwt: string;
  headers: Record<string, string>;
}

export async function resolveIdentity(ctx: StackContext, request: Request): Promise<StorageRequest> {
  const url = new URL(request.url);
  const headers: Record<string, string> = {};
  request.headers.forEach((value, key) => {
    if (key !== 'cookie') headers[key] = value;
  });
  const bearer = effectiveBearer(request.headers, ctx.config);
  if (!bearer) {
    return { request, url, headers, identity: { role: 'anon', claims: { role: 'anon' } }, owner: undefined, jwt: '' };
  }
  const verified = await verifyJwt(bearer, ctx.config.jwtSecret);
  if (!verified.ok) throw errors.invalidJwt(verified.kind === 'expired' ? 'jwt expired' : verified.message);
  const role = typeof verified.claims.role === 'string' && verified.claims.role !== '' ? verified.claims.role : 'anon';
  if (!/^[a-z_][a-z0-9_]*$/i.test(role) || ['postgres', 'supabase_admin'].includes(role)) {
    // A signed token naming a superuser role must not turn into one; Postgres would allow it.
    throw errors.invalidJwt(`role "${role}" is not allowed`);
  }
  const owner = typeof verified.claims.sub === 'string' ? verified.claims.sub : undefined;
  return { request, url, headers, identity: { role, claims: verified.claims }, owner, jwt: bearer };
}

/** Runs `fn` as the request's role with Storage's transaction settings; DB errors become StorageErrors. */
export async function asUser<T>(
  db: PGlite,
  sreq: StorageRequest,
  operation: string,
  fn: (tx: Transaction) => Promise<T>,
): Promise<T> {
  try {
    return await withRequestTx(
      db,
      sreq.identity,
      { method: sreq.request.method, path: sreq.url.pathname, headers: sreq.headers },
      fn,
      {
        searchPath: 'storage, public, extensions',
        settings: {
          'request.jwt': sreq.jwt,
          'storage.operation': operation,
          'storage.allow_delete_query': 'true',
        },
      },
    );
  } catch (error) {
    if (error instanceof Rollback) throw error;
    throw roleError(error) ?? fromDatabaseError(error);
  }
}

/** An unknown role in a signed token is a client error (PostgREST maps it to 401), not a 500. */
function roleError(error: unknown) {
  const message = error instanceof Error ? error.message : '';
  if ((error as { code?: string }).code === '22023' && /role ".*" does not exist/.test(message)) {
    return errors.invalidJwt(message);
  }
  return undefined;
}

/**
 * Runs `fn` as the superuser (no RLS), for what hosted Storage also does as superuser: reading bucket
 * limits, serving public and signed downloads, and writing the final object row after an upload.
 */
export async function asSuperuser<T>(db: PGlite, operation: string, fn: (tx: Transaction) => Promise<T>): Promise<T> {
  try {
    return await db.transaction(async (tx) => {
      await tx.query(
        `select set_config('search_path', 'storage, public, extensions', true),
                set_config('storage.operation', $1, true),
                set_config('storage.allow_delete_query', 'true', true)`,
        [operation],
      );
      return fn(tx);
    });
  } catch (error) {
    throw fromDatabaseError(error);
  }
}

/** Thrown inside a transaction to roll it back on purpose (permission probes). */
export class Rollback extends Error {}

/**
 * Runs `fn` as the user and always rolls back: used to ask Postgres "would RLS let this user write
 * that row?" without keeping the row (upstream `canUpload`).
 */
export async function probeAsUser(
  db: PGlite,
  sreq: StorageRequest,
  operation: string,
  fn: (tx: Transaction) => Promise<void>,
): Promise<void> {
  try {
    await asUser(db, sreq, operation, async (tx) => {
      await fn(tx);
      throw new Rollback('probe');
    });
  } catch (error) {
    if (error instanceof Rollback) return;
    throw error;
  }
}
