import {
  emptyLevel,
  FILTER_OPERATORS,
  type Condition,
  type FieldRef,
  type FilterOperator,
  type JsonStep,
  type LevelParams,
  type LogicTree,
  type OrderTerm,
  type QueryParams,
  type SelectItem,
} from './ast.ts';
import { parseError, RestError } from './errors.ts';

/**
 * Parses a PostgREST query string into the AST of ast.ts. Nothing here touches
 * SQL: identifiers stay raw names, values stay raw text; the builder quotes and binds them.
 */

const QUANTIFIED_OPS = new Set<FilterOperator>([
  'eq',
  'neq',
  'gt',
  'gte',
  'lt',
  'lte',
  'like',
  'ilike',
  'match',
  'imatch',
]);
const FTS_OPS = new Set<FilterOperator>(['fts', 'plfts', 'phfts', 'wfts']);
const OPERATOR_SET = new Set<string>(FILTER_OPERATORS);

/** Reads a field name with an optional JSON path from `text` at `start`; stops at `.`, `,`, `(`, `)`, `:`, `!`. */
class Cursor {
  pos = 0;
  constructor(readonly text: string) {}
  peek(n = 0): string {
    return this.text[this.pos + n] ?? '';
  }
  startsWith(s: string): boolean {
    return this.text.startsWith(s, this.pos);
  }
  done(): boolean {
    return this.pos >= this.text.length;
  }
  /** An identifier: `"quoted"` or a run of characters other than the select/order punctuation. */
  identifier(): string {
    if (this.peek() === '"') {
      let out = '';
      this.pos++;
      while (!this.done()) {
        const c = this.peek();
        if (c === '\\' && this.pos + 1 < this.text.length) {
          out += this.peek(1);
          this.pos += 2;
        } else if (c === '"') {
          this.pos++;
          return out;
        } else {
          out += c;
          this.pos++;
        }
      }
      throw new Error('unterminated quoted identifier');
    }
    const begin = this.pos;
    while (!this.done()) {
      const c = this.peek();
      if (',()!:."'.includes(c)) break;
      if (c === '-' && this.peek(1) === '>') break;
      this.pos++;
    }
    return this.text.slice(begin, this.pos).trim();
  }
  jsonPath(): JsonStep[] {
    const steps: JsonStep[] = [];
    while (this.startsWith('->')) {
      const arrow = this.startsWith('->>') ? '->>' : '->';
      this.pos += arrow.length;
      const key = this.identifier();
      if (key === '') throw new Error('empty JSON key');
      steps.push({ arrow, key: /^-?\d+$/.test(key) ? Number(key) : key });
    }
    return steps;
  }
  field(): FieldRef {
    const name = this.identifier();
    if (name === '') throw new Error(`expecting a field name at position ${this.pos + 1}`);
    return { name, json: this.jsonPath() };
  }
}

export function parseSelect(text: string): SelectItem[] {
  const cursor = new Cursor(text);
  try {
    const items = selectList(cursor);
    if (!cursor.done()) throw new Error(`unexpected "${cursor.peek()}" at position ${cursor.pos + 1}`);
    return items;
  } catch (error) {
    if (error instanceof RestError) throw error;
    throw parseError('select', text, (error as Error).message);
  }
}

function selectList(c: Cursor): SelectItem[] {
  const items: SelectItem[] = [];
  for (;;) {
    items.push(selectItem(c));
    if (c.peek() === ',') {
      c.pos++;
      continue;
    }
    return items;
  }
}

function selectItem(c: Cursor): SelectItem {
  while (c.peek() === ' ') c.pos++;
  if (c.peek() === '*') {
    c.pos++;
    return { kind: 'star' };
  }
  const spread = c.startsWith('...');
  if (spread) c.pos += 3;
  let alias: string | undefined;
  let name = c.identifier();
  if (c.peek() === ':' && c.peek(1) !== ':') {
    c.pos++;
    alias = name;
    name = c.identifier();
  }
  if (name === '') throw new Error(`expecting a field or resource name at position ${c.pos + 1}`);
  if (c.peek() === '!' || c.peek() === '(') {
    let hint: string | undefined;
    let join: 'inner' | 'left' | undefined;
    while (c.peek() === '!') {
      c.pos++;
      const word = c.identifier();
      if (word === 'inner' || word === 'left') join = word;
      else if (word !== '') hint = word;
      else throw new Error('empty embed hint');
    }
    if (c.peek() !== '(') throw new Error(`expecting "(" after "${name}"`);
    c.pos++;
    // `count()` is the aggregate form, available only with db-aggregates-enabled (off, as on Supabase).
    if (name === 'count' && c.peek() === ')' && hint === undefined && join === undefined) {
      throw new RestError(400, 'PGRST123', 'Use of aggregate functions is not allowed');
    }
    // `rel()` selects nothing from the embed but still applies it (e.g. as an !inner filter).
    const select = c.peek() === ')' ? [] : selectList(c);
    if (c.peek() !== ')') throw new Error(`expecting ")" at position ${c.pos + 1}`);
    c.pos++;
    return { kind: 'embed', relation: name, alias, hint, join, spread, select };
  }
  if (spread) throw new Error('a spread needs an embedded resource');
  const field: FieldRef = { name, json: c.jsonPath() };
  let cast: string | undefined;
  if (c.startsWith('::')) {
    c.pos += 2;
    cast = castName(c);
  }
  if (c.peek() === '.') {
    throw new RestError(400, 'PGRST123', 'Use of aggregate functions is not allowed');
  }
  return { kind: 'field', field, alias, cast };
}

