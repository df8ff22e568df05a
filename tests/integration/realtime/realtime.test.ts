import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import type { RealtimePostgresChangesPayload, SupabaseClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withRequestTx } from '../../../supabase/local/core/db.ts';
import { startTestStack, type TestStack } from '../support/stack.ts';

const FIXTURE = fileURLToPath(new URL('./fixture/', import.meta.url));
type Row = Record<string, unknown>;
type Received = RealtimePostgresChangesPayload<Row>;

let stack: TestStack;
const clients: SupabaseClient[] = [];

beforeAll(async () => {
  stack = await startTestStack({ projectDir: FIXTURE });
});
afterAll(async () => {
  for (const c of clients) await c.removeAllChannels();
  await stack.stop();
});

function track(client: SupabaseClient) {
  clients.push(client);
  return client;
}

/** Subscribes and resolves once the server confirmed the bindings; collects every change. */
async function listen(
  client: SupabaseClient,
  filter: { event: '*' | 'INSERT' | 'UPDATE' | 'DELETE'; table?: string; filter?: string },
): Promise<Received[]> {
  const received: Received[] = [];
  const channel = client.channel(`test-${randomUUID()}`);
  channel.on('postgres_changes', { schema: 'public', ...filter } as never, (payload: Received) =>
    received.push(payload),
  );
  await new Promise<void>((resolve, reject) => {
    channel.subscribe((status, err) => {
      if (status === 'SUBSCRIBED') resolve();
      else if (status !== 'CLOSED') reject(err ?? new Error(status));
    });
  });
  return received;
}

