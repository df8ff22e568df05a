import { describe, expect, it } from 'vitest';
import { RestError } from './errors.ts';
import { parseInList, parseLogicTree, parseOrder, parseQuery, parseSelect, splitTopLevel } from './parser.ts';

const q = (s: string) => parseQuery(new URLSearchParams(s));

function parseFailure(fn: () => unknown): RestError {
  try {
    fn();
  } catch (error) {
    if (error instanceof RestError) return error;
    throw error;
  }
  throw new Error('expected a RestError');
}

describe('select', () => {
  it('parses aliases, casts and JSON paths', () => {
    expect(parseSelect('id::text,lang:meta->>lang,meta->a->0')).toEqual([
      { kind: 'field', field: { name: 'id', json: [] }, alias: undefined, cast: 'text' },
      { kind: 'field', field: { name: 'meta', json: [{ arrow: '->>', key: 'lang' }] }, alias: 'lang', cast: undefined },
      {
        kind: 'field',
        field: {
          name: 'meta',
          json: [
            { arrow: '->', key: 'a' },
            { arrow: '->', key: 0 },
          ],
        },
        alias: undefined,
        cast: undefined,
      },
    ]);
  });
  it('parses embeds with hints, joins, spreads and nesting', () => {
    const items = parseSelect(
      '*,author:profiles!posts_author_id_fkey(username),comments!inner(body,user:users(name)),...labels(name)',
    );
    expect(items[0]).toEqual({ kind: 'star' });
    expect(items[1]).toMatchObject({
      kind: 'embed',
      relation: 'profiles',
      alias: 'author',
      hint: 'posts_author_id_fkey',
      spread: false,
    });
    expect(items[2]).toMatchObject({ kind: 'embed', relation: 'comments', join: 'inner' });
    expect((items[2] as { select: unknown[] }).select[1]).toMatchObject({
      kind: 'embed',
      relation: 'users',
      alias: 'user',
    });
    expect(items[3]).toMatchObject({ kind: 'embed', relation: 'labels', spread: true });
  });
  it('accepts quoted identifiers and rel(count)', () => {
    expect(parseSelect('"weird,name",posts(count)')).toMatchObject([
      { kind: 'field', field: { name: 'weird,name' } },
      { kind: 'embed', relation: 'posts', select: [{ kind: 'field', field: { name: 'count' } }] },
    ]);
  });
  it('rejects malformed selects with PGRST100 and aggregates with PGRST123', () => {
    expect(parseFailure(() => parseSelect('id,(')).code).toBe('PGRST100');
    expect(parseFailure(() => parseSelect('posts(id')).code).toBe('PGRST100');
    expect(parseFailure(() => parseSelect('id::1bad')).code).toBe('PGRST100');
    expect(parseFailure(() => parseSelect('amount.sum()')).code).toBe('PGRST123');
    expect(parseFailure(() => parseSelect('count()')).code).toBe('PGRST123');
  });
});