function castName(c: Cursor): string {
  const match = /^[A-Za-z_][A-Za-z0-9_ ]*(\[\])?/.exec(c.text.slice(c.pos));
  if (!match) throw new Error(`invalid cast at position ${c.pos + 1}`);
  c.pos += match[0].length;
  return match[0].trim();
}

/** Splits `a,b(c,d),"e,f",{g,h}` at top-level commas. */
export function splitTopLevel(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let braces = 0;
  let quoted = false;
  let current = '';
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      current += ch;
      if (ch === '\\' && i + 1 < text.length) current += text[++i];
      else if (ch === '"') quoted = false;
      continue;
    }
    if (ch === '"') quoted = true;
    else if (ch === '(') depth++;
    else if (ch === ')') depth--;
    else if (ch === '{') braces++;
    else if (ch === '}') braces--;
    else if (ch === ',' && depth === 0 && braces === 0) {
      parts.push(current);
      current = '';
      continue;
    }
    current += ch;
  }
  parts.push(current);
  return parts;
}

function unquote(value: string): string {
  if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) {
    return value.slice(1, -1).replace(/\\(.)/g, '$1');
  }
  return value;
}

/** `(a,b,"c,d")` → ['a','b','c,d']; `()` → []. */
export function parseInList(value: string, original: string): string[] {
  if (!value.startsWith('(') || !value.endsWith(')')) {
    throw parseError('filter', original, 'expecting "(" for the in operator');
  }
  const inner = value.slice(1, -1);
  if (inner === '') return [];
  return splitTopLevel(inner).map(unquote);
}

/** Parses the right-hand side `[not.]op[(modifier)].value` of a filter on `field`. */
export function parseOperation(field: FieldRef, text: string, original: string, inLogicTree = false): Condition {
  let rest = text;
  let negated = false;
  if (rest.startsWith('not.')) {
    negated = true;
    rest = rest.slice(4);
  }
  const match = /^([a-z]+)(?:\(([^)]*)\))?\.([\s\S]*)$/.exec(rest);
  const op = match?.[1];
  if (!match || !op || !OPERATOR_SET.has(op)) {
    throw parseError('filter', original, `unexpected "${rest.slice(0, 1)}" expecting "not" or operator (eq, gt, ...)`);
  }
  const operator = op as FilterOperator;
  const modifier = match[2];
  let value: string | string[] = inLogicTree ? unquote(match[3] ?? '') : (match[3] ?? '');
  const condition: Condition = { kind: 'condition', field, negated, op: operator, value };
  if (modifier !== undefined) {
    if (FTS_OPS.has(operator)) condition.config = modifier;
    else if (QUANTIFIED_OPS.has(operator) && (modifier === 'any' || modifier === 'all'))
      condition.quantifier = modifier;
    else throw parseError('filter', original, `unexpected modifier "(${modifier})"`);
  }
  if (operator === 'in') {
    value = parseInList(match[3] ?? '', original);
    condition.value = value;
  } else if (operator === 'is') {
    const v = String(value).toLowerCase();
    if (!['null', 'not_null', 'true', 'false', 'unknown'].includes(v)) {
      throw parseError('filter', original, 'expecting null, not_null, true, false or unknown after is');
    }
    condition.value = v;
  }
  return condition;
}

function parseField(text: string, original: string, what = 'filter'): FieldRef {
  const c = new Cursor(text);
  try {
    const field = c.field();
    if (!c.done()) throw new Error(`unexpected "${c.peek()}"`);
    return field;
  } catch (error) {
    throw parseError(what, original, (error as Error).message);
  }
}

/** Deeper logic trees are refused: nobody writes them, and each level re-scans the text. */
const MAX_LOGIC_DEPTH = 64;

/** `(f1,and(f2,f3))` for logic key `or`/`and`. */
export function parseLogicTree(op: 'and' | 'or', negated: boolean, value: string, depth = 0): LogicTree {
  const original = `${negated ? 'not.' : ''}${op}=${value}`;
  if (depth >= MAX_LOGIC_DEPTH)
    throw parseError('logic tree', original.slice(0, 60), `nesting deeper than ${MAX_LOGIC_DEPTH} levels`);
  if (!value.startsWith('(') || !value.endsWith(')')) {
    throw parseError('logic tree', original, 'expecting "(" and ")" around the conditions');
  }
  return {
    kind: 'logic',
    op,
    negated,
    children: splitTopLevel(value.slice(1, -1)).map((part) => logicChild(part.trim(), original, depth)),
  };
}

