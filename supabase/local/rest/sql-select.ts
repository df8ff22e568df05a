import { emptyLevel, type Condition, type LevelParams, type QueryParams, type SelectItem } from './ast.ts';
import { RestError } from './errors.ts';
import { findRelationship, isToOne, type Relationship } from './relationships.ts';
import type { Relation, SchemaCache } from './schema-cache.ts';
import {
  checkColumn,
  columnSql,
  conditionSql,
  ident,
  logicSql,
  orderTermSql,
  type Params,
  type Source,
} from './sql-filters.ts';

/**
 * Builds the select list, the lateral joins for embedded resources (SQL shape) and
 * the WHERE / ORDER BY of one level of a read. Used for table reads, for the rows returned by
 * writes and for set-returning RPC results.
 */

export interface BuildContext {
  cache: SchemaCache;
  params: Params;
  query: QueryParams;
  counter: number;
  /** Embed paths actually built, to reject filters on embeds missing from `select` (PGRST108). */
  builtPaths: Set<string>;
}

export interface EmbedJoin {
  /** Output key (alias or relation name). */
  name: string;
  joinAlias: string;
  relationship: Relationship;
  toOne: boolean;
  inner: boolean;
  sql: string;
}

export interface Selection {
  columns: string[];
  /** Output keys of `columns`, in order (for spreads). */
  outputNames: string[];
  joins: EmbedJoin[];
}

export function levelOf(ctx: BuildContext, path: string[]): LevelParams {
  return ctx.query.levels.get(path.join('.')) ?? emptyLevel();
}

function starColumns(source: Source): { columns: string[]; names: string[] } {
  if (!source.relation) return { columns: [`${ident(source.alias)}.*`], names: [] };
  const names = source.relation.columns.map((c) => c.name);
  return { columns: names.map((n) => `${ident(source.alias)}.${ident(n)}`), names };
}

export function buildSelection(ctx: BuildContext, source: Source, items: SelectItem[], path: string[]): Selection {
  const columns: string[] = [];
  const outputNames: string[] = [];
  const joins: BuiltEmbed[] = [];
  const embedColumns: { column: string; name: string }[] = [];
  for (const item of items) {
    if (item.kind === 'star') {
      const star = starColumns(source);
      columns.push(...star.columns);
      outputNames.push(...star.names);
    } else if (item.kind === 'field') {
      const base = columnSql(source, item.field, ctx.params);
      const expr = item.cast ? `CAST(${base} AS ${item.cast})` : base;
      const last = item.field.json[item.field.json.length - 1];
      const name = item.alias ?? (last ? String(last.key) : item.field.name);
      columns.push(`${expr} AS ${ident(name)}`);
      outputNames.push(name);
    } else {
      const join = buildEmbed(ctx, source, item, path);
      joins.push(join);
      if (item.select.length === 0) continue;
      if (item.spread) {
        if (!join.toOne)
          throw new RestError(
            400,
            'PGRST119',
            `A spread operation on '${item.relation}' is only supported for to-one relationships`,
          );
        for (const name of join.spreadNames ?? [])
          embedColumns.push({ column: `${ident(join.joinAlias)}.${ident(name)}`, name });
      } else if (join.toOne) {
        embedColumns.push({ column: `row_to_json(${ident(join.joinAlias)}.*)`, name: join.name });
      } else {
        embedColumns.push({ column: `COALESCE(${ident(join.joinAlias)}."pgrst_agg", '[]'::json)`, name: join.name });
      }
    }
  }
  // PostgREST emits plain columns first, then embeds (`selects ++ joinsSelects`).
  for (const e of embedColumns) {
    columns.push(`${e.column} AS ${ident(e.name)}`);
    outputNames.push(e.name);
  }
  return { columns, outputNames, joins: joins.map(({ spreadNames: _unused, ...j }) => j) };
}

