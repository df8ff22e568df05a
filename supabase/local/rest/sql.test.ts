import { describe, expect, it } from 'vitest';
import { RestError } from './errors.ts';
import { parseQuery } from './parser.ts';
import type { Column, Relation, SchemaCache } from './schema-cache.ts';
import { buildRead } from './sql-read.ts';
import { buildInsert, buildUpdate } from './sql-write.ts';
import { buildRpc, resolveRoutine } from './sql-rpc.ts';

/** Builder tests over a hand-made schema cache: SQL shape, parameter binding, validation. */

function col(name: string, type = 'text', typname = type): Column {
  return { name, type, typname, nullable: true, defaultExpr: null, generated: false };
}

function relation(name: string, columns: Column[], primaryKey: string[] = ['id']): Relation {
  return {
    schema: 'public',
    name,
    kind: 'table',
    columns,
    columnsByName: new Map(columns.map((c) => [c.name, c])),
    primaryKey,
    uniqueKeys: [],
  };
}

const authors = relation('authors', [col('id', 'bigint', 'int8'), col('name')]);
const posts = relation('posts', [
  col('id', 'bigint', 'int8'),
  col('author_id', 'bigint', 'int8'),
  col('title'),
  { ...col('published', 'boolean', 'bool'), defaultExpr: 'false' },
  col('fts', 'tsvector'),
]);
const cache: SchemaCache = {
  relations: new Map([
    ['public.authors', authors],
    ['public.posts', posts],
  ]),
  foreignKeys: [
    {
      name: 'posts_author_id_fkey',
      schema: 'public',
      table: 'posts',
      columns: ['author_id'],
      foreignSchema: 'public',
      foreignTable: 'authors',
      foreignColumns: ['id'],
    },
  ],
  routines: new Map([
    [
      'public.add',
      [
        {
          schema: 'public',
          name: 'add',
          args: [
            { name: 'a', type: 'integer', typname: 'int4', hasDefault: false, variadic: false },
            { name: 'b', type: 'integer', typname: 'int4', hasDefault: true, variadic: false },
          ],
          volatility: 'i',
          returnsSet: false,
          returnKind: 'scalar',
          returnType: 'integer',
        },
      ],
    ],
  ]),
  roleSettings: new Map(),
};

function read(qs: string, count?: 'exact') {
  return buildRead({
    cache,
    query: parseQuery(new URLSearchParams(qs)),
    from: '"public"."posts" AS "posts"',
    source: { alias: 'posts', relation: posts, displayName: 'posts' },
    format: 'array',
    count,
    limit: 1000,
    offset: 0,
  });
}

