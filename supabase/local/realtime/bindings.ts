/** A `postgres_changes` subscription inside a channel, as the client asked for it. */
export interface Binding {
  id: number;
  event: string;
  schema: string;
  table?: string;
  filter?: string;
  parsed?: ParsedFilter;
}

export type FilterOp = 'eq' | 'neq' | 'lt' | 'lte' | 'gt' | 'gte' | 'in';

export interface ParsedFilter {
  column: string;
  op: FilterOp;
  /** One value, or the list for `in`. */
  value: string | string[];
}

export const SQL_OPERATORS: Record<Exclude<FilterOp, 'in'>, string> = {
  eq: '=',
  neq: '<>',
  lt: '<',
  lte: '<=',
  gt: '>',
  gte: '>=',
};

/** Parses `column=op.value` (`in.(a,b,"c,d")` for lists), the filters Realtime accepts. */
export function parseFilter(filter: string): ParsedFilter | { error: string } {
  const eq = filter.indexOf('=');
  const dot = filter.indexOf('.', eq + 1);
  if (eq <= 0 || dot === -1) return { error: `Invalid filter: ${filter}` };
  const column = filter.slice(0, eq).trim();
  const op = filter.slice(eq + 1, dot) as FilterOp;
  const raw = filter.slice(dot + 1);
  if (op === 'in') {
    const inner = /^\((.*)\)$/s.exec(raw.trim());
    if (!inner) return { error: `Invalid filter: ${filter}` };
    return { column, op, value: splitList(inner[1]!) };
  }
  if (!(op in SQL_OPERATORS)) return { error: `Invalid filter operator "${op}" in ${filter}` };
  return { column, op, value: raw };
}

function splitList(text: string): string[] {
  const values: string[] = [];
  let current = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (ch === '"') quoted = !quoted;
    else if (ch === '\\' && quoted && i + 1 < text.length) current += text[++i];
    else if (ch === ',' && !quoted) {
      values.push(current.trim());
      current = '';
    } else current += ch;
  }
  if (current.trim() || values.length) values.push(current.trim());
  return values;
}

/** True when the binding listens to this change type on this table. */
export function bindingMatches(binding: Binding, type: string, schema: string, table: string): boolean {
  if (binding.event !== '*' && binding.event !== type) return false;
  if (binding.schema !== '*' && binding.schema !== schema) return false;
  return !binding.table || binding.table === '*' || binding.table === table;
}