/** WHERE terms of a level: its conditions, logic trees and null-embed filters. */
export function whereTerms(ctx: BuildContext, source: Source, level: LevelParams, joins: EmbedJoin[]): string[] {
  const terms: string[] = [];
  for (const condition of level.conditions) {
    const embed = embedFilterTarget(source, condition, joins);
    if (embed) {
      if (
        condition.op !== 'is' ||
        (condition.value !== 'null' && condition.value !== 'not_null') ||
        condition.field.json.length > 0
      ) {
        throw new RestError(
          400,
          'PGRST120',
          `Bad operator on the '${condition.field.name}' embedded resource`,
          'Only is null or not is null filters are allowed on embedded resources',
        );
      }
      const isNull = (condition.value === 'null') !== condition.negated;
      const marker = embed.toOne ? `row_to_json(${ident(embed.joinAlias)}.*)` : `${ident(embed.joinAlias)}."pgrst_agg"`;
      terms.push(isNull ? `${marker} IS NULL` : `${marker} IS NOT NULL`);
      continue;
    }
    terms.push(conditionSql(source, condition, ctx.params));
  }
  for (const tree of level.logic) terms.push(logicSql(source, tree, ctx.params));
  return terms;
}

function embedFilterTarget(source: Source, condition: Condition, joins: EmbedJoin[]): EmbedJoin | undefined {
  if (source.relation?.columnsByName.has(condition.field.name)) return undefined;
  return joins.find((j) => j.name === condition.field.name);
}

export function orderSql(ctx: BuildContext, source: Source, level: LevelParams, joins: EmbedJoin[]): string {
  if (!level.order || level.order.length === 0) return '';
  const terms = level.order.map((term) => {
    if (term.relation) {
      const embed = joins.find((j) => j.name === term.relation);
      if (!embed)
        throw new RestError(
          400,
          'PGRST108',
          `'${term.relation}' is not an embedded resource in this request`,
          null,
          `Verify that '${term.relation}' is included in the 'select' query parameter.`,
        );
      if (!embed.toOne)
        throw new RestError(
          400,
          'PGRST118',
          `A related order on '${term.relation}' is not possible`,
          `'${embed.relationship.origin.name}' and '${embed.relationship.target.name}' do not form a many-to-one or one-to-one relationship`,
        );
      checkColumn(
        { alias: embed.joinAlias, relation: embed.relationship.target, displayName: embed.relationship.target.name },
        term.field.name,
      );
      return orderTermSql(`${ident(embed.joinAlias)}.${ident(term.field.name)}`, term);
    }
    return orderTermSql(columnSql(source, term.field, ctx.params), term);
  });
  return ` ORDER BY ${terms.join(', ')}`;
}

export function pagingSql(ctx: BuildContext, limit: number | undefined, offset: number | undefined): string {
  let out = '';
  if (limit !== undefined) out += ` LIMIT ${ctx.params.add(String(limit))}`;
  if (offset !== undefined && offset > 0) out += ` OFFSET ${ctx.params.add(String(offset))}`;
  return out;
}

interface BuiltEmbed extends EmbedJoin {
  spreadNames?: string[];
}

function joinCondition(rel: Relationship, targetAlias: string, parentAlias: string, junctionAlias: string): string {
  if (rel.junction) {
    const { originFk, targetFk } = rel.junction;
    const a = originFk.columns.map(
      (c, i) => `${ident(junctionAlias)}.${ident(c)} = ${ident(parentAlias)}.${ident(originFk.foreignColumns[i]!)}`,
    );
    const b = targetFk.columns.map(
      (c, i) => `${ident(junctionAlias)}.${ident(c)} = ${ident(targetAlias)}.${ident(targetFk.foreignColumns[i]!)}`,
    );
    return [...a, ...b].join(' AND ');
  }
  return rel.originColumns
    .map((c, i) => `${ident(targetAlias)}.${ident(rel.targetColumns[i]!)} = ${ident(parentAlias)}.${ident(c)}`)
    .join(' AND ');
}

function tableRef(rel: Relation): string {
  return `${ident(rel.schema)}.${ident(rel.name)}`;
}