describe('read builder', () => {
  it('binds every value and quotes every identifier', () => {
    const plan = read("select=id,title&title=eq.x'); drop table posts; --&id=in.(1,2)");
    expect(plan.sql).not.toContain('drop table');
    expect(plan.params).toEqual(["x'); drop table posts; --", '{"1","2"}', '1000']);
    expect(plan.sql).toContain('"posts"."title" = $1');
    expect(plan.sql).toContain('"posts"."id" = ANY($2)');
  });
  it('builds embeds as lateral joins and counts with the same filters', () => {
    const plan = read('select=title,authors!inner(name)&authors.name=eq.Ann', 'exact');
    expect(plan.sql).toContain(
      'INNER JOIN LATERAL (SELECT "authors_1"."name" AS "name" FROM "public"."authors" AS "authors_1"',
    );
    expect(plan.sql).toContain('"authors_1"."id" = "posts"."author_id"');
    expect(plan.sql).toMatch(
      /SELECT pg_catalog\.count\(\*\) FROM \(SELECT 1 FROM "public"\."posts" AS "posts" INNER JOIN LATERAL/,
    );
  });
  it('wraps non-tsvector columns in to_tsvector and uses the column directly otherwise', () => {
    expect(read('title=fts(english).cat').sql).toContain(
      'to_tsvector($1::regconfig, "posts"."title") @@ to_tsquery($1::regconfig, $2)',
    );
    expect(read('fts=wfts.cat').sql).toContain('"posts"."fts" @@ websearch_to_tsquery($1)');
  });
  it('maps like wildcards and quantifiers', () => {
    const plan = read('title=ilike(any).{*a*,b*}');
    expect(plan.sql).toContain('"posts"."title" ILIKE ANY($1)');
    expect(plan.params[0]).toBe('{%a%,b%}');
  });
  it('rejects unknown columns, embeds and embedded filters not in select', () => {
    const code = (qs: string) => {
      try {
        read(qs);
      } catch (error) {
        return (error as RestError).code;
      }
      return 'none';
    };
    expect(code('select=nope')).toBe('42703');
    expect(code('nope=eq.1')).toBe('42703');
    expect(code('select=id,nope(*)')).toBe('PGRST200');
    expect(code('select=id&authors.name=eq.x')).toBe('PGRST108');
    expect(code('select=id,authors(name)&authors=eq.1')).toBe('PGRST120');
    expect(code('select=id,authors(name)&order=authors(name).desc')).toBe('none');
  });
  it('orders with nulls placement', () => {
    expect(read('order=title.desc.nullslast,id').sql).toContain(
      'ORDER BY "posts"."title" DESC NULLS LAST, "posts"."id"',
    );
  });
});

describe('write builder', () => {
  it('inserts through json_to_record with schema types and defaults on missing keys', () => {
    const stmt = buildInsert({
      cache,
      relation: posts,
      query: parseQuery(new URLSearchParams('')),
      format: 'array',
      representation: true,
      rows: [{ title: 'a' }],
      columns: ['title', 'published'],
      missingDefault: true,
    });
    expect(stmt.params[0]).toBe('[{"title":"a"}]');
    expect(stmt.sql).toContain('json_to_record(pgrst_e.obj) AS pgrst_body("title" text, "published" boolean)');
    expect(stmt.sql).toContain('CASE WHEN (pgrst_e.obj::jsonb) ? $2 THEN pgrst_body."published" ELSE false END');
  });
  it('upserts on the primary key by default and reports inserted rows via xmax', () => {
    const stmt = buildInsert({
      cache,
      relation: authors,
      query: parseQuery(new URLSearchParams('')),
      format: 'array',
      representation: false,
      rows: [{ id: 1, name: 'x' }],
      columns: ['id', 'name'],
      missingDefault: false,
      resolution: 'merge-duplicates',
    });
    expect(stmt.sql).toContain('ON CONFLICT ("id") DO UPDATE SET "id" = EXCLUDED."id", "name" = EXCLUDED."name"');
    expect(stmt.sql).toContain('("authors".xmax = 0) AS pgrst_inserted');
  });
  it('rejects unknown payload columns with PGRST204', () => {
    expect(() =>
      buildUpdate({
        cache,
        relation: posts,
        query: parseQuery(new URLSearchParams('id=eq.1')),
        format: 'array',
        representation: false,
        patch: { nope: 1 },
      }),
    ).toThrow("Could not find the 'nope' column of 'posts' in the schema cache");
  });
});

describe('rpc builder', () => {
  it('resolves by argument names, honouring defaults', () => {
    expect(resolveRoutine(cache, 'public', 'add', { named: { a: 1 }, isObject: true }).name).toBe('add');
    expect(() => resolveRoutine(cache, 'public', 'add', { named: { c: 1 }, isObject: true })).toThrow(
      'Could not find the function public.add(c) in the schema cache',
    );
  });
  it('calls scalars with named arguments typed by json_to_record', () => {
    const routine = resolveRoutine(cache, 'public', 'add', { named: { a: 1, b: 2 }, isObject: true });
    const plan = buildRpc({
      cache,
      routine,
      args: { named: { a: 1, b: 2 }, isObject: true },
      query: parseQuery(new URLSearchParams('')),
      format: 'array',
      count: undefined,
      limit: undefined,
      offset: 0,
    });
    expect(plan.sql).toContain('to_json("public"."add"("a" := pgrst_args."a", "b" := pgrst_args."b"))');
    expect(plan.sql).toContain('json_to_record($1::json) AS pgrst_args("a" integer, "b" integer)');
    expect(plan.params).toEqual(['{"a":1,"b":2}']);
  });
});
