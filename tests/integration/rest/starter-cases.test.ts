/**
 * The 54 starter black-box cases of PostgREST's behaviour (reads, errors and negotiation, writes,
 * RPC, auth and RLS), over raw HTTP so status codes and headers are
 * checked exactly. Bodies are compared parsed (json_agg's whitespace differs from PostgREST's
 * bytes only in layout). Mutating cases reset the fixture first.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { signJwt } from '../../../supabase/local/core/jwt.ts';
import { startRestStack, type RestStack } from './helpers.ts';

let stack: RestStack;
beforeAll(async () => {
  stack = await startRestStack();
});
afterAll(async () => {
  await stack?.stop();
});

const JSON_UTF8 = 'application/json; charset=utf-8';

interface ReadCase {
  n: number;
  path: string;
  body: unknown;
  range?: string;
}

const reads: ReadCase[] = [
  { n: 1, path: '/posts?select=id,title&id=eq.1', body: [{ id: 1, title: 'Hello World' }], range: '0-0/*' },
  { n: 2, path: '/posts?select=id&order=id.desc&limit=2', body: [{ id: 4 }, { id: 3 }], range: '0-1/*' },
  { n: 3, path: '/posts?select=id&author_id=is.null', body: [{ id: 4 }] },
  { n: 4, path: '/posts?select=id&id=in.(1,3)&order=id', body: [{ id: 1 }, { id: 3 }] },
  { n: 5, path: '/posts?select=id&tags=cs.{news}&order=id', body: [{ id: 1 }, { id: 2 }] },
  { n: 6, path: '/posts?select=id&tags=ov.{pets,intro}&order=id', body: [{ id: 1 }, { id: 3 }] },
  { n: 7, path: '/posts?select=id&meta->>lang=eq.en&order=id', body: [{ id: 1 }, { id: 3 }] },
  { n: 8, path: '/posts?select=id,lang:meta->>lang,n:meta->n&id=eq.2', body: [{ id: 2, lang: 'fr', n: 2 }] },
  { n: 9, path: '/posts?select=id::text,title&id=eq.1', body: [{ id: '1', title: 'Hello World' }] },
  { n: 10, path: '/posts?select=id&title=ilike.*world*', body: [{ id: 1 }] },
  {
    n: 11,
    path: '/posts?select=id&or=(id.eq.2,and(published.is.true,author_id.eq.2))&order=id',
    body: [{ id: 2 }, { id: 3 }],
  },
  { n: 12, path: '/posts?select=id&published=not.is.true&order=id', body: [{ id: 2 }, { id: 4 }] },
  { n: 13, path: '/posts?select=id&fts=wfts(english).cats', body: [{ id: 3 }] },
  { n: 14, path: '/posts?select=id&body=fts(english).post', body: [{ id: 1 }] },
  {
    n: 15,
    path: '/posts?select=title,authors(name)&id=eq.1',
    body: [{ title: 'Hello World', authors: { name: 'Ann' } }],
  },
  { n: 16, path: '/posts?select=title,authors(name)&id=eq.4', body: [{ title: 'Orphan', authors: null }] },
  { n: 17, path: '/posts?select=id,author:authors(name)&id=eq.1', body: [{ id: 1, author: { name: 'Ann' } }] },
  {
    n: 18,
    path: '/authors?select=name,posts(id)&order=id&posts.order=id.desc',
    body: [
      { name: 'Ann', posts: [{ id: 2 }, { id: 1 }] },
      { name: 'Bob', posts: [{ id: 3 }] },
    ],
  },
  {
    n: 19,
    path: '/posts?select=id,comments(body)&comments.body=eq.woof&order=id',
    body: [
      { id: 1, comments: [] },
      { id: 2, comments: [] },
      { id: 3, comments: [{ body: 'woof' }] },
      { id: 4, comments: [] },
    ],
  },
  {
    n: 20,
    path: '/posts?select=id,comments!inner(body)&comments.body=eq.woof',
    body: [{ id: 3, comments: [{ body: 'woof' }] }],
  },
  { n: 21, path: '/posts?select=id,labels(name)&id=eq.3', body: [{ id: 3, labels: [{ name: 'pets' }] }] },
  {
    n: 22,
    path: '/authors?select=name,posts(count)&order=id',
    body: [
      { name: 'Ann', posts: [{ count: 2 }] },
      { name: 'Bob', posts: [{ count: 1 }] },
    ],
  },
];

describe('starter cases: reads (1-22)', () => {
  for (const c of reads) {
    it(`#${c.n} GET ${c.path}`, async () => {
      const r = await stack.rest(c.path);
      expect(r.status).toBe(200);
      expect(r.json).toEqual(c.body);
      expect(r.text.startsWith('[')).toBe(true);
      expect(r.headers.get('content-type')).toBe(JSON_UTF8);
      if (c.range) expect(r.headers.get('content-range')).toBe(c.range);
    });
  }
  it('keeps the select order of keys', async () => {
    const r = await stack.rest('/posts?select=title,id,authors(name)&id=eq.1');
    expect(Object.keys((r.json as Record<string, unknown>[])[0]!)).toEqual(['title', 'id', 'authors']);
  });
});

describe('starter cases: errors and negotiation (23-33)', () => {
  it('#23 unknown embed → 400 PGRST200', async () => {
    const r = await stack.rest('/posts?select=id,nope(*)');
    expect(r.status).toBe(400);
    expect(r.json).toMatchObject({
      code: 'PGRST200',
      details:
        "Searched for a foreign key relationship between 'posts' and 'nope' in the schema 'public', but no matches were found.",
      message: "Could not find a relationship between 'posts' and 'nope' in the schema cache",
    });
    expect(Object.keys(r.json as object).sort()).toEqual(['code', 'details', 'hint', 'message']);
  });
  it('#24 unknown column → 400 42703', async () => {
    const r = await stack.rest('/posts?select=nope');
    expect(r.status).toBe(400);
    expect(r.json).toMatchObject({ code: '42703', message: 'column posts.nope does not exist' });
  });
  it('#25 unknown table → 404 PGRST205', async () => {
    const r = await stack.rest('/nope?select=*');
    expect(r.status).toBe(404);
    expect(r.json).toMatchObject({
      code: 'PGRST205',
      message: "Could not find the table 'public.nope' in the schema cache",
    });
  });
  it('#26 HEAD with count=exact', async () => {
    const r = await stack.rest('/posts?select=*', { method: 'HEAD', headers: { prefer: 'count=exact' } });
    expect(r.status).toBe(200);
    expect(r.text).toBe('');
    expect(r.headers.get('content-range')).toBe('0-3/4');
  });
  it('#27 partial page with count → 206', async () => {
    const r = await stack.rest('/posts?select=id&order=id&offset=1&limit=2', { headers: { prefer: 'count=exact' } });
    expect(r.status).toBe(206);
    expect(r.json).toEqual([{ id: 2 }, { id: 3 }]);
    expect(r.headers.get('content-range')).toBe('1-2/4');
  });
  it('#28 offset beyond total → 416 PGRST103', async () => {
    const r = await stack.rest('/posts?select=id&order=id&offset=10', { headers: { prefer: 'count=exact' } });
    expect(r.status).toBe(416);
    expect(r.json).toMatchObject({
      code: 'PGRST103',
      details: 'An offset of 10 was requested, but there are only 4 rows.',
    });
  });
  it('#29 singular object', async () => {
    const r = await stack.rest('/posts?select=id&id=eq.1', {
      headers: { accept: 'application/vnd.pgrst.object+json' },
    });
    expect(r.status).toBe(200);
    expect(r.json).toEqual({ id: 1 });
    expect(r.headers.get('content-type')).toBe('application/vnd.pgrst.object+json; charset=utf-8');
  });
  it('#30 singular with no row → 406 PGRST116', async () => {
    const r = await stack.rest('/posts?select=id&id=eq.99', {
      headers: { accept: 'application/vnd.pgrst.object+json' },
    });
    expect(r.status).toBe(406);
    expect(r.json).toEqual({
      code: 'PGRST116',
      details: 'The result contains 0 rows',
      hint: null,
      message: 'Cannot coerce the result to a single JSON object',
    });
  });
  it('#31 CSV', async () => {
    const r = await stack.rest('/posts?select=id,title&id=lt.3&order=id', { headers: { accept: 'text/csv' } });
    expect(r.status).toBe(200);
    expect(r.text).toBe('id,title\n1,"Hello World"\n2,Second');
    expect(r.headers.get('content-type')).toBe('text/csv; charset=utf-8');
  });
  it('#32 unknown Accept-Profile → 406 PGRST106', async () => {
    const r = await stack.rest('/posts?select=id', { headers: { 'accept-profile': 'nope' } });
    expect(r.status).toBe(406);
    expect(r.json).toMatchObject({ code: 'PGRST106', message: 'Invalid schema: nope' });
  });
  it('#33 unknown operator → 400 PGRST100', async () => {
    const r = await stack.rest('/posts?id=noop.1');
    expect(r.status).toBe(400);
    expect(r.json).toMatchObject({ code: 'PGRST100' });
    expect((r.json as { message: string }).message.startsWith('"failed to parse filter (noop.1)"')).toBe(true);
  });
});

describe('starter cases: writes (34-47)', () => {
  beforeEach(async () => {
    await stack.reset();
  });
  it('#34 insert → 201, empty body, Content-Range */*', async () => {
    const r = await stack.rest('/authors', { method: 'POST', body: JSON.stringify({ id: 3, name: 'Cy' }) });
    expect(r.status).toBe(201);
    expect(r.text).toBe('');
    expect(r.headers.get('content-range')).toBe('*/*');
    expect((await stack.db.query('select name from authors where id = 3')).rows).toEqual([{ name: 'Cy' }]);
  });
  it('#35 bulk insert with columns and representation', async () => {
    const r = await stack.rest('/authors?columns=%22id%22,%22name%22,%22email%22&select=id,name', {
      method: 'POST',
      headers: { prefer: 'return=representation' },
      body: JSON.stringify([
        { id: 4, name: 'Di' },
        { id: 5, name: 'Ed', email: 'ed@x.io' },
      ]),
    });
    expect(r.status).toBe(201);
    expect(r.json).toEqual([
      { id: 4, name: 'Di' },
      { id: 5, name: 'Ed' },
    ]);
  });
  it('#36 duplicate key → 409 23505', async () => {
    const r = await stack.rest('/authors', { method: 'POST', body: JSON.stringify({ id: 1, name: 'dup' }) });
    expect(r.status).toBe(409);
    expect(r.json).toEqual({
      code: '23505',
      details: 'Key (id)=(1) already exists.',
      hint: null,
      message: 'duplicate key value violates unique constraint "authors_pkey"',
    });
  });
  it('#37 foreign key violation → 409 23503', async () => {
    const r = await stack.rest('/posts', { method: 'POST', body: JSON.stringify({ author_id: 99, title: 'x' }) });
    expect(r.status).toBe(409);
    expect(r.json).toMatchObject({ code: '23503' });
  });
  it('#38 not-null violation → 400 23502', async () => {
    const r = await stack.rest('/posts', { method: 'POST', body: JSON.stringify({ body: 'no title' }) });
    expect(r.status).toBe(400);
    expect(r.json).toMatchObject({
      code: '23502',
      message: 'null value in column "title" of relation "posts" violates not-null constraint',
    });
  });
  it('#39 missing=default fills defaults', async () => {
    const r = await stack.rest('/posts?columns=%22title%22,%22published%22&select=id,tags,published', {
      method: 'POST',
      headers: { prefer: 'missing=default, return=representation' },
      body: JSON.stringify([{ title: 'a' }, { title: 'b', published: true }]),
    });
    expect(r.status).toBe(201);
    expect(r.json).toEqual([
      { id: 5, tags: [], published: false },
      { id: 6, tags: [], published: true },
    ]);
    const without = await stack.rest('/posts?columns=%22title%22,%22published%22', {
      method: 'POST',
      body: JSON.stringify([{ title: 'c' }]),
    });
    expect(without.status).toBe(400);
    expect(without.json).toMatchObject({ code: '23502' });
  });
  it('#40 upsert updating only → 200', async () => {
    const r = await stack.rest('/authors?on_conflict=id&select=id,name', {
      method: 'POST',
      headers: { prefer: 'resolution=merge-duplicates, return=representation' },
      body: JSON.stringify({ id: 1, name: 'Ann B' }),
    });
    expect(r.status).toBe(200);
    expect(r.json).toEqual([{ id: 1, name: 'Ann B' }]);
  });
  it('#41 upsert inserting one → 201', async () => {
    const r = await stack.rest('/authors?on_conflict=id&select=id,name', {
      method: 'POST',
      headers: { prefer: 'resolution=merge-duplicates, return=representation' },
      body: JSON.stringify([
        { id: 1, name: 'Ann C' },
        { id: 6, name: 'Fay' },
      ]),
    });
    expect(r.status).toBe(201);
    expect(r.json).toEqual([
      { id: 1, name: 'Ann C' },
      { id: 6, name: 'Fay' },
    ]);
  });
  it('#42 ignore-duplicates on a unique column → 201 []', async () => {
    const r = await stack.rest('/authors?on_conflict=email&select=id', {
      method: 'POST',
      headers: { prefer: 'resolution=ignore-duplicates, return=representation' },
      body: JSON.stringify({ id: 9, name: 'X', email: 'ann@x.io' }),
    });
    expect(r.status).toBe(201);
    expect(r.json).toEqual([]);
  });
  it('#43 PATCH → 204 with Content-Range 0-0/*', async () => {
    const r = await stack.rest('/posts?id=eq.2', { method: 'PATCH', body: JSON.stringify({ title: '2nd' }) });
    expect(r.status).toBe(204);
    expect(r.headers.get('content-range')).toBe('0-0/*');
    expect((await stack.db.query('select title from posts where id = 2')).rows).toEqual([{ title: '2nd' }]);
  });
  it('#44 PATCH with representation', async () => {
    const r = await stack.rest('/posts?id=eq.2&select=id,title', {
      method: 'PATCH',
      headers: { prefer: 'return=representation' },
      body: JSON.stringify({ title: '2nd' }),
    });
    expect(r.status).toBe(200);
    expect(r.json).toEqual([{ id: 2, title: '2nd' }]);
  });
  it('#45 singular PATCH touching 2 rows → 406 and nothing changes', async () => {
    const r = await stack.rest('/posts?published=eq.false', {
      method: 'PATCH',
      headers: { accept: 'application/vnd.pgrst.object+json' },
      body: JSON.stringify({ title: 'z' }),
    });
    expect(r.status).toBe(406);
    expect(r.json).toMatchObject({ code: 'PGRST116', details: 'The result contains 2 rows' });
    expect((await stack.db.query("select count(*)::int as n from posts where title = 'z'")).rows).toEqual([{ n: 0 }]);
  });
  it('#46 DELETE with representation', async () => {
    const r = await stack.rest('/comments?id=eq.2', { method: 'DELETE', headers: { prefer: 'return=representation' } });
    expect(r.status).toBe(200);
    expect(r.json).toEqual([{ id: 2, post_id: 1, body: 'meh' }]);
  });
  it('#47 DELETE matching nothing → 204', async () => {
    const r = await stack.rest('/comments?id=eq.99', { method: 'DELETE' });
    expect(r.status).toBe(204);
    expect(r.text).toBe('');
  });
});