describe('filters', () => {
  it('parses every operator family', () => {
    const params = q(
      'a=eq.1&b=not.like.*x*&c=in.(1,"2,3",a b)&d=is.NULL&e=fts(english).cat&f=like(any).{a*,b*}&g=cs.{x,y}&h=isdistinct.5',
    );
    const root = params.levels.get('')!;
    expect(root.conditions.map((c) => [c.field.name, c.op, c.negated, c.value, c.quantifier, c.config])).toEqual([
      ['a', 'eq', false, '1', undefined, undefined],
      ['b', 'like', true, '*x*', undefined, undefined],
      ['c', 'in', false, ['1', '2,3', 'a b'], undefined, undefined],
      ['d', 'is', false, 'null', undefined, undefined],
      ['e', 'fts', false, 'cat', undefined, 'english'],
      ['f', 'like', false, '{a*,b*}', 'any', undefined],
      ['g', 'cs', false, '{x,y}', undefined, undefined],
      ['h', 'isdistinct', false, '5', undefined, undefined],
    ]);
  });
  it('decodes + as a space, JSON paths in keys and embedded paths', () => {
    const params = q('meta->>lang=eq.en+us&comments.body=eq.x&comments.order=id.desc&comments.limit=2');
    expect(params.levels.get('')!.conditions[0]).toMatchObject({
      field: { name: 'meta', json: [{ arrow: '->>', key: 'lang' }] },
      value: 'en us',
    });
    const embedded = params.levels.get('comments')!;
    expect(embedded.conditions[0]).toMatchObject({ field: { name: 'body' }, value: 'x' });
    expect(embedded.order).toEqual([{ field: { name: 'id', json: [] }, direction: 'desc' }]);
    expect(embedded.limit).toBe(2);
  });
  it('rejects unknown operators, bad is values and bad in lists', () => {
    const e = parseFailure(() => q('id=noop.1'));
    expect(e.code).toBe('PGRST100');
    expect(e.message.startsWith('"failed to parse filter (noop.1)"')).toBe(true);
    expect(parseFailure(() => q('id=is.maybe')).code).toBe('PGRST100');
    expect(parseFailure(() => q('id=in.1,2')).code).toBe('PGRST100');
    expect(parseFailure(() => q('id=eq(some).1')).code).toBe('PGRST100');
    expect(parseFailure(() => q('limit=-1')).code).toBe('PGRST100');
  });
  it('in lists handle quotes, escapes and empty lists', () => {
    expect(parseInList('()', '')).toEqual([]);
    expect(parseInList('("a\\"b",c)', '')).toEqual(['a"b', 'c']);
  });
});

describe('logic trees and order', () => {
  it('parses nested and/or with negation and quoted values', () => {
    const tree = parseLogicTree(
      'or',
      false,
      '(title.ilike.*foo*,and(id.gt.5,id.lt.10),not.and(a.eq."x,y",b.in.(1,2)))',
    );
    expect(tree.children).toHaveLength(3);
    expect(tree.children[1]).toMatchObject({ kind: 'logic', op: 'and', negated: false });
    const last = tree.children[2] as { negated: boolean; children: { value: unknown }[] };
    expect(last.negated).toBe(true);
    expect(last.children.map((c) => c.value)).toEqual(['x,y', ['1', '2']]);
    expect(q('not.or=(a.eq.1,b.eq.2)').levels.get('')!.logic[0]).toMatchObject({ op: 'or', negated: true });
  });
  it('refuses absurdly deep nesting with PGRST100', () => {
    const deep = `(${'or('.repeat(5000)}a.eq.1${')'.repeat(5000)})`;
    expect(parseFailure(() => q(`or=${deep}`)).code).toBe('PGRST100');
  });
  it('rejects unbalanced trees', () => {
    expect(parseFailure(() => parseLogicTree('or', false, 'a.eq.1')).code).toBe('PGRST100');
    expect(parseFailure(() => parseLogicTree('or', false, '(a.zz.1)')).code).toBe('PGRST100');
  });
  it('parses order modifiers and related orders', () => {
    expect(parseOrder('a.desc.nullslast,b,author(name).asc.nullsfirst')).toEqual([
      { field: { name: 'a', json: [] }, direction: 'desc', nulls: 'last' },
      { field: { name: 'b', json: [] } },
      { relation: 'author', field: { name: 'name', json: [] }, direction: 'asc', nulls: 'first' },
    ]);
    expect(parseFailure(() => parseOrder('a.sideways')).code).toBe('PGRST100');
  });
  it('splits at top-level commas only', () => {
    expect(splitTopLevel('a,b(c,d),"e,f",{g,h}')).toEqual(['a', 'b(c,d)', '"e,f"', '{g,h}']);
  });
  it('treats function argument keys as RPC arguments', () => {
    const params = parseQuery(new URLSearchParams('author=1&select=id&id=gt.0'), (k) => k === 'author');
    expect([...params.rpcArgs]).toEqual([['author', '1']]);
    expect(params.levels.get('')!.conditions).toHaveLength(1);
  });
  it('parses columns and on_conflict lists', () => {
    const params = q('columns=%22id%22,%22name%22&on_conflict=a,b');
    expect(params.columns).toEqual(['id', 'name']);
    expect(params.onConflict).toEqual(['a', 'b']);
  });
});
