import { protocol, type PGlite } from '@electric-sql/pglite';
import type { RequestIdentity, RequestInfo } from '../core/db.ts';
import type { PgErrorLike } from './errors.ts';

/**
 * One PostgREST request = one transaction, sent to PGlite as a single pipelined
 * batch of extended-protocol messages: the `set_config` prelude and the statements, then one Sync
 * (plus BEGIN, and COMMIT/ROLLBACK in a second call, when the result must be checked first). `withRequestTx` in core/db.ts applies
 * the same settings with one PGlite round trip per statement (~0.3 ms each, 4-5 per request),
 * which alone caps a 2-core machine below the 800 req/s budget; the batch costs one round trip.
 * The batch holds PGlite's transaction lock, so it never interleaves with other services' work.
 */

export interface StatementResult {
  rows: (string | null)[][];
  fields: string[];
}

export interface TxRequest {
  identity: RequestIdentity;
  request: RequestInfo;
  readOnly: boolean;
  searchPath: string;
  /** Settings applied before the role (per-role settings such as statement_timeout). */
  settings: [string, string][];
  statements: { sql: string; params: (string | null)[] }[];
  /**
   * Inspects the results before the transaction ends; returning false rolls back (singular
   * responses with ≠ 1 row, max-affected, tx=rollback). Omitted = commit in the same batch.
   */
  decide?: (results: StatementResult[]) => boolean;
}

export type TxOutcome = { ok: true; results: StatementResult[] } | { ok: false; error: PgErrorLike };

const { serialize } = protocol;

function concat(parts: Uint8Array[]): Uint8Array {
  let size = 0;
  for (const p of parts) size += p.length;
  const out = new Uint8Array(size);
  let offset = 0;
  for (const p of parts) {
    out.set(p, offset);
    offset += p.length;
  }
  return out;
}

/**
 * Named prepared statements, keyed by SQL text: the prelude, BEGIN/COMMIT and each query shape are
 * parsed and analysed once, then only bound and executed (about half of Postgres' per-request work
 * for a single-row select). Values never enter the text, so the number of shapes stays small; the
 * least recently used ones are closed beyond MAX_PREPARED.
 */
const MAX_PREPARED = 256;

class PreparedStatements {
  private readonly names = new Map<string, string>();
  private counter = 0;
  /** Close messages for evicted statements, sent at the start of the next batch. */
  private pendingClose: string[] = [];

  takePendingCloses(parts: Uint8Array[]): void {
    for (const name of this.pendingClose) parts.push(serialize.close({ type: 'S', name }));
    this.pendingClose = [];
  }

  /** Appends Parse (when new) + Bind/Describe/Execute; returns the new name, if any. */
  append(parts: Uint8Array[], text: string, values: (string | null)[]): string | undefined {
    let name = this.names.get(text);
    let created: string | undefined;
    if (name) {
      // Refresh recency.
      this.names.delete(text);
      this.names.set(text, name);
    } else {
      name = `pgrst_${++this.counter}`;
      created = name;
      parts.push(serialize.parse({ text, name }));
    }
    parts.push(serialize.bind({ statement: name, values }), serialize.describe({ type: 'P' }), serialize.execute({}));
    return created ? `${created}\u0000${text}` : undefined;
  }

  /** Records statements parsed by a batch that succeeded. */
  commit(created: string[]): void {
    for (const entry of created) {
      const [name, text] = entry.split('\u0000') as [string, string];
      this.names.set(text, name);
    }
    while (this.names.size > MAX_PREPARED) {
      const oldest = this.names.entries().next().value as [string, string];
      this.names.delete(oldest[0]);
      this.pendingClose.push(oldest[1]);
    }
  }

  /** Statements parsed by a failed batch may or may not exist: close them (closing a missing one is fine). */
  discard(created: string[], parts: Uint8Array[]): void {
    for (const entry of created) parts.push(serialize.close({ type: 'S', name: entry.split('\u0000')[0]! }));
  }
}

const preparedByDb = new WeakMap<PGlite, PreparedStatements>();

function preparedFor(db: PGlite): PreparedStatements {
  let prepared = preparedByDb.get(db);
  if (!prepared) {
    prepared = new PreparedStatements();
    preparedByDb.set(db, prepared);
  }
  return prepared;
}