describe('starter cases: RPC (48-52)', () => {
  it('#48 POST /rpc/add', async () => {
    const r = await stack.rest('/rpc/add', { method: 'POST', body: JSON.stringify({ a: 1, b: 2 }) });
    expect(r.status).toBe(200);
    expect(r.text).toBe('3');
  });
  it('#49 GET /rpc/add', async () => {
    const r = await stack.rest('/rpc/add?a=1&b=2');
    expect(r.status).toBe(200);
    expect(r.json).toBe(3);
  });
  it('#50 set-returning RPC with select and order', async () => {
    const r = await stack.rest('/rpc/posts_by?author=1&select=id&order=id');
    expect(r.status).toBe(200);
    expect(r.json).toEqual([{ id: 1 }, { id: 2 }]);
  });
  it('#51 void RPC → 204', async () => {
    const r = await stack.rest('/rpc/noop', { method: 'POST', body: '{}' });
    expect(r.status).toBe(204);
    expect(r.text).toBe('');
  });
  it('#52 unknown function → 404 PGRST202', async () => {
    const r = await stack.rest('/rpc/nope', { method: 'POST', body: '{}' });
    expect(r.status).toBe(404);
    expect(r.json).toMatchObject({
      code: 'PGRST202',
      message: 'Could not find the function public.nope without parameters in the schema cache',
    });
  });
});

