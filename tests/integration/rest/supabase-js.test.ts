/**
 * The same PostgREST features through supabase-js 2.119.1 (the URLs and headers it really emits,
 * reference Appendix A): select/embeds/filters/order/range/count/single/maybeSingle/csv,
 * insert/upsert/update/delete, rpc, schema(), and RLS per role with signed user tokens.
 */
import { createClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startRestStack, type RestStack } from './helpers.ts';

let stack: RestStack;
beforeAll(async () => {
  stack = await startRestStack();
});
afterAll(async () => {
  await stack?.stop();
});

describe('supabase-js reads', () => {
  it('selects with embeds, filters and order', async () => {
    const { data, error, status } = await stack
      .client()
      .from('posts')
      .select('id, title, author:authors(name), comments(body)')
      .eq('published', true)
      .order('id', { ascending: false })
      .order('id', { referencedTable: 'comments' });
    expect(error).toBeNull();
    expect(status).toBe(200);
    expect(data).toEqual([
      { id: 3, title: 'Cats and dogs', author: { name: 'Bob' }, comments: [{ body: 'woof' }] },
      { id: 1, title: 'Hello World', author: { name: 'Ann' }, comments: [{ body: 'nice' }, { body: 'meh' }] },
    ]);
  });
  it('supports the filter builders', async () => {
    const c = stack.client();
    const ids = async (p: PromiseLike<{ data: { id: number }[] | null; error: unknown }>) => {
      const { data, error } = await p;
      expect(error).toBeNull();
      return (data ?? []).map((r) => r.id);
    };
    expect(await ids(c.from('posts').select('id').in('id', [1, 3]).order('id'))).toEqual([1, 3]);
    expect(await ids(c.from('posts').select('id').neq('id', 1).gt('id', 1).lte('id', 3).order('id'))).toEqual([2, 3]);
    expect(await ids(c.from('posts').select('id').ilike('title', '%WORLD%'))).toEqual([1]);
    expect(await ids(c.from('posts').select('id').like('title', '%and%'))).toEqual([3]);
    expect(await ids(c.from('posts').select('id').is('author_id', null))).toEqual([4]);
    expect(await ids(c.from('posts').select('id').contains('tags', ['news']).order('id'))).toEqual([1, 2]);
    expect(await ids(c.from('posts').select('id').containedBy('tags', ['news', 'intro', 'x']).order('id'))).toEqual([
      1, 2, 4,
    ]);
    expect(await ids(c.from('posts').select('id').overlaps('tags', ['pets', 'intro']).order('id'))).toEqual([1, 3]);
    expect(await ids(c.from('posts').select('id').contains('meta', { lang: 'en' }).order('id'))).toEqual([1, 3]);
    expect(await ids(c.from('posts').select('id').eq('meta->>lang', 'fr'))).toEqual([2]);
    expect(
      await ids(c.from('posts').select('id').textSearch('fts', 'cats', { type: 'websearch', config: 'english' })),
    ).toEqual([3]);
    expect(await ids(c.from('posts').select('id').textSearch('body', 'post', { config: 'english' }))).toEqual([1]);
    expect(
      await ids(c.from('posts').select('id').or('id.eq.2,and(published.is.true,author_id.eq.2)').order('id')),
    ).toEqual([2, 3]);
    expect(await ids(c.from('posts').select('id').not('published', 'is', true).order('id'))).toEqual([2, 4]);
    expect(await ids(c.from('posts').select('id').match({ author_id: 1, published: false }))).toEqual([2]);
    expect(await ids(c.from('posts').select('id').regexMatch('title', '^C'))).toEqual([3]);
    expect(await ids(c.from('posts').select('id').isDistinct('author_id', 1).order('id'))).toEqual([3, 4]);
    expect(await ids(c.from('posts').select('id').likeAnyOf('title', ['Hello%', 'Orph%']).order('id'))).toEqual([1, 4]);
    expect(await ids(c.from('posts').select('id').filter('id', 'in', '(2,4)').order('id'))).toEqual([2, 4]);
    expect(await ids(c.from('posts').select('id, comments!inner(id)').eq('comments.body', 'woof'))).toEqual([3]);
    expect(
      await ids(
        c.from('posts').select('id').order('author_id', { ascending: true, nullsFirst: true }).order('id').limit(2),
      ),
    ).toEqual([4, 1]);
  });
  it('counts, ranges and heads', async () => {
    const c = stack.client();
    const page = await c.from('posts').select('id', { count: 'exact' }).order('id').range(1, 2);
    expect(page.error).toBeNull();
    expect(page.status).toBe(206);
    expect(page.count).toBe(4);
    expect(page.data).toEqual([{ id: 2 }, { id: 3 }]);
    const head = await c.from('posts').select('*', { count: 'exact', head: true }).eq('published', true);
    expect(head.count).toBe(2);
    expect(head.data).toBeNull();
    const planned = await c.from('posts').select('id', { count: 'planned', head: true });
    expect(typeof planned.count).toBe('number');
    const beyond = await c.from('posts').select('id', { count: 'exact' }).range(10, 12);
    expect(beyond.status).toBe(416);
    expect(beyond.error?.code).toBe('PGRST103');
  });
  it('single, maybeSingle and csv', async () => {
    const c = stack.client();
    const one = await c.from('posts').select('id, title').eq('id', 1).single();
    expect(one.data).toEqual({ id: 1, title: 'Hello World' });
    const none = await c.from('posts').select('id').eq('id', 99).single();
    expect(none.status).toBe(406);
    expect(none.error).toMatchObject({ code: 'PGRST116', details: 'The result contains 0 rows' });
    const maybe = await c.from('posts').select('id').eq('id', 99).maybeSingle();
    expect(maybe.error).toBeNull();
    expect(maybe.data).toBeNull();
    const many = await c.from('posts').select('id').maybeSingle();
    expect(many.error?.code).toBe('PGRST116');
    const csv = await c.from('posts').select('id, title').lt('id', 3).order('id').csv();
    expect(csv.data).toBe('id,title\n1,"Hello World"\n2,Second');
  });
  it('reads another exposed schema with schema() and rejects unexposed ones', async () => {
    const things = await stack.client().schema('extra').from('things').select('*');
    expect(things.data).toEqual([{ id: 1, label: 'extra thing' }]);
    const bad = await stack.client().schema('fixture').from('x').select('*');
    expect(bad.status).toBe(406);
    expect(bad.error?.code).toBe('PGRST106');
  });
  it('reports errors with PostgREST codes', async () => {
    const c = stack.client();
    expect((await c.from('nope').select('*')).error?.code).toBe('PGRST205');
    expect((await c.from('posts').select('nope')).error?.code).toBe('42703');
    expect((await c.from('posts').select('id, nope(*)')).error?.code).toBe('PGRST200');
    expect((await c.from('posts').select('id').eq('id', 'abc')).error?.code).toBe('22P02');
  });
});

