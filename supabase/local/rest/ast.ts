/** The request's query string as PostgREST understands it, before any SQL. */

export interface JsonStep {
  /** `->` keeps json, `->>` yields text. */
  arrow: '->' | '->>';
  key: string | number;
}

export interface FieldRef {
  name: string;
  json: JsonStep[];
}

export type SelectItem =
  | { kind: 'star' }
  | { kind: 'field'; field: FieldRef; alias?: string; cast?: string }
  | {
      kind: 'embed';
      relation: string;
      alias?: string;
      hint?: string;
      join?: 'inner' | 'left';
      spread: boolean;
      select: SelectItem[];
    };

export const FILTER_OPERATORS = [
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
  'is',
  'isdistinct',
  'in',
  'cs',
  'cd',
  'ov',
  'sl',
  'sr',
  'nxr',
  'nxl',
  'adj',
  'fts',
  'plfts',
  'phfts',
  'wfts',
] as const;
export type FilterOperator = (typeof FILTER_OPERATORS)[number];

export interface Condition {
  kind: 'condition';
  field: FieldRef;
  negated: boolean;
  op: FilterOperator;
  /** `any`/`all` for comparison and pattern operators. */
  quantifier?: 'any' | 'all';
  /** Text-search configuration for the fts family, e.g. `english`. */
  config?: string;
  /** Raw value; for `in` the decoded list. */
  value: string | string[];
}

export interface LogicTree {
  kind: 'logic';
  op: 'and' | 'or';
  negated: boolean;
  children: (Condition | LogicTree)[];
}

/** A filter on an embedded resource name itself: `author=is.null` / `author=not.is.null`. */
export interface EmbedNullFilter {
  kind: 'embedNull';
  relation: string;
  negated: boolean;
}

export interface OrderTerm {
  /** Set for a related order `author(name).desc` (to-one embeds only). */
  relation?: string;
  field: FieldRef;
  direction?: 'asc' | 'desc';
  nulls?: 'first' | 'last';
}

/** Filters, logic trees, order and paging that apply at one level (root = path []). */
export interface LevelParams {
  conditions: Condition[];
  logic: LogicTree[];
  embedNull: EmbedNullFilter[];
  order?: OrderTerm[];
  limit?: number;
  offset?: number;
}

export interface QueryParams {
  select: SelectItem[];
  /** Keyed by embed path joined with '.', '' for the root. */
  levels: Map<string, LevelParams>;
  columns?: string[];
  onConflict?: string[];
  /** RPC GET arguments and unreserved keys that were not filters. */
  rpcArgs: Map<string, string>;
}

export function emptyLevel(): LevelParams {
  return { conditions: [], logic: [], embedNull: [] };
}