interface BackendMessageLike {
  name: string;
  fields?: unknown;
}

/** Prelude settings identical to core/db.ts `withRequestTx`. */
function preludeSettings(tx: TxRequest): [string, string][] {
  const claims: Record<string, unknown> = { ...tx.identity.claims, role: tx.identity.role };
  return [
    ['search_path', tx.searchPath],
    ...tx.settings,
    ['role', tx.identity.role],
    ['request.jwt.claims', JSON.stringify(claims)],
    ['request.jwt.claim.role', tx.identity.role],
    ['request.jwt.claim.sub', typeof claims.sub === 'string' ? claims.sub : ''],
    ['request.method', tx.request.method],
    ['request.path', tx.request.path],
    ['request.headers', JSON.stringify(tx.request.headers)],
    ['request.cookies', JSON.stringify(tx.request.cookies ?? {})],
  ];
}

const preludeSqlCache = new Map<number, string>();
function preludeSql(count: number): string {
  let sql = preludeSqlCache.get(count);
  if (!sql) {
    sql = `select ${Array.from({ length: count }, (_, i) => `set_config($${i * 2 + 1}, $${i * 2 + 2}, true)`).join(', ')}`;
    preludeSqlCache.set(count, sql);
  }
  return sql;
}

export async function runRequestTx(db: PGlite, tx: TxRequest): Promise<TxOutcome> {
  const settings = preludeSettings(tx);
  const prepared = preparedFor(db);
  return db._runExclusiveTransaction(async () => {
    const parts: Uint8Array[] = [];
    const created: string[] = [];
    const add = (text: string, values: (string | null)[]) => {
      const name = prepared.append(parts, text, values);
      if (name) created.push(name);
    };
    prepared.takePendingCloses(parts);
    // Without a post-check the batch runs as the implicit transaction Postgres opens for
    // extended-protocol messages up to Sync (committed at Sync, rolled back on error), which saves
    // executing BEGIN and COMMIT; READ ONLY is then the `transaction_read_only` setting.
    const explicit = tx.decide !== undefined;
    const prelude =
      !explicit && tx.readOnly ? [['transaction_read_only', 'on'] as [string, string], ...settings] : settings;
    if (explicit)
      add(tx.readOnly ? 'BEGIN ISOLATION LEVEL READ COMMITTED READ ONLY' : 'BEGIN ISOLATION LEVEL READ COMMITTED', []);
    add(preludeSql(prelude.length), prelude.flat());
    for (const s of tx.statements) add(s.sql, s.params);
    parts.push(serialize.sync());
    const leading = explicit ? 2 : 1;

    const { messages } = await db.execProtocol(concat(parts), {
      throwOnError: false,
      syncToFs: !explicit && !tx.readOnly,
    });
    const results: StatementResult[] = [];
    let current: StatementResult = { rows: [], fields: [] };
    let completed = 0;
    let error: PgErrorLike | undefined;
    for (const m of messages as BackendMessageLike[]) {
      if (m.name === 'rowDescription') {
        current.fields = ((m as unknown as { fields: { name: string }[] }).fields ?? []).map((f) => f.name);
      } else if (m.name === 'dataRow') {
        current.rows.push(m.fields as (string | null)[]);
      } else if (m.name === 'commandComplete') {
        // Completions: [BEGIN,] prelude, then one per statement.
        if (completed >= leading) results.push(current);
        completed++;
        current = { rows: [], fields: [] };
      } else if (m.name === 'error' && !error) {
        error = m as unknown as PgErrorLike;
      }
    }
    if (error) {
      // An implicit transaction ended at Sync; an explicit one is still open (aborted).
      const cleanup: Uint8Array[] = explicit ? [serialize.query('ROLLBACK')] : [];
      prepared.discard(created, cleanup);
      if (cleanup.length > 0) {
        cleanup.push(serialize.sync());
        await db.execProtocol(concat(cleanup), { throwOnError: false, syncToFs: false });
      }
      return { ok: false, error };
    }
    prepared.commit(created);
    const statementResults = results.slice(0, tx.statements.length);
    if (tx.decide) {
      const commit = tx.decide(statementResults);
      await db.execProtocol(serialize.query(commit ? 'COMMIT' : 'ROLLBACK'), { throwOnError: false, syncToFs: commit });
    }
    return { ok: true, results: statementResults };
  });
}
