/**
 * Malformed queries, bodies and JWTs get PostgREST-shaped 4xx answers (never a 500), plus the
 * protocol details the starter cases do not cover: Range header, row cap, media types, Location, response
 * GUCs, CSV bodies, schema-cache reload after DDL.
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
beforeEach(async () => {
  await stack.reset();
});

function expectErrorShape(json: unknown, code: string): void {
  expect(json).toMatchObject({ code });
  expect(Object.keys(json as object).sort()).toEqual(['code', 'details', 'hint', 'message']);
}

describe('malformed input → 4xx', () => {
  const badQueries: [string, number, string][] = [
    ['/posts?select=id,(', 400, 'PGRST100'],
    ['/posts?select=authors(name', 400, 'PGRST100'],
    ['/posts?select=id::bad-type', 400, 'PGRST100'],
    ['/posts?id=eq', 400, 'PGRST100'],
    ['/posts?id=in.1,2', 400, 'PGRST100'],
    ['/posts?id=is.maybe', 400, 'PGRST100'],
    ['/posts?or=id.eq.1', 400, 'PGRST100'],
    ['/posts?or=(id.eq.1,title)', 400, 'PGRST100'],
    ['/posts?order=id.sideways', 400, 'PGRST100'],
    ['/posts?limit=abc', 400, 'PGRST100'],
    ['/posts?offset=-3', 400, 'PGRST100'],
    ['/posts?id=eq.abc', 400, '22P02'],
    ['/posts?tags=cs.notarray', 400, '22P02'],
    ['/posts?meta=cs.{bad json', 400, '22P02'],
    ['/posts?title=match.(', 400, '2201B'],
    ['/posts?body=fts(nolang).x', 400, '42704'],
    ['/posts?select=id&comments.body=eq.x', 400, 'PGRST108'],
    ['/posts?select=id,authors(name)&order=comments(body)', 400, 'PGRST108'],
    ['/authors?select=name,posts(id)&order=posts(id)', 400, 'PGRST118'],
    ['/posts?select=sum:id.sum()', 400, 'PGRST123'],
    ['/posts/1/2', 404, 'PGRST125'],
    ['/rpc/add?a=x&b=1', 400, '22P02'],
    ['/rpc/add?c=1', 404, 'PGRST202'],
  ];
  for (const [path, status, code] of badQueries) {
    it(`GET ${path} → ${status} ${code}`, async () => {
      const r = await stack.rest(path);
      expect(r.status).toBe(status);
      expectErrorShape(r.json, code);
      expect(r.headers.get('content-type')).toBe('application/json; charset=utf-8');
    });
  }

  const badBodies: [string, string, string, string | undefined, number, string][] = [
    ['POST', '/authors', '{not json', undefined, 400, 'PGRST102'],
    ['POST', '/authors', '', undefined, 400, 'PGRST102'],
    ['POST', '/authors', '42', undefined, 400, 'PGRST102'],
    ['POST', '/authors', '[1,2]', undefined, 400, 'PGRST102'],
    ['POST', '/authors', '[{"id":7,"name":"a"},{"id":8}]', undefined, 400, 'PGRST102'],
    ['POST', '/authors', '{"id":7,"nope":1}', undefined, 400, 'PGRST204'],
    ['POST', '/authors?columns=id,nope', '{"id":7}', undefined, 400, 'PGRST204'],
    ['POST', '/authors', '{"id":"seven","name":"x"}', undefined, 400, '22P02'],
    ['POST', '/posts', '{"title":"x","fts":"a"}', undefined, 400, '428C9'],
    ['PATCH', '/posts?id=eq.1', '[{"title":"x"}]', undefined, 400, 'PGRST102'],
    ['PATCH', '/posts?id=eq.1', '{"nope":1}', undefined, 400, 'PGRST204'],
    ['POST', '/rpc/add', '{"a":"x","b":1}', undefined, 400, '22P02'],
    ['POST', '/rpc/add', '{bad', undefined, 400, 'PGRST102'],
    ['POST', '/authors?on_conflict=nope', '{"id":1,"name":"x"}', 'resolution=merge-duplicates', 400, '42703'],
    ['POST', '/authors', '{"id":1,"name":"x"}', 'handling=strict, bogus=1', 400, 'PGRST122'],
  ];
  for (const [method, path, body, prefer, status, code] of badBodies) {
    it(`${method} ${path} ${body.slice(0, 30)} → ${status} ${code}`, async () => {
      const r = await stack.rest(path, { method, body, headers: prefer ? { prefer } : {} });
      expect(r.status).toBe(status);
      expectErrorShape(r.json, code);
    });
  }

  it('survives absurd nesting and sizes', async () => {
    // Node refuses request lines over 16 KiB (431) before any handler runs; stay below that.
    const deepSelect = `/posts?select=${'authors('.repeat(1000)}name${')'.repeat(1000)}`;
    const a = await stack.rest(deepSelect);
    expect(a.status).toBeGreaterThanOrEqual(400);
    expect(a.status).toBeLessThan(500);
    const deepOr = `/posts?select=id&or=(${'or('.repeat(1500)}id.eq.1${')'.repeat(1501)}`;
    const b = await stack.rest(deepOr);
    expect(b.status).toBe(400);
    expectErrorShape(b.json, 'PGRST100');
    const nul = await stack.rest('/posts?title=eq.a%00b');
    expect(nul.status).toBe(400);
    const many = await stack.rest(
      `/posts?select=id&id=in.(${Array.from({ length: 2000 }, (_, i) => i).join(',')})&order=id`,
    );
    expect(many.status).toBe(200);
    expect((many.json as unknown[]).length).toBe(4);
  });
  it('rejects bad JWTs with PGRST301/303 and WWW-Authenticate', async () => {
    const garbage = await stack.rest('/posts?select=id', { token: 'not-a-jwt' });
    expect(garbage.status).toBe(401);
    expectErrorShape(garbage.json, 'PGRST301');
    expect(garbage.headers.get('www-authenticate')).toMatch(/^Bearer error="invalid_token"/);
    const wrongKey = await signJwt(
      { role: 'authenticated', sub: 'x' },
      'another-secret-another-secret-another-secret',
      60,
    );
    const forged = await stack.rest('/posts?select=id', { token: wrongKey });
    expect(forged.status).toBe(401);
    expectErrorShape(forged.json, 'PGRST301');
    const notYet = await signJwt(
      { role: 'authenticated', nbf: Math.floor(Date.now() / 1000) + 600 },
      stack.config.jwtSecret,
      3600,
    );
    const early = await stack.rest('/posts?select=id', { token: notYet });
    expect(early.status).toBe(401);
    expectErrorShape(early.json, 'PGRST303');
  });
  it('maps an unknown role claim to 401 and a missing role claim to anon', async () => {
    const ghost = await signJwt({ role: 'ghost', sub: 'x' }, stack.config.jwtSecret, 60);
    const r = await stack.rest('/posts?select=id', { token: ghost });
    expect(r.status).toBe(401);
    expectErrorShape(r.json, '22023');
    const roleless = await signJwt({ sub: '00000000-0000-0000-0000-0000000000dd' }, stack.config.jwtSecret, 60);
    const whoami = await stack.rest('/rpc/whoami', { token: roleless });
    expect(whoami.status).toBe(200);
    expect(whoami.json).toMatchObject({ role: 'anon' });
  });
  it('refuses unknown methods and media types', async () => {
    const put = await stack.rest('/posts', { method: 'TRACE' }).catch(() => null);
    if (put) expect(put.status).toBe(405);
    const options = await stack.rest('/posts', { method: 'PUT', body: '{}' });
    expect(options.status).toBe(405);
    expectErrorShape(options.json, 'PGRST117');
    const media = await stack.rest('/posts?select=id', { headers: { accept: 'application/xml' } });
    expect(media.status).toBe(406);
    expectErrorShape(media.json, 'PGRST107');
  });
});

describe('privileges and overloads', () => {
  it('maps permission denied to 401 for anon and 403 for authenticated', async () => {
    const anon = await stack.rest('/secrets?select=*');
    expect(anon.status).toBe(401);
    expect(anon.json).toMatchObject({ code: '42501', message: 'permission denied for table secrets' });
    const token = await stack.userToken('00000000-0000-0000-0000-0000000000ee');
    const user = await stack.rest('/secrets?select=*', { token });
    expect(user.status).toBe(403);
    expectErrorShape(user.json, '42501');
    const service = await stack.rest('/secrets?select=*', { key: stack.serviceRoleKey });
    expect(service.status).toBe(200);
  });
  it('answers 300 PGRST203 for overloads it cannot choose between', async () => {
    const r = await stack.rest('/rpc/overloaded', { method: 'POST', body: '{"x":1}' });
    expect(r.status).toBe(300);
    expectErrorShape(r.json, 'PGRST203');
  });
});

describe('protocol details', () => {
  it('honours the Range header and caps reads at api.max_rows', async () => {
    const ranged = await stack.rest('/posts?select=id&order=id', { headers: { range: '1-2', prefer: 'count=exact' } });
    expect(ranged.status).toBe(206);
    expect(ranged.json).toEqual([{ id: 2 }, { id: 3 }]);
    expect(ranged.headers.get('content-range')).toBe('1-2/4');
    await stack.db.exec(`insert into public.authors select g, 'a' || g from generate_series(100, 1200) g`);
    const capped = await stack.rest('/authors?select=id', { headers: { prefer: 'count=exact' } });
    expect((capped.json as unknown[]).length).toBe(1000);
    expect(capped.status).toBe(206);
    expect(capped.headers.get('content-range')).toBe('0-999/1103');
  });
  it('strips nulls on request and echoes Content-Profile', async () => {
    const r = await stack.rest('/posts?select=id,author_id&id=eq.4', {
      headers: { accept: 'application/vnd.pgrst.array+json;nulls=stripped', 'accept-profile': 'public' },
    });
    expect(r.json).toEqual([{ id: 4 }]);
    expect(r.headers.get('content-profile')).toBe('public');
    const extra = await stack.rest('/things', {
      method: 'POST',
      headers: { 'content-profile': 'extra', prefer: 'return=representation' },
      body: '{"id":2,"label":"two"}',
    });
    expect(extra.status).toBe(201);
    expect(extra.json).toEqual([{ id: 2, label: 'two' }]);
    expect(extra.headers.get('content-profile')).toBe('extra');
  });
  it('answers return=headers-only with a Location', async () => {
    const r = await stack.rest('/authors', {
      method: 'POST',
      headers: { prefer: 'return=headers-only' },
      body: '{"id":42,"name":"Loc"}',
    });
    expect(r.status).toBe(201);
    expect(r.text).toBe('');
    expect(r.headers.get('location')).toBe('/authors?id=eq.42');
  });
  it('accepts CSV bodies for bulk inserts', async () => {
    const r = await stack.rest('/authors?select=id,name,email', {
      method: 'POST',
      headers: { 'content-type': 'text/csv', prefer: 'return=representation' },
      body: 'id,name,email\n20,"Csv, Jr.",NULL\n21,Plain,p@x.io',
    });
    expect(r.status).toBe(201);
    expect(r.json).toEqual([
      { id: 20, name: 'Csv, Jr.', email: null },
      { id: 21, name: 'Plain', email: 'p@x.io' },
    ]);
  });
  it('applies response.headers and response.status set from SQL', async () => {
    await stack.db.exec(`create function public.teapot() returns text language plpgsql as $$
      begin perform set_config('response.status', '418', true);
      perform set_config('response.headers', '[{"X-Brew":"tea"}]', true); return 'short and stout'; end $$;`);
    const r = await stack.rest('/rpc/teapot', { method: 'POST', body: '{}' });
    expect(r.status).toBe(418);
    expect(r.headers.get('x-brew')).toBe('tea');
    expect(r.json).toBe('short and stout');
  });
  it('reloads the schema cache after DDL (pgrst_ddl_watch → NOTIFY pgrst)', async () => {
    await stack.db.exec(
      `create table public.late_table (id int primary key); insert into public.late_table values (1);`,
    );
    const r = await stack.rest('/late_table?select=id');
    expect(r.status).toBe(200);
    expect(r.json).toEqual([{ id: 1 }]);
    // New columns and relationships on known tables are picked up the same way.
    await stack.db.exec(
      `alter table public.late_table add column author_id bigint references public.authors(id); update public.late_table set author_id = 2;`,
    );
    const embedded = await stack.rest('/late_table?select=id,author_id,authors(name)');
    expect(embedded.status).toBe(200);
    expect(embedded.json).toEqual([{ id: 1, author_id: 2, authors: { name: 'Bob' } }]);
  });
  it('keeps the per-request settings local to the transaction', async () => {
    const token = await stack.userToken('00000000-0000-0000-0000-0000000000cc');
    await stack.rest('/rpc/whoami', { token });
    const after = await stack.db.query<{ role: string; claims: string | null }>(
      `select current_user as role, nullif(current_setting('request.jwt.claims', true), '') as claims`,
    );
    expect(after.rows[0]).toEqual({ role: 'postgres', claims: null });
  });
  it('is atomic: a failing row rolls back the whole request', async () => {
    const r = await stack.rest('/authors', {
      method: 'POST',
      body: JSON.stringify([
        { id: 30, name: 'ok' },
        { id: 31, name: null },
      ]),
    });
    expect(r.status).toBe(400);
    expect((await stack.db.query('select count(*)::int as n from authors where id in (30, 31)')).rows).toEqual([
      { n: 0 },
    ]);
    const fn = await stack.rest('/rpc/bump_title?post=1');
    expect(fn.status).toBe(405);
    expect((await stack.db.query('select title from posts where id = 1')).rows).toEqual([{ title: 'Hello World' }]);
  });
  it('keeps serving after errors (no transaction left open)', async () => {
    await stack.rest('/posts?id=eq.abc');
    await stack.rest('/authors', { method: 'POST', body: '{"id":1,"name":"dup"}' });
    const ok = await stack.rest('/authors?select=id&order=id');
    expect(ok.status).toBe(200);
    expect(ok.json).toEqual([{ id: 1 }, { id: 2 }]);
    const inTx = await stack.db.query<{ n: number }>(`select count(*)::int as n from pg_prepared_xacts`);
    expect(inTx.rows[0]!.n).toBe(0);
  });
});