function buildEmbed(
  ctx: BuildContext,
  parent: Source,
  item: Extract<SelectItem, { kind: 'embed' }>,
  path: string[],
): BuiltEmbed {
  if (!parent.relation) {
    throw new RestError(
      400,
      'PGRST200',
      `Could not find a relationship between '${parent.displayName}' and '${item.relation}' in the schema cache`,
      null,
    );
  }
  const rel = findRelationship(ctx.cache, parent.relation, item.relation, item.hint);
  const name = item.alias ?? item.relation;
  const childPath = [...path, name];
  ctx.builtPaths.add(childPath.join('.'));
  const n = ++ctx.counter;
  const targetAlias = `${rel.target.name}_${n}`;
  const junctionAlias = `pgrst_junction_${n}`;
  const joinAlias = `pgrst_embed_${n}`;
  const source: Source = { alias: targetAlias, relation: rel.target, displayName: rel.target.name };
  const level = levelOf(ctx, childPath);
  const toOne = isToOne(rel);
  const inner = item.join === 'inner';

  let selection: Selection;
  const countOnly =
    item.select.length === 1 &&
    item.select[0]!.kind === 'field' &&
    item.select[0]!.field.name === 'count' &&
    item.select[0]!.field.json.length === 0 &&
    !rel.target.columnsByName.has('count');
  if (countOnly) {
    const only = item.select[0] as Extract<SelectItem, { kind: 'field' }>;
    const alias = only.alias ?? 'count';
    const expr = only.cast ? `CAST(pg_catalog.count(*) AS ${only.cast})` : 'pg_catalog.count(*)';
    selection = { columns: [`${expr} AS ${ident(alias)}`], outputNames: [alias], joins: [] };
  } else {
    selection = buildSelection(ctx, source, item.select, childPath);
  }
  const from = rel.junction
    ? `${tableRef(rel.target)} AS ${ident(targetAlias)}, ${tableRef(rel.junction.relation)} AS ${ident(junctionAlias)}`
    : `${tableRef(rel.target)} AS ${ident(targetAlias)}`;
  const where = [
    joinCondition(rel, targetAlias, parent.alias, junctionAlias),
    ...whereTerms(ctx, source, level, selection.joins),
  ];
  const joins = selection.joins.map((j) => j.sql).join(' ');
  const order = countOnly ? '' : orderSql(ctx, source, level, selection.joins);
  const paging = countOnly ? '' : pagingSql(ctx, level.limit, level.offset);
  const columns = selection.columns.length > 0 ? selection.columns.join(', ') : '';
  const inside = `SELECT ${columns} FROM ${from} ${joins} WHERE ${where.join(' AND ')}${order}${paging}`;
  const kind = inner ? 'INNER JOIN LATERAL' : 'LEFT JOIN LATERAL';
  let sql: string;
  if (toOne) {
    sql = `${kind} (${inside}) AS ${ident(joinAlias)} ON TRUE`;
  } else {
    const rows = `pgrst_rows_${n}`;
    const on = inner ? `${ident(joinAlias)}."pgrst_agg" IS NOT NULL` : 'TRUE';
    sql = `${kind} (SELECT json_agg(${ident(rows)}) AS "pgrst_agg" FROM (${inside}) AS ${ident(rows)}) AS ${ident(joinAlias)} ON ${on}`;
  }
  return { name, joinAlias, relationship: rel, toOne, inner, sql, spreadNames: selection.outputNames };
}

/** Rejects filters/order/limit on embed paths that the select does not contain (PGRST108). */
export function checkLevelsUsed(ctx: BuildContext): void {
  for (const [key, level] of ctx.query.levels) {
    if (key === '' || ctx.builtPaths.has(key)) continue;
    const used =
      level.conditions.length > 0 ||
      level.logic.length > 0 ||
      level.order !== undefined ||
      level.limit !== undefined ||
      level.offset !== undefined;
    if (!used) continue;
    const last = key.split('.').pop()!;
    throw new RestError(
      400,
      'PGRST108',
      `'${last}' is not an embedded resource in this request`,
      null,
      `Verify that '${last}' is included in the 'select' query parameter.`,
    );
  }
}
