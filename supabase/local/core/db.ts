import { PGlite, type Transaction, type Results } from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite/vector';
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { uuid_ossp } from '@electric-sql/pglite/contrib/uuid_ossp';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';

/** Anything that runs SQL: the database itself or an open transaction. */
export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<Results<T>>;
  exec(sql: string): Promise<unknown>;
}

export type { Transaction, Results };

/**
 * Opens PGlite (Postgres 17 in WASM) with the extensions hosted Supabase offers.
 * `dataDir` undefined = in-memory (tests); otherwise a directory persisted with nodefs.
 * `initialData`: a `dumpDataDir()` tarball to start a new database from (skips initdb).
 */
export async function openDatabase(dataDir?: string, initialData?: Blob): Promise<PGlite> {
  const options = { extensions: { vector, pgcrypto, pg_trgm, uuid_ossp, unaccent, btree_gin } };
  const withData = initialData ? { ...options, loadDataDir: initialData } : options;
  return dataDir ? PGlite.create(dataDir, withData) : PGlite.create(withData);
}

/** Who a request runs as, after the gateway's key translation and JWT verification. */
export interface RequestIdentity {
  /** Postgres role to impersonate: anon, authenticated, service_role, ... */
  role: string;
  /** Verified JWT claims; `role` is overwritten with the resolved role. */
  claims: Record<string, unknown>;
}

export interface RequestInfo {
  method: string;
  path: string;
  headers: Record<string, string>;
  cookies?: Record<string, string>;
}

export interface RequestTxOptions {
  readOnly?: boolean;
  searchPath?: string;
  /** Extra `set_config(key, value, true)` pairs (e.g. role settings, storage.operation). */
  settings?: Record<string, string>;
}

/**
 * Runs `fn` in one transaction impersonating the request's role with the same GUCs PostgREST and
 * Storage set, so RLS, auth.uid() and friends are decided by Postgres.
 * The transaction commits when `fn` resolves and rolls back when it throws.
 */
export async function withRequestTx<T>(
  db: PGlite,
  identity: RequestIdentity,
  request: RequestInfo,
  fn: (tx: Transaction) => Promise<T>,
  options: RequestTxOptions = {},
): Promise<T> {
  return db.transaction(async (tx) => {
    if (options.readOnly) await tx.exec('set transaction read only');
    const claims: Record<string, unknown> = { ...identity.claims, role: identity.role };
    const settings: [string, string][] = [
      ['search_path', options.searchPath ?? 'public, extensions'],
      ...Object.entries(options.settings ?? {}),
      ['role', identity.role],
      ['request.jwt.claims', JSON.stringify(claims)],
      ['request.jwt.claim.role', identity.role],
      ['request.jwt.claim.sub', typeof claims.sub === 'string' ? claims.sub : ''],
      ['request.method', request.method],
      ['request.path', request.path],
      ['request.headers', JSON.stringify(request.headers)],
      ['request.cookies', JSON.stringify(request.cookies ?? {})],
    ];
    const calls = settings.map((_, i) => `set_config($${i * 2 + 1}, $${i * 2 + 2}, true)`).join(', ');
    await tx.query(`select ${calls}`, settings.flat());
    return fn(tx);
  });
}