describe('supabase-js writes', () => {
  beforeEach(async () => {
    await stack.reset();
  });
  it('insert, bulk insert with defaults, upsert, update, delete', async () => {
    const c = stack.client(stack.serviceRoleKey);
    const inserted = await c
      .from('posts')
      .insert({ title: 'new', author_id: 2 })
      .select('id, title, published')
      .single();
    expect(inserted.status).toBe(201);
    expect(inserted.data).toEqual({ id: 5, title: 'new', published: false });
    const bulk = await c
      .from('posts')
      .insert([{ title: 'a' }, { title: 'b', published: true }], { defaultToNull: false })
      .select('id, published');
    expect(bulk.data).toEqual([
      { id: 6, published: false },
      { id: 7, published: true },
    ]);
    const minimal = await c.from('authors').insert({ id: 10, name: 'Min' });
    expect(minimal.status).toBe(201);
    expect(minimal.data).toBeNull();
    const up = await c.from('authors').upsert({ id: 1, name: 'Ann U' }).select();
    expect(up.status).toBe(200);
    expect(up.data).toEqual([{ id: 1, name: 'Ann U', email: 'ann@x.io' }]);
    const upNew = await c
      .from('authors')
      .upsert([
        { id: 1, name: 'Ann V' },
        { id: 11, name: 'Gus' },
      ])
      .select('id');
    expect(upNew.status).toBe(201);
    const ignored = await c
      .from('authors')
      .upsert({ id: 12, name: 'X', email: 'ann@x.io' }, { onConflict: 'email', ignoreDuplicates: true })
      .select();
    expect(ignored.data).toEqual([]);
    const updated = await c.from('posts').update({ title: '2nd' }, { count: 'exact' }).eq('id', 2).select('id, title');
    expect(updated.status).toBe(200);
    expect(updated.count).toBe(1);
    expect(updated.data).toEqual([{ id: 2, title: '2nd' }]);
    const plainUpdate = await c.from('posts').update({ body: 'b' }).eq('id', 99);
    expect(plainUpdate.status).toBe(204);
    const deleted = await c.from('comments').delete().eq('id', 2).select();
    expect(deleted.data).toEqual([{ id: 2, post_id: 1, body: 'meh' }]);
    const dup = await c.from('authors').insert({ id: 1, name: 'dup' });
    expect(dup.status).toBe(409);
    expect(dup.error).toMatchObject({ code: '23505', details: 'Key (id)=(1) already exists.' });
  });
  it('single() on a write rolls back when the row count is not one', async () => {
    const c = stack.client(stack.serviceRoleKey);
    const r = await c.from('posts').update({ title: 'z' }).eq('published', false).select().single();
    expect(r.status).toBe(406);
    const { data } = await c.from('posts').select('id').eq('title', 'z');
    expect(data).toEqual([]);
  });
  it('rollback() and maxAffected()', async () => {
    const c = stack.client(stack.serviceRoleKey);
    const rolled = await c.from('posts').update({ title: 'tmp' }).eq('id', 1).select('title').rollback();
    expect(rolled.data).toEqual([{ title: 'tmp' }]);
    expect((await c.from('posts').select('title').eq('id', 1).single()).data).toEqual({ title: 'Hello World' });
    // maxAffected is typed for clients declaring PostgREST 13+; the local emulator implements v14.
    type MaxAffected = { maxAffected(n: number): PromiseLike<{ status: number; error: { code: string } | null }> };
    const capped = await (
      c.from('posts').update({ title: 'cap' }).eq('published', false) as unknown as MaxAffected
    ).maxAffected(1);
    expect(capped.status).toBe(400);
    expect(capped.error?.code).toBe('PGRST124');
    expect((await c.from('posts').select('id').eq('title', 'cap')).data).toEqual([]);
  });
});

