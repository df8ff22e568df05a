/**
 * The part of Go's text/template that Supabase Auth email templates use, so the templates in
 * supabase/templates render locally as the hosted Auth server renders them: `{{ .Name }}`,
 * `{{ .Data.key }}` (the user's metadata), `{{ if … }}…{{ else if … }}…{{ else }}…{{ end }}` with
 * a field, `not`, `eq`/`ne` against a quoted string, and `{{- … -}}` whitespace trimming. Anything
 * else throws at load time, so a template the local stack cannot render is noticed at start.
 */
export type TemplateData = Record<string, unknown>;

type Node =
  | { kind: 'text'; text: string }
  | { kind: 'value'; path: string[] }
  | { kind: 'if'; branches: { test: Test | null; body: Node[] }[] };

type Test =
  | { kind: 'field'; path: string[] }
  | { kind: 'not'; test: Test }
  | { kind: 'compare'; op: 'eq' | 'ne'; path: string[]; value: string };

const ACTION = /\{\{(-?)\s*([\s\S]*?)\s*(-?)\}\}/g;

function fieldPath(token: string, source: string): string[] {
  if (!/^(\.[A-Za-z_][A-Za-z0-9_]*)+$/.test(token))
    throw new Error(`Unsupported template field "${token}" in ${source}`);
  return token.slice(1).split('.');
}

function parseTest(expr: string, source: string): Test {
  const not = /^not\s+(.+)$/.exec(expr);
  if (not) return { kind: 'not', test: parseTest(not[1]!, source) };
  const compare = /^(eq|ne)\s+(\S+)\s+"((?:[^"\\]|\\.)*)"$/.exec(expr);
  if (compare) {
    return {
      kind: 'compare',
      op: compare[1] as 'eq' | 'ne',
      path: fieldPath(compare[2]!, source),
      value: compare[3]!.replace(/\\(.)/g, '$1'),
    };
  }
  return { kind: 'field', path: fieldPath(expr, source) };
}

/** Parses a template; `source` names it in errors. */
export function parseTemplate(template: string, source = 'template'): Node[] {
  // Tokens: text and actions, with Go's trim markers applied to the neighbouring text.
  const tokens: ({ kind: 'text'; text: string } | { kind: 'action'; expr: string })[] = [];
  let last = 0;
  let trimNext = false;
  for (const match of template.matchAll(ACTION)) {
    let text = template.slice(last, match.index);
    if (trimNext) text = text.replace(/^\s+/, '');
    if (match[1] === '-') text = text.replace(/\s+$/, '');
    if (text) tokens.push({ kind: 'text', text });
    tokens.push({ kind: 'action', expr: match[2]! });
    trimNext = match[3] === '-';
    last = match.index + match[0].length;
  }
  let tail = template.slice(last);
  if (trimNext) tail = tail.replace(/^\s+/, '');
  if (tail) tokens.push({ kind: 'text', text: tail });

  let at = 0;
  const parseList = (inIf: boolean): { nodes: Node[]; stop: string | null } => {
    const nodes: Node[] = [];
    while (at < tokens.length) {
      const token = tokens[at++]!;
      if (token.kind === 'text') {
        nodes.push(token);
        continue;
      }
      const expr = token.expr;
      if (expr.startsWith('/*')) continue;
      if (expr === 'end' || expr === 'else' || expr.startsWith('else if ')) {
        if (!inIf) throw new Error(`Unexpected {{ ${expr} }} in ${source}`);
        return { nodes, stop: expr };
      }
      if (expr.startsWith('if ')) {
        const branches: { test: Test | null; body: Node[] }[] = [];
        let test: Test | null = parseTest(expr.slice(3).trim(), source);
        for (;;) {
          const { nodes: body, stop } = parseList(true);
          branches.push({ test, body });
          if (stop === null) throw new Error(`Missing {{ end }} in ${source}`);
          if (stop === 'end') break;
          if (stop === 'else') test = null;
          else test = parseTest(stop.slice('else if '.length).trim(), source);
          if (test === null) {
            const { nodes: rest, stop: after } = parseList(true);
            if (after !== 'end') throw new Error(`Expected {{ end }} after {{ else }} in ${source}`);
            branches.push({ test: null, body: rest });
            break;
          }
        }
        nodes.push({ kind: 'if', branches });
        continue;
      }
      nodes.push({ kind: 'value', path: fieldPath(expr, source) });
    }
    return { nodes, stop: null };
  };
  const { nodes } = parseList(false);
  return nodes;
}

function lookup(data: TemplateData, path: string[]): unknown {
  let value: unknown = data;
  for (const key of path) {
    value = typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined;
  }
  return value;
}

/** Go's truth: false, 0, nil, and empty strings, slices and maps are false. */
function truthy(value: unknown): boolean {
  if (value === undefined || value === null || value === false || value === 0 || value === '') return false;
  if (Array.isArray(value)) return value.length > 0;
  if (typeof value === 'object') return Object.keys(value).length > 0;
  return true;
}

function evaluate(test: Test, data: TemplateData): boolean {
  if (test.kind === 'not') return !evaluate(test.test, data);
  if (test.kind === 'field') return truthy(lookup(data, test.path));
  const value = lookup(data, test.path);
  const equal = typeof value === 'string' && value === test.value;
  return test.op === 'eq' ? equal : !equal;
}

/** `escape`: html/template escapes values in an HTML body; subjects are plain text. */
export function renderTemplate(nodes: Node[], data: TemplateData, escape: (s: string) => string): string {
  let out = '';
  for (const node of nodes) {
    if (node.kind === 'text') out += node.text;
    else if (node.kind === 'value') {
      const value = lookup(data, node.path);
      out += escape(value === undefined || value === null ? '' : String(value));
    } else {
      const branch = node.branches.find((b) => b.test === null || evaluate(b.test, data));
      if (branch) out += renderTemplate(branch.body, data, escape);
    }
  }
  return out;
}
