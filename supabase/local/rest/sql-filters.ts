import type { Condition, FieldRef, LogicTree, OrderTerm } from './ast.ts';
import { RestError } from './errors.ts';
import type { Relation } from './schema-cache.ts';

/**
 * SQL fragments shared by every statement: identifier quoting, bound parameters, column
 * references with JSON paths, filter conditions and ORDER BY terms (SqlFragment.hs).
 * Values from the request only ever reach SQL as `$n` parameters; identifiers are quoted.
 */

export const ident = (name: string): string => `"${name.replace(/"/g, '""')}"`;

/** Collects bound parameter values (all sent as text with unknown type, like PostgREST's literals). */
export class Params {
  readonly values: (string | null)[] = [];
  add(value: string | null): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

/** A relation as it appears in a FROM clause: its alias and, when known, its columns. */
export interface Source {
  alias: string;
  relation?: Relation;
  /** Name used in `column x.y does not exist` messages. */
  displayName: string;
}

export function undefinedColumn(source: Source, column: string): RestError {
  return new RestError(400, '42703', `column ${source.displayName}.${column} does not exist`);
}

export function checkColumn(source: Source, column: string): void {
  if (source.relation && !source.relation.columnsByName.has(column)) throw undefinedColumn(source, column);
}

export function jsonPathSql(base: string, field: FieldRef, params: Params): string {
  let out = base;
  for (const step of field.json) {
    const key = typeof step.key === 'number' ? `${params.add(String(step.key))}::int` : `${params.add(step.key)}::text`;
    out = `(${out}${step.arrow}${key})`;
  }
  return out;
}

export function columnSql(source: Source, field: FieldRef, params: Params): string {
  checkColumn(source, field.name);
  return jsonPathSql(`${ident(source.alias)}.${ident(field.name)}`, field, params);
}

const COMPARISON: Record<string, string> = {
  eq: '=',
  neq: '<>',
  gt: '>',
  gte: '>=',
  lt: '<',
  lte: '<=',
  like: 'LIKE',
  ilike: 'ILIKE',
  match: '~',
  imatch: '~*',
  isdistinct: 'IS DISTINCT FROM',
  cs: '@>',
  cd: '<@',
  ov: '&&',
  sl: '<<',
  sr: '>>',
  nxr: '&<',
  nxl: '&>',
  adj: '-|-',
};

const TSQUERY: Record<string, string> = {
  fts: 'to_tsquery',
  plfts: 'plainto_tsquery',
  phfts: 'phraseto_tsquery',
  wfts: 'websearch_to_tsquery',
};

/** `{a,"b c"}`: a Postgres array literal for `= ANY($n)`. */
export function pgArrayLiteral(items: string[]): string {
  return `{${items.map((v) => `"${v.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`).join(',')}}`;
}

export function conditionSql(source: Source, condition: Condition, params: Params): string {
  const column = columnSql(source, condition.field, params);
  const sql = positiveConditionSql(source, column, condition, params);
  return condition.negated ? `NOT (${sql})` : sql;
}

function positiveConditionSql(source: Source, column: string, c: Condition, params: Params): string {
  const value = c.value;
  switch (c.op) {
    case 'is': {
      const v = value as string;
      if (v === 'not_null') return `${column} IS NOT NULL`;
      return `${column} IS ${v.toUpperCase()}`;
    }
    case 'in':
      return `${column} = ANY(${params.add(pgArrayLiteral(value as string[]))})`;
    case 'fts':
    case 'plfts':
    case 'phfts':
    case 'wfts': {
      const config = c.config !== undefined ? `${params.add(c.config)}::regconfig, ` : '';
      const typname = c.field.json.length === 0 ? source.relation?.columnsByName.get(c.field.name)?.typname : undefined;
      const vector = typname === 'tsvector' ? column : `to_tsvector(${config}${column})`;
      return `${vector} @@ ${TSQUERY[c.op]}(${config}${params.add(value as string)})`;
    }
    default: {
      const op = COMPARISON[c.op]!;
      const text = c.op === 'like' || c.op === 'ilike' ? (value as string).replace(/\*/g, '%') : (value as string);
      if (c.quantifier) return `${column} ${op} ${c.quantifier.toUpperCase()}(${params.add(text)})`;
      return `${column} ${op} ${params.add(text)}`;
    }
  }
}

export function logicSql(source: Source, tree: LogicTree, params: Params): string {
  const parts = tree.children.map((child) =>
    child.kind === 'logic' ? logicSql(source, child, params) : conditionSql(source, child, params),
  );
  const joined =
    parts.length === 0
      ? tree.op === 'and'
        ? 'TRUE'
        : 'FALSE'
      : `(${parts.join(tree.op === 'and' ? ' AND ' : ' OR ')})`;
  return tree.negated ? `NOT ${joined}` : joined;
}

export function orderTermSql(expr: string, term: OrderTerm): string {
  let out = expr;
  if (term.direction) out += term.direction === 'desc' ? ' DESC' : ' ASC';
  if (term.nulls) out += term.nulls === 'first' ? ' NULLS FIRST' : ' NULLS LAST';
  return out;
}