function logicChild(part: string, original: string, depth: number): Condition | LogicTree {
  const nested = /^(not\.)?(and|or)(\([\s\S]*\))$/.exec(part);
  if (nested) return parseLogicTree(nested[2] as 'and' | 'or', nested[1] !== undefined, nested[3]!, depth + 1);
  const c = new Cursor(part);
  let field: FieldRef;
  try {
    field = c.field();
  } catch (error) {
    throw parseError('logic tree', original, (error as Error).message);
  }
  if (c.peek() !== '.') throw parseError('logic tree', original, `expecting "." after "${field.name}" in "${part}"`);
  return parseOperation(field, part.slice(c.pos + 1), original, true);
}

export function parseOrder(value: string): OrderTerm[] {
  return splitTopLevel(value).map((term) => {
    const original = `order=${value}`;
    const c = new Cursor(term);
    let relation: string | undefined;
    let field: FieldRef;
    try {
      const first = c.identifier();
      if (c.peek() === '(') {
        c.pos++;
        relation = first;
        field = c.field();
        if (c.peek() !== ')') throw new Error('expecting ")"');
        c.pos++;
      } else {
        field = { name: first, json: c.jsonPath() };
      }
      if (field.name === '') throw new Error('expecting a column name');
    } catch (error) {
      throw parseError('order', original, (error as Error).message);
    }
    const out: OrderTerm = { field };
    if (relation) out.relation = relation;
    const modifiers = c.text
      .slice(c.pos)
      .split('.')
      .filter((m, i) => i > 0 || m !== '');
    for (const modifier of modifiers) {
      if (modifier === 'asc' || modifier === 'desc') out.direction = modifier;
      else if (modifier === 'nullsfirst') out.nulls = 'first';
      else if (modifier === 'nullslast') out.nulls = 'last';
      else
        throw parseError(
          'order',
          original,
          `unexpected "${modifier}" expecting "asc", "desc", "nullsfirst" or "nullslast"`,
        );
    }
    return out;
  });
}

function parseNonNegative(key: string, value: string): number {
  if (!/^\d+$/.test(value)) throw parseError(key, value, `expecting a non-negative integer`);
  return Number(value);
}

/** `"a","b"` or `a,b` → ['a','b']. */
export function parseColumnList(value: string): string[] {
  return splitTopLevel(value)
    .map((c) => unquote(c.trim()))
    .filter((c) => c !== '');
}

/**
 * Parses every query parameter. `isRpcArgument(key)` decides, for RPC calls, which unreserved keys
 * are function arguments rather than filters.
 */
/** True when `value` reads as `[not.]op[(modifier)].…` (a filter rather than an RPC argument). */
export function looksLikeFilter(value: string): boolean {
  const match = /^(?:not\.)?([a-z]+)(?:\([^)]*\))?\./.exec(value);
  return match !== null && OPERATOR_SET.has(match[1]!);
}

export function parseQuery(
  search: URLSearchParams,
  isRpcArgument: (key: string, value: string) => boolean = () => false,
): QueryParams {
  const levels = new Map<string, LevelParams>();
  const level = (path: string[]): LevelParams => {
    const key = path.join('.');
    let found = levels.get(key);
    if (!found) {
      found = emptyLevel();
      levels.set(key, found);
    }
    return found;
  };
  level([]);
  const result: QueryParams = { select: [{ kind: 'star' }], levels, rpcArgs: new Map() };
  for (const [key, value] of search) {
    if (key === 'select') {
      result.select = value.trim() === '' ? [{ kind: 'star' }] : parseSelect(value);
      continue;
    }
    if (key === 'columns') {
      result.columns = parseColumnList(value);
      continue;
    }
    if (key === 'on_conflict') {
      result.onConflict = parseColumnList(value);
      continue;
    }
    if (isRpcArgument(key, value)) {
      result.rpcArgs.set(key, value);
      continue;
    }
    const parts = key.split('.');
    let last = parts[parts.length - 1]!;
    let path = parts.slice(0, -1);
    let negatedLogic = false;
    if ((last === 'or' || last === 'and') && path[path.length - 1] === 'not') {
      negatedLogic = true;
      path = path.slice(0, -1);
    }
    if (path.some((p) => p === '')) throw parseError('filter', `${key}=${value}`, 'empty path element');
    const target = level(path);
    if (last === 'order') target.order = parseOrder(value);
    else if (last === 'limit') target.limit = parseNonNegative('limit', value);
    else if (last === 'offset') target.offset = parseNonNegative('offset', value);
    else if (last === 'or' || last === 'and') target.logic.push(parseLogicTree(last, negatedLogic, value));
    else {
      last = last.trim();
      const field = parseField(last, `${key}=${value}`);
      const condition = parseOperation(field, value, value);
      target.conditions.push(condition);
    }
  }
  return result;
}