async function until(predicate: () => boolean, what: string, ms = 5000) {
  const deadline = Date.now() + ms;
  while (!predicate()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}
const settle = () => new Promise((r) => setTimeout(r, 200));

describe('realtime postgres_changes with RLS', () => {
  it('delivers a row to its owner only, never to another user or anon', async () => {
    const ownerId = randomUUID();
    const owner = track(await stack.clientAs(await stack.signUserToken({ sub: ownerId })));
    const other = track(await stack.clientAs(await stack.signUserToken({ sub: randomUUID() })));
    const anon = track(stack.anonClient());
    const [ownerGot, otherGot, anonGot] = await Promise.all([
      listen(owner, { event: 'INSERT', table: 'notes' }),
      listen(other, { event: 'INSERT', table: 'notes' }),
      listen(anon, { event: '*', table: 'notes' }),
    ]);

    await stack.db.query(`insert into notes (owner, body, tags) values ($1, 'mine', '{a,b}')`, [ownerId]);
    await until(() => ownerGot.length === 1, 'owner event');
    await settle();
    expect(otherGot).toEqual([]);
    expect(anonGot).toEqual([]);
    const event = ownerGot[0]!;
    expect(event).toMatchObject({ schema: 'public', table: 'notes', eventType: 'INSERT', errors: null, old: {} });
    expect(event.new).toMatchObject({ owner: ownerId, body: 'mine', tags: ['a', 'b'] });
    expect(typeof (event.new as Row).id).toBe('number');
    expect(Date.parse(event.commit_timestamp)).not.toBeNaN();
  });

  it('sends UPDATE with the key-only old record and DELETE with the primary key only', async () => {
    const ownerId = randomUUID();
    const owner = track(await stack.clientAs(await stack.signUserToken({ sub: ownerId })));
    const got = await listen(owner, { event: '*', table: 'notes' });
    const { rows } = await stack.db.query<{ id: number }>(
      `insert into notes (owner, body) values ($1, 'v1') returning id`,
      [ownerId],
    );
    const id = Number(rows[0]!.id);
    // Visibility is checked against the table when the event is dispatched (as Realtime's
    // apply_rls does), so a row already deleted by then is not delivered: step one change at a time.
    await until(() => got.length === 1, 'insert event');
    await stack.db.query(`update notes set body = 'v2' where id = $1`, [id]);
    await until(() => got.length === 2, 'update event');
    await stack.db.query(`delete from notes where id = $1`, [id]);
    await until(() => got.length === 3, 'delete event');
    expect(got.map((e) => e.eventType)).toEqual(['INSERT', 'UPDATE', 'DELETE']);
    expect(got[1]).toMatchObject({ new: { id, body: 'v2' }, old: { id } });
    expect(got[2]!.old).toEqual({ id });
    expect(got[2]!.new).toEqual({});
  });

  it('delivers changes written as an API role inside a request transaction (the REST path)', async () => {
    const ownerId = randomUUID();
    const owner = track(await stack.clientAs(await stack.signUserToken({ sub: ownerId })));
    const got = await listen(owner, { event: 'INSERT', table: 'notes' });
    await withRequestTx(
      stack.db,
      { role: 'authenticated', claims: { sub: ownerId } },
      { method: 'POST', path: '/notes', headers: {} },
      (tx) => tx.query(`insert into notes (owner, body) values ($1, 'through the API role')`, [ownerId]),
    );
    await until(() => got.length === 1, 'owner event');
    expect(got[0]!.new).toMatchObject({ owner: ownerId, body: 'through the API role' });
  });

  it('delivers rows larger than the NOTIFY payload limit by re-reading them', async () => {
    const ownerId = randomUUID();
    const owner = track(await stack.clientAs(await stack.signUserToken({ sub: ownerId })));
    const got = await listen(owner, { event: 'INSERT', table: 'notes' });
    const body = 'é'.repeat(6000); // 12 000 bytes of UTF-8
    await stack.db.query(`insert into notes (owner, body) values ($1, $2)`, [ownerId, body]);
    await until(() => got.length === 1, 'large row event');
    expect(got[0]!.new).toMatchObject({ owner: ownerId, body });
  });

  it('applies filters eq, neq, lt, lte, gt, gte and in', async () => {
    const anon = track(stack.anonClient());
    const filters = {
      eq: 'sensor=eq.kitchen',
      neq: 'sensor=neq.kitchen',
      lt: 'value=lt.10',
      lte: 'value=lte.10',
      gt: 'value=gt.10',
      gte: 'value=gte.10',
      in: 'sensor=in.(hall,"cellar door")',
    };
    const got = Object.fromEntries(
      await Promise.all(
        Object.entries(filters).map(
          async ([name, filter]) => [name, await listen(anon, { event: 'INSERT', table: 'readings', filter })] as const,
        ),
      ),
    );
    const all = await listen(anon, { event: 'INSERT', table: 'readings' });
    await stack.db.exec(`insert into readings values (1, 'kitchen', 5), (2, 'hall', 10), (3, 'cellar door', 15.5)`);
    await until(() => all.length === 3, 'three readings');
    await settle();
    const ids = (name: string) => got[name]!.map((e) => (e.new as Row).id).sort();
    expect(ids('eq')).toEqual([1]);
    expect(ids('neq')).toEqual([2, 3]);
    expect(ids('lt')).toEqual([1]);
    expect(ids('lte')).toEqual([1, 2]);
    expect(ids('gt')).toEqual([3]);
    expect(ids('gte')).toEqual([2, 3]);
    expect(ids('in')).toEqual([2, 3]);
  });

  it('streams a table added to the publication after start', async () => {
    const anon = track(stack.anonClient());
    await stack.db.exec(
      `create table public.late (id int primary key, label text); alter publication supabase_realtime add table public.late;`,
    );
    await stack.reloadSchema();
    const got = await listen(anon, { event: 'INSERT', table: 'late' });
    await stack.db.exec(`insert into late values (7, 'hello')`);
    await until(() => got.length === 1, 'late event');
    expect(got[0]!.new).toEqual({ id: 7, label: 'hello' });
  });
});

describe('realtime protocol', () => {
  /** A raw Phoenix client: sends frames and collects answers. */
  async function rawSocket(vsn: string, apikey = stack.anonKey) {
    const ws = new WebSocket(`${stack.url.replace('http', 'ws')}/realtime/v1/websocket?apikey=${apikey}&vsn=${vsn}`);
    const messages: unknown[] = [];
    ws.on('message', (m) => messages.push(JSON.parse(m.toString())));
    await new Promise((resolve, reject) => {
      ws.once('open', resolve);
      ws.once('error', reject);
    });
    return { ws, messages };
  }

  it('speaks vsn 2.0.0 arrays: heartbeat, join with exact binding echo, system message, leave', async () => {
    const { ws, messages } = await rawSocket('2.0.0');
    ws.send(JSON.stringify([null, '1', 'phoenix', 'heartbeat', {}]));
    const binding = { event: 'INSERT', schema: 'public', table: 'readings', filter: 'value=gt.1' };
    ws.send(
      JSON.stringify([
        '2',
        '2',
        'realtime:room1',
        'phx_join',
        { config: { postgres_changes: [binding] }, access_token: stack.anonKey },
      ]),
    );
    await until(() => messages.length >= 3, 'join answers');
    expect(messages[0]).toEqual([null, '1', 'phoenix', 'phx_reply', { status: 'ok', response: {} }]);
    const joinReply = messages[1] as [
      string,
      string,
      string,
      string,
      { status: string; response: { postgres_changes: Row[] } },
    ];
    expect(joinReply.slice(0, 4)).toEqual(['2', '2', 'realtime:room1', 'phx_reply']);
    expect(joinReply[4].status).toBe('ok');
    expect(joinReply[4].response.postgres_changes).toEqual([{ ...binding, id: expect.any(Number) }]);
    expect(messages[2]).toEqual([
      '2',
      null,
      'realtime:room1',
      'system',
      { channel: 'room1', extension: 'postgres_changes', message: 'Subscribed to PostgreSQL', status: 'ok' },
    ]);
    ws.send(JSON.stringify(['2', '3', 'realtime:room1', 'phx_leave', {}]));
    await until(() => messages.length >= 5, 'leave answers');
    expect(messages[3]).toEqual(['2', '3', 'realtime:room1', 'phx_reply', { status: 'ok', response: {} }]);
    expect((messages[4] as unknown[])[3]).toBe('phx_close');
    ws.close();
  });

  it('speaks vsn 1.0.0 objects and rejects bad tokens, bad filters and unknown topics', async () => {
    const { ws, messages } = await rawSocket('1.0.0');
    ws.send(JSON.stringify({ join_ref: null, ref: '1', topic: 'phoenix', event: 'heartbeat', payload: {} }));
    ws.send(
      JSON.stringify({
        join_ref: '2',
        ref: '2',
        topic: 'realtime:x',
        event: 'phx_join',
        payload: { config: {}, access_token: 'not.a.jwt' },
      }),
    );
    ws.send(
      JSON.stringify({
        join_ref: '3',
        ref: '3',
        topic: 'realtime:y',
        event: 'phx_join',
        payload: {
          config: {
            postgres_changes: [{ event: 'INSERT', schema: 'public', table: 'readings', filter: 'value=like.1' }],
          },
        },
      }),
    );
    ws.send(
      JSON.stringify({ join_ref: null, ref: '4', topic: 'realtime:never-joined', event: 'broadcast', payload: {} }),
    );
    ws.send('garbage');
    await until(() => messages.length >= 4, 'answers');
    expect(messages[0]).toEqual({
      join_ref: null,
      ref: '1',
      topic: 'phoenix',
      event: 'phx_reply',
      payload: { status: 'ok', response: {} },
    });
    expect(messages[1]).toMatchObject({
      ref: '2',
      event: 'phx_reply',
      payload: { status: 'error', response: { reason: expect.stringContaining('Invalid JWT') } },
    });
    expect(messages[2]).toMatchObject({
      ref: '3',
      event: 'phx_reply',
      payload: { status: 'error', response: { reason: expect.stringContaining('like') } },
    });
    expect(messages[3]).toMatchObject({
      ref: '4',
      payload: { status: 'error', response: { reason: 'unmatched topic' } },
    });
    ws.close();
  });

  it('re-evaluates a channel with the claims of an access_token update, and closes it on a bad one', async () => {
    const ownerId = randomUUID();
    const { ws, messages } = await rawSocket('2.0.0');
    ws.send(
      JSON.stringify([
        '1',
        '1',
        'realtime:mine',
        'phx_join',
        { config: { postgres_changes: [{ event: 'INSERT', schema: 'public', table: 'notes' }] } },
      ]),
    );
    await until(() => messages.length >= 2, 'join answers');
    ws.send(
      JSON.stringify([
        '1',
        '2',
        'realtime:mine',
        'access_token',
        { access_token: await stack.signUserToken({ sub: ownerId }) },
      ]),
    );
    await until(() => messages.length >= 3, 'access_token reply');
    expect(messages[2]).toEqual(['1', '2', 'realtime:mine', 'phx_reply', { status: 'ok', response: {} }]);
    await stack.db.query(`insert into notes (owner, body) values ($1, 'after token')`, [ownerId]);
    await until(() => messages.length >= 4, 'change as the owner');
    const change = messages[3] as [
      null,
      null,
      string,
      string,
      { ids: number[]; data: { record: Row; columns: { name: string; type: string }[] } },
    ];
    expect(change.slice(0, 4)).toEqual([null, null, 'realtime:mine', 'postgres_changes']);
    expect(change[4].data.record).toMatchObject({ owner: ownerId, body: 'after token' });
    expect(change[4].data.columns).toContainEqual({ name: 'tags', type: '_text' });
    expect(change[4].data.columns).toContainEqual({ name: 'id', type: 'int8' });

    ws.send(JSON.stringify(['1', '3', 'realtime:mine', 'access_token', { access_token: 'garbage' }]));
    await until(() => messages.length >= 6, 'close after bad token');
    expect((messages[4] as unknown[])[3]).toBe('system');
    expect((messages[4] as unknown[])[4]).toMatchObject({ status: 'error' });
    expect((messages[5] as unknown[])[3]).toBe('phx_close');
    ws.close();
  });

  it('reports a subscription to a table outside the publication in the system message', async () => {
    const { ws, messages } = await rawSocket('2.0.0');
    ws.send(
      JSON.stringify([
        '1',
        '1',
        'realtime:z',
        'phx_join',
        { config: { postgres_changes: [{ event: '*', schema: 'public', table: 'not_streamed' }] } },
      ]),
    );
    await until(() => messages.length >= 2, 'join answers');
    expect((messages[1] as unknown[])[4]).toMatchObject({ extension: 'postgres_changes', status: 'error' });
    ws.close();
  });
});
