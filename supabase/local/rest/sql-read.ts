import type { QueryParams, SelectItem } from './ast.ts';
import type { SchemaCache, Relation } from './schema-cache.ts';
import { ident, Params, type Source } from './sql-filters.ts';
import {
  buildSelection,
  checkLevelsUsed,
  levelOf,
  orderSql,
  pagingSql,
  whereTerms,
  type BuildContext,
  type Selection,
} from './sql-select.ts';

/**
 * The main read statement and the final projection shared with writes and RPC:
 * Postgres builds the JSON (or CSV) body, the page count and the optional exact total in one
 * statement, so Node only copies text.
 */

export type BodyFormat = 'array' | 'object' | 'csv' | 'array-stripped' | 'object-stripped' | 'none';

export interface Statement {
  sql: string;
  params: (string | null)[];
}

export interface ReadPlan extends Statement {
  /** EXPLAIN statement for `count=planned|estimated`. */
  explain?: Statement;
}

export function bodySql(format: BodyFormat, row = '_postgrest_t'): string {
  switch (format) {
    case 'array':
      return `coalesce(json_agg(${row}), '[]')::text`;
    case 'array-stripped':
      return `coalesce(json_agg(json_strip_nulls(row_to_json(${row}))), '[]')::text`;
    case 'object':
      return `coalesce(json_agg(${row})->0, 'null')::text`;
    case 'object-stripped':
      return `coalesce(json_agg(json_strip_nulls(row_to_json(${row})))->0, 'null')::text`;
    case 'csv':
      return `coalesce((select string_agg(k, ',') from json_object_keys((array_agg(row_to_json(${row})))[1]) k), '') || coalesce(E'\\n' || string_agg(substring(${row}::text, 2, length(${row}::text) - 2), E'\\n'), '')`;
    case 'none':
      return `''`;
  }
}

export const RESPONSE_GUCS = `nullif(current_setting('response.headers', true), '') AS response_headers, nullif(current_setting('response.status', true), '') AS response_status`;

export interface ReadOptions {
  cache: SchemaCache;
  query: QueryParams;
  /** FROM item, e.g. `"public"."posts" AS "posts"` or an RPC call. */
  from: string;
  source: Source;
  format: BodyFormat;
  count: 'exact' | 'planned' | 'estimated' | undefined;
  limit: number | undefined;
  offset: number | undefined;
  params?: Params;
}

export function newContext(cache: SchemaCache, query: QueryParams, params = new Params()): BuildContext {
  return { cache, params, query, counter: 0, builtPaths: new Set() };
}

export function buildRead(options: ReadOptions): ReadPlan {
  const ctx = newContext(options.cache, options.query, options.params);
  const { source } = options;
  const level = levelOf(ctx, []);
  const selection = buildSelection(ctx, source, options.query.select, []);
  const where = whereTerms(ctx, source, level, selection.joins);
  const order = orderSql(ctx, source, level, selection.joins);
  checkLevelsUsed(ctx);
  const joins = selection.joins.map((j) => j.sql).join(' ');
  const innerJoins = selection.joins
    .filter((j) => j.inner)
    .map((j) => j.sql)
    .join(' ');
  const whereSql = where.length > 0 ? ` WHERE ${where.join(' AND ')}` : '';
  const paging = pagingSql(ctx, options.limit, options.offset);
  const countSource = `SELECT 1 FROM ${options.from} ${innerJoins}${whereSql}`;
  const total =
    options.count === 'exact' ? `(SELECT pg_catalog.count(*) FROM (${countSource}) _postgrest_c)` : 'null::bigint';
  const sql =
    `SELECT ${total} AS total, pg_catalog.count(_postgrest_t) AS page_total, ${bodySql(options.format)} AS body, ${RESPONSE_GUCS} ` +
    `FROM (SELECT ${selectList(selection)} FROM ${options.from} ${joins}${whereSql}${order}${paging}) _postgrest_t`;
  const plan: ReadPlan = { sql, params: ctx.params.values };
  if (options.count === 'planned' || options.count === 'estimated') {
    plan.explain = compactParams(`EXPLAIN (FORMAT JSON) ${countSource}`, ctx.params.values);
  }
  return plan;
}

export function selectList(selection: Selection): string {
  return selection.columns.length > 0 ? selection.columns.join(', ') : '';
}

/** Final projection of rows produced by a write CTE `pgrst_source`, with embeds from `?select`. */
export function buildProjection(
  ctx: BuildContext,
  relation: Relation,
  select: SelectItem[],
  format: BodyFormat,
): string {
  const source: Source = { alias: relation.name, relation, displayName: relation.name };
  const selection = buildSelection(ctx, source, select, []);
  checkLevelsUsed(ctx);
  const joins = selection.joins.map((j) => j.sql).join(' ');
  return (
    `SELECT '' AS total, pg_catalog.count(_postgrest_t) AS page_total, ${bodySql(format)} AS body, ${RESPONSE_GUCS}, ` +
    `(SELECT pg_catalog.count(*) FROM pgrst_source WHERE pgrst_source.pgrst_inserted) AS inserted ` +
    `FROM (SELECT ${selectList(selection)} FROM pgrst_source AS ${ident(relation.name)} ${joins}) _postgrest_t`
  );
}

/**
 * Renumbers the `$n` placeholders a statement actually uses (skipping quoted identifiers and
 * literals) so it can be prepared with exactly those parameters, e.g. the EXPLAIN for planned
 * counts, which omits the select list and paging parameters of the main statement.
 */
export function compactParams(sql: string, params: (string | null)[]): Statement {
  const mapping = new Map<number, number>();
  const out: (string | null)[] = [];
  let result = '';
  let quote: string | null = null;
  for (let i = 0; i < sql.length; i++) {
    const ch = sql[i]!;
    if (quote) {
      result += ch;
      if (ch === quote) quote = null;
      continue;
    }
    if (ch === '"' || ch === "'") {
      quote = ch;
      result += ch;
      continue;
    }
    const match = ch === '$' ? /^\$(\d+)/.exec(sql.slice(i)) : null;
    if (match) {
      const original = Number(match[1]);
      let renumbered = mapping.get(original);
      if (renumbered === undefined) {
        out.push(params[original - 1] ?? null);
        renumbered = out.length;
        mapping.set(original, renumbered);
      }
      result += `$${renumbered}`;
      i += match[0].length - 1;
      continue;
    }
    result += ch;
  }
  return { sql: result, params: out };
}