describe('supabase-js rpc', () => {
  beforeEach(async () => {
    await stack.reset();
  });
  it('covers scalar, setof, composite, table, void, json and GET calls', async () => {
    const c = stack.client();
    expect((await c.rpc('add', { a: 2, b: 5 })).data).toBe(7);
    expect((await c.rpc('add', { a: 2, b: 5 }, { get: true })).data).toBe(7);
    // A NULL scalar is the JSON text `null` on the wire, as PostgREST answers it (not an empty body).
    const nullScalar = await fetch(`${stack.url}/rest/v1/rpc/add`, {
      method: 'POST',
      headers: { apikey: stack.config.publishableKey, 'content-type': 'application/json' },
      body: JSON.stringify({ a: null, b: 5 }),
    });
    expect(nullScalar.status).toBe(200);
    expect(await nullScalar.text()).toBe('null');
    expect((await c.rpc('sum_ids', { ids: [1, 2, 3] })).data).toBe(6);
    expect((await c.rpc('sum_ids', { ids: [1, 2, 3] }, { get: true })).data).toBe(6);
    expect((await c.rpc('posts_by', { author: 1 }).select('id').order('id', { ascending: false })).data).toEqual([
      { id: 2 },
      { id: 1 },
    ]);
    expect((await c.rpc('posts_by', { author: 1 }).select('id').eq('published', true)).data).toEqual([{ id: 1 }]);
    expect((await c.rpc('posts_by', { author: 1 }).select('id, authors(name)').limit(1).order('id')).data).toEqual([
      { id: 1, authors: { name: 'Ann' } },
    ]);
    expect((await c.rpc('author_names')).data).toEqual(['Ann', 'Bob']);
    expect((await c.rpc('first_post').select('id, title')).data).toEqual({ id: 1, title: 'Hello World' });
    expect((await c.rpc('post_stats')).data).toEqual([
      { author_id: 1, n: 2 },
      { author_id: 2, n: 1 },
    ]);
    expect((await c.rpc('echo_json', { payload: { a: [1, 'x'] } })).data).toEqual({ a: [1, 'x'] });
    expect((await c.rpc('whole_body', { anything: true })).data).toEqual({ anything: true });
    const counted = await c.rpc('posts_by', { author: 1 }, { count: 'exact' }).select('id').limit(1);
    expect(counted.count).toBe(2);
    const v = await c.rpc('noop');
    expect(v.status).toBe(204);
    expect(v.error).toBeNull();
  });
  it('runs volatile functions read-write on POST and read-only on GET', async () => {
    const c = stack.client();
    expect((await c.rpc('bump_title', { post: 1 })).status).toBe(204);
    expect((await c.from('posts').select('title').eq('id', 1).single()).data).toEqual({ title: 'Hello World!' });
    const viaGet = await c.rpc('bump_title', { post: 1 }, { get: true });
    expect(viaGet.status).toBe(405);
    expect(viaGet.error?.code).toBe('25006');
  });
  it('maps function errors', async () => {
    const c = stack.client();
    const missing = await c.rpc('nope', { x: 1 });
    expect(missing.status).toBe(404);
    expect(missing.error).toMatchObject({
      code: 'PGRST202',
      message: 'Could not find the function public.nope(x) in the schema cache',
    });
    const plain = await c.rpc('fail_plain');
    expect(plain.status).toBe(400);
    expect(plain.error).toMatchObject({ code: 'P0001', message: 'plain failure' });
    const custom = await c.rpc('fail_custom');
    expect(custom.status).toBe(418);
    expect(custom.error).toEqual({ code: '123', message: 'custom', details: 'd', hint: 'h' });
  });
});