describe('starter cases: auth and RLS (53-54)', () => {
  it('#53 expired JWT → 401 PGRST303 with WWW-Authenticate', async () => {
    const expired = await signJwt(
      { role: 'authenticated', sub: 'x', exp: Math.floor(Date.now() / 1000) - 60 },
      stack.config.jwtSecret,
    );
    const r = await stack.rest('/posts?select=id&id=eq.1', { token: expired });
    expect(r.status).toBe(401);
    expect(r.json).toEqual({ code: 'PGRST303', details: null, hint: null, message: 'JWT expired' });
    expect(r.headers.get('www-authenticate')).toBe('Bearer error="invalid_token", error_description="JWT expired"');
  });
  it('#54 RLS on posts: anon sees published rows, writes are refused 401/403', async () => {
    await stack.reset();
    await stack.db.exec(
      `alter table posts enable row level security; create policy p on posts for select to anon using (published);`,
    );
    try {
      const read = await stack.rest('/posts?select=id&order=id');
      expect(read.status).toBe(200);
      expect(read.json).toEqual([{ id: 1 }, { id: 3 }]);
      const anonInsert = await stack.rest('/posts', { method: 'POST', body: JSON.stringify({ title: 'x' }) });
      expect(anonInsert.status).toBe(401);
      expect(anonInsert.json).toMatchObject({
        code: '42501',
        message: 'new row violates row-level security policy for table "posts"',
      });
      expect(anonInsert.headers.get('www-authenticate')).toBe('Bearer');
      const token = await stack.userToken('00000000-0000-0000-0000-00000000000a');
      const userInsert = await stack.rest('/posts', { method: 'POST', token, body: JSON.stringify({ title: 'x' }) });
      expect(userInsert.status).toBe(403);
      expect(userInsert.json).toMatchObject({ code: '42501' });
    } finally {
      await stack.db.exec(`drop policy p on posts; alter table posts disable row level security;`);
    }
  });
});
