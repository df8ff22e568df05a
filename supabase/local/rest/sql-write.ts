import type { QueryParams } from './ast.ts';
import { RestError } from './errors.ts';
import type { Relation, SchemaCache } from './schema-cache.ts';
import { ident, type Source } from './sql-filters.ts';
import { buildProjection, newContext, type BodyFormat, type Statement } from './sql-read.ts';
import { levelOf, whereTerms } from './sql-select.ts';

/**
 * INSERT / upsert / UPDATE / DELETE statements: the payload travels as one JSON
 * parameter, `json_to_record` types it with the schema cache's column types, and the rows come
 * back through `pgrst_source` so the response (and embeds) use the same projection as reads.
 */

export interface WriteOptions {
  cache: SchemaCache;
  relation: Relation;
  query: QueryParams;
  format: BodyFormat;
  /** Whether the returned rows are needed (return=representation, singular, Location). */
  representation: boolean;
}

export interface InsertOptions extends WriteOptions {
  rows: Record<string, unknown>[];
  /** Columns to insert: `columns` param or the payload keys. */
  columns: string[];
  missingDefault: boolean;
  resolution?: 'merge-duplicates' | 'ignore-duplicates';
}

function unknownColumn(relation: Relation, column: string): RestError {
  return new RestError(
    400,
    'PGRST204',
    `Could not find the '${column}' column of '${relation.name}' in the schema cache`,
  );
}

function table(relation: Relation): string {
  return `${ident(relation.schema)}.${ident(relation.name)}`;
}

function returning(options: WriteOptions, inserted: string): string {
  const cols = options.representation ? `${ident(options.relation.name)}.*` : '1 AS pgrst_one';
  return `RETURNING ${cols}, ${inserted} AS pgrst_inserted`;
}

function projection(options: WriteOptions, ctx: ReturnType<typeof newContext>): string {
  return buildProjection(
    ctx,
    options.relation,
    options.representation ? options.query.select : [],
    options.representation ? options.format : 'none',
  );
}

export function buildInsert(options: InsertOptions): Statement {
  const { relation } = options;
  for (const c of options.columns) if (!relation.columnsByName.has(c)) throw unknownColumn(relation, c);
  const ctx = newContext(options.cache, options.query);
  const payload = ctx.params.add(JSON.stringify(options.rows));
  const cols = options.columns.map((name) => relation.columnsByName.get(name)!);
  const typed = cols.map((c) => `${ident(c.name)} ${c.type}`).join(', ');
  const values = cols.map((c) => {
    const value = `pgrst_body.${ident(c.name)}`;
    if (!options.missingDefault || c.defaultExpr === null) return value;
    return `CASE WHEN (pgrst_e.obj::jsonb) ? ${ctx.params.add(c.name)} THEN ${value} ELSE ${c.defaultExpr} END`;
  });
  const body = cols.length > 0 ? `, LATERAL json_to_record(pgrst_e.obj) AS pgrst_body(${typed})` : '';
  const target = cols.length > 0 ? `(${cols.map((c) => ident(c.name)).join(', ')})` : '';
  let conflict = '';
  let inserted = 'true';
  if (options.resolution) {
    const onConflict = options.query.onConflict ?? relation.primaryKey;
    if (onConflict.length === 0)
      throw new RestError(
        400,
        'PGRST100',
        `"failed to parse on_conflict" (line 1, column 1)`,
        'a conflict target (on_conflict or a primary key) is required for upserts',
      );
    for (const c of onConflict)
      if (!relation.columnsByName.has(c))
        throw new RestError(400, '42703', `column ${relation.name}.${c} does not exist`);
    const targetCols = onConflict.map(ident).join(', ');
    const updates = cols.map((c) => `${ident(c.name)} = EXCLUDED.${ident(c.name)}`);
    if (options.resolution === 'ignore-duplicates' || updates.length === 0) {
      conflict = ` ON CONFLICT (${targetCols}) DO NOTHING`;
    } else {
      conflict = ` ON CONFLICT (${targetCols}) DO UPDATE SET ${updates.join(', ')}`;
      // Rows updated by ON CONFLICT carry a non-zero xmax; inserted ones do not.
      inserted = `(${ident(relation.name)}.xmax = 0)`;
    }
  }
  const select = cols.length > 0 ? values.join(', ') : '';
  const insert =
    `INSERT INTO ${table(relation)} AS ${ident(relation.name)}${target} SELECT ${select} ` +
    `FROM json_array_elements(${payload}::json) AS pgrst_e(obj)${body}${conflict} ${returning(options, inserted)}`;
  const sql = `WITH pgrst_source AS (${insert}) ${projection(options, ctx)}`;
  return { sql, params: ctx.params.values };
}

export interface UpdateOptions extends WriteOptions {
  patch: Record<string, unknown>;
}

function filterWhere(options: WriteOptions, ctx: ReturnType<typeof newContext>): string {
  const source: Source = {
    alias: options.relation.name,
    relation: options.relation,
    displayName: options.relation.name,
  };
  const terms = whereTerms(ctx, source, levelOf(ctx, []), []);
  return terms.length > 0 ? ` WHERE ${terms.join(' AND ')}` : '';
}

export function buildUpdate(options: UpdateOptions): Statement {
  const { relation } = options;
  const keys = Object.keys(options.patch);
  for (const k of keys) if (!relation.columnsByName.has(k)) throw unknownColumn(relation, k);
  const ctx = newContext(options.cache, options.query);
  const payload = ctx.params.add(JSON.stringify(options.patch));
  const cols = keys.map((k) => relation.columnsByName.get(k)!);
  const typed = cols.map((c) => `${ident(c.name)} ${c.type}`).join(', ');
  const sets = cols.map((c) => `${ident(c.name)} = pgrst_body.${ident(c.name)}`).join(', ');
  const where = filterWhere(options, ctx);
  const update =
    `UPDATE ${table(relation)} AS ${ident(relation.name)} SET ${sets} FROM json_to_record(${payload}::json) AS pgrst_body(${typed})` +
    `${where} ${returning(options, 'false')}`;
  return { sql: `WITH pgrst_source AS (${update}) ${projection(options, ctx)}`, params: ctx.params.values };
}

export function buildDelete(options: WriteOptions): Statement {
  const { relation } = options;
  const ctx = newContext(options.cache, options.query);
  const where = filterWhere(options, ctx);
  const del = `DELETE FROM ${table(relation)} AS ${ident(relation.name)}${where} ${returning(options, 'false')}`;
  return { sql: `WITH pgrst_source AS (${del}) ${projection(options, ctx)}`, params: ctx.params.values };
}