describe('RLS per role through supabase-js', () => {
  const userA = '00000000-0000-0000-0000-0000000000aa';
  const userB = '00000000-0000-0000-0000-0000000000bb';
  beforeEach(async () => {
    await stack.reset();
  });
  it('isolates users, hides rows from anon and lets service_role bypass', async () => {
    const a = stack.client(await stack.userToken(userA, { email: 'a@x.io' }));
    const b = stack.client(await stack.userToken(userB));
    const noteA = await a.from('notes').insert({ body: 'from A' }).select('id, owner, body').single();
    expect(noteA.status).toBe(201);
    expect(noteA.data).toMatchObject({ owner: userA, body: 'from A' });
    await b.from('notes').insert({ body: 'from B' });
    expect((await a.from('notes').select('body')).data).toEqual([{ body: 'from A' }]);
    expect((await b.from('notes').select('body')).data).toEqual([{ body: 'from B' }]);
    // B cannot update or delete A's note: 0 rows affected, not an error.
    const hijack = await b.from('notes').update({ body: 'hacked' }).eq('id', noteA.data!.id).select();
    expect(hijack.data).toEqual([]);
    const del = await b.from('notes').delete().eq('id', noteA.data!.id).select();
    expect(del.data).toEqual([]);
    // Writing a row owned by someone else violates WITH CHECK → 403 for an authenticated user.
    const forged = await b.from('notes').insert({ body: 'forged', owner: userA });
    expect(forged.status).toBe(403);
    expect(forged.error).toMatchObject({
      code: '42501',
      message: 'new row violates row-level security policy for table "notes"',
    });
    // anon sees nothing and may not insert (401).
    const anon = stack.client();
    expect((await anon.from('notes').select('*')).data).toEqual([]);
    const anonInsert = await anon.from('notes').insert({ body: 'x', owner: userA });
    expect(anonInsert.status).toBe(401);
    expect(anonInsert.error?.code).toBe('42501');
    // service_role bypasses RLS.
    const all = await stack.client(stack.serviceRoleKey).from('notes').select('body').order('id');
    expect(all.data).toEqual([{ body: 'from A' }, { body: 'from B' }]);
  });
  it('translates new-format publishable and secret keys', async () => {
    const options = {
      auth: { persistSession: false },
      realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
    };
    const publishable = createClient(stack.url, stack.config.publishableKey, options);
    expect((await publishable.rpc('whoami')).data).toMatchObject({ role: 'anon' });
    expect((await publishable.from('secrets').select('*')).status).toBe(401);
    const secret = createClient(stack.url, stack.config.secretKey, options);
    expect((await secret.rpc('whoami')).data).toMatchObject({ role: 'service_role' });
    expect((await secret.from('secrets').select('*')).status).toBe(200);
  });
  it('exposes role, claims and request info to SQL', async () => {
    const a = stack.client(await stack.userToken(userA));
    expect((await a.rpc('whoami')).data).toEqual({ role: 'authenticated', sub: userA, method: 'POST' });
    expect((await stack.client().rpc('whoami', {}, { get: true })).data).toEqual({
      role: 'anon',
      sub: null,
      method: 'GET',
    });
  });
});
