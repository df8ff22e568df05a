import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import type { StackContext } from '../core/contracts.ts';
import { withRequestTx, type RequestIdentity } from '../core/db.ts';
import { translateApiKey } from '../core/gateway.ts';
import { verifyJwt } from '../core/jwt.ts';
import { bindingMatches, parseFilter, SQL_OPERATORS, type Binding } from './bindings.ts';
import { qualified, quoteIdent, syncCaptureTriggers, type CapturedTable } from './capture.ts';
import { bindingId, decodeFrame, encodeFrame, type Frame, type Vsn } from './protocol.ts';

/**
 * Local Realtime (`/realtime/v1/websocket`): Phoenix channels with `postgres_changes`
 * for tables in publication `supabase_realtime`. Changes come from the capture triggers (bootstrap 30_realtime.sql) over NOTIFY, and
 * each subscriber only receives rows its role and claims may read: the row is re-read by key in a
 * read-only transaction impersonating the subscriber (RLS decided by Postgres). DELETE events carry
 * the key columns only and go to subscribers whose role may SELECT the table, as hosted Realtime
 * does. Broadcast and presence are not emulated: joins asking for them still succeed, their pushes
 * get an error reply (binary user-broadcast frames are ignored).
 */

interface Channel {
  topic: string;
  joinRef: string | null;
  identity: RequestIdentity;
  bindings: Binding[];
}

interface Client {
  ws: WebSocket;
  vsn: Vsn;
  /** Bearer from the `apikey` query parameter after the gateway's key translation. */
  token: string | null;
  channels: Map<string, Channel>;
}

interface Change {
  schema: string;
  table: string;
  type: 'INSERT' | 'UPDATE' | 'DELETE';
  commit_timestamp: string;
  key: Record<string, unknown>;
  record?: Record<string, unknown> | null;
  old_record?: Record<string, unknown> | null;
  too_large?: boolean;
}

const EVENTS = new Set(['INSERT', 'UPDATE', 'DELETE', '*']);
const REQUEST = { method: 'GET', path: '/realtime/v1', headers: {} };

export async function createRealtimeService(ctx: StackContext) {
  const { db, config, log } = ctx;
  const clients = new Set<Client>();
  const wss = new WebSocketServer({ noServer: true, maxPayload: 1024 * 1024 });
  let tables = new Map<string, CapturedTable>();
  let syncing: Promise<void> = Promise.resolve();
  let bindingSalt = 0;

  /** Serialized trigger sync (schema changes, new joins). */
  const resync = () => {
    syncing = syncing
      .then(async () => {
        tables = await syncCaptureTriggers(db);
      })
      .catch((error) => log(`error: realtime capture sync: ${(error as Error)?.stack ?? String(error)}`));
    return syncing;
  };
  await resync();
  ctx.onSchemaChange(resync);

  let dispatching: Promise<void> = Promise.resolve();
  const unlisten = await db.listen('local_realtime', (payload) => {
    let change: Change;
    try {
      change = JSON.parse(payload) as Change;
    } catch {
      return;
    }
    dispatching = dispatching
      .then(() => dispatch(change))
      .catch((e) => log(`error: realtime dispatch: ${(e as Error)?.stack ?? String(e)}`));
  });

  function send(client: Client, frame: Frame) {
    if (client.ws.readyState === client.ws.OPEN) client.ws.send(encodeFrame(frame, client.vsn));
  }
  const reply = (client: Client, frame: Frame, status: 'ok' | 'error', response: Record<string, unknown>) =>
    send(client, {
      joinRef: frame.joinRef,
      ref: frame.ref,
      topic: frame.topic,
      event: 'phx_reply',
      payload: { status, response },
    });

  async function identify(token: string | null): Promise<RequestIdentity | { error: string }> {
    if (!token) return { role: 'anon', claims: { role: 'anon' } };
    const verified = await verifyJwt(token, config.jwtSecret);
    if (!verified.ok)
      return { error: verified.kind === 'expired' ? 'Token has expired' : `Invalid JWT: ${verified.message}` };
    const role = typeof verified.claims.role === 'string' && verified.claims.role ? verified.claims.role : 'anon';
    return { role, claims: verified.claims };
  }

  /** Checks a binding's table and filter column exist among the published tables. */
  function bindingProblem(binding: Binding): string | null {
    if (!binding.table || binding.table === '*') return null;
    const table = tables.get(`${binding.schema}.${binding.table}`);
    if (!table)
      return `Unable to subscribe to changes with given parameters. Please check Realtime is enabled for the given connect parameters: [schema: ${binding.schema}, table: ${binding.table}]`;
    if (binding.parsed && !table.columns.some((c) => c.name === binding.parsed!.column)) {
      return `Unable to subscribe to changes with given parameters. Column "${binding.parsed.column}" does not exist on ${binding.schema}.${binding.table}`;
    }
    return null;
  }

  async function join(client: Client, frame: Frame) {
    const config = (frame.payload.config ?? {}) as { postgres_changes?: unknown };
    const accessToken = typeof frame.payload.access_token === 'string' ? frame.payload.access_token : client.token;
    const identity = await identify(accessToken);
    if ('error' in identity) return reply(client, frame, 'error', { reason: identity.error });
    const requested = Array.isArray(config.postgres_changes)
      ? (config.postgres_changes as Record<string, unknown>[])
      : [];
    const bindings: Binding[] = [];
    bindingSalt++;
    for (const raw of requested) {
      const event = String(raw?.event ?? '');
      const schema = typeof raw?.schema === 'string' ? raw.schema : '';
      if (!EVENTS.has(event) || !schema)
        return reply(client, frame, 'error', { reason: `Invalid postgres_changes binding: ${JSON.stringify(raw)}` });
      const binding: Binding = { id: 0, event, schema };
      if (typeof raw.table === 'string') binding.table = raw.table;
      if (typeof raw.filter === 'string') {
        binding.filter = raw.filter;
        const parsed = parseFilter(raw.filter);
        if ('error' in parsed) return reply(client, frame, 'error', { reason: parsed.error });
        binding.parsed = parsed;
      }
      binding.id = bindingId(binding, bindingSalt);
      bindings.push(binding);
    }
    if (bindings.some((b) => b.table && b.table !== '*' && !tables.has(`${b.schema}.${b.table}`))) await resync();
    client.channels.set(frame.topic, { topic: frame.topic, joinRef: frame.joinRef, identity, bindings });
    reply(client, frame, 'ok', {
      postgres_changes: bindings.map(({ id, event, schema, table, filter }) => ({ id, event, schema, table, filter })),
    });
    if (bindings.length === 0) return;
    const problem = bindings.map(bindingProblem).find(Boolean);
    send(client, {
      joinRef: frame.joinRef,
      ref: null,
      topic: frame.topic,
      event: 'system',
      payload: {
        channel: frame.topic.replace(/^realtime:/, ''),
        extension: 'postgres_changes',
        message: problem ?? 'Subscribed to PostgreSQL',
        status: problem ? 'error' : 'ok',
      },
    });
  }

  function close(client: Client, channel: Channel, ref: string | null) {
    client.channels.delete(channel.topic);
    send(client, { joinRef: channel.joinRef, ref, topic: channel.topic, event: 'phx_close', payload: {} });
  }

  async function onFrame(client: Client, frame: Frame) {
    if (frame.topic === 'phoenix') {
      if (frame.event === 'heartbeat') reply(client, frame, 'ok', {});
      return;
    }
    if (frame.event === 'phx_join') return join(client, frame);
    const channel = client.channels.get(frame.topic);
    if (!channel) return reply(client, frame, 'error', { reason: 'unmatched topic' });
    switch (frame.event) {
      case 'phx_leave':
        reply(client, frame, 'ok', {});
        return close(client, channel, frame.ref);
      case 'access_token': {
        const token = typeof frame.payload.access_token === 'string' ? frame.payload.access_token : null;
        const identity = await identify(token);
        if ('error' in identity) {
          send(client, {
            joinRef: channel.joinRef,
            ref: null,
            topic: channel.topic,
            event: 'system',
            payload: {
              channel: channel.topic.replace(/^realtime:/, ''),
              extension: 'system',
              message: identity.error,
              status: 'error',
            },
          });
          return close(client, channel, null);
        }
        channel.identity = identity;
        return reply(client, frame, 'ok', {});
      }
      default:
        // Broadcast and presence are not emulated locally: say so rather than ack.
        if (frame.ref)
          reply(client, frame, 'error', { reason: `${frame.event} is not supported by the local Realtime` });
    }
  }

  /** Which of the channel's bindings may deliver this change to its subscriber. */
  async function visibleBindings(
    channel: Channel,
    table: CapturedTable,
    change: Change,
    row: Record<string, unknown>,
    candidates: Binding[],
  ): Promise<number[]> {
    const t = qualified(table.schema, table.table);
    const params: unknown[] = [JSON.stringify(row)];
    const conditions = candidates.map((b, i) => {
      if (!b.parsed) return `true as b${i}`;
      const column = table.columns.find((c) => c.name === b.parsed!.column);
      if (!column) return `false as b${i}`;
      const left = `r.${quoteIdent(column.name)}`;
      if (b.parsed.op === 'in') {
        params.push(JSON.stringify(b.parsed.value));
        return `coalesce(${left} = any(array(select x::${column.sqlType} from jsonb_array_elements_text($${params.length}::jsonb) x)), false) as b${i}`;
      }
      params.push(b.parsed.value);
      return `coalesce(${left} ${SQL_OPERATORS[b.parsed.op]} $${params.length}::${column.sqlType}, false) as b${i}`;
    });
    try {
      let flags: Record<string, boolean> | undefined;
      if (change.type === 'DELETE') {
        // The row is gone: filters are evaluated on the old row, visibility is the SELECT privilege.
        params.push(channel.identity.role, t);
        const res = await db.query<Record<string, boolean>>(
          `select ${conditions.join(', ')} from jsonb_populate_record(null::${t}, $1::jsonb) r
            where has_table_privilege($${params.length - 1}, $${params.length}, 'SELECT')`,
          params,
        );
        flags = res.rows[0];
      } else {
        const keyMatch = table.key
          .map((k) => `t.${quoteIdent(k)} is not distinct from r.${quoteIdent(k)}`)
          .join(' and ');
        flags = await withRequestTx(
          db,
          channel.identity,
          REQUEST,
          async (tx) =>
            (
              await tx.query<Record<string, boolean>>(
                `select ${conditions.join(', ')} from ${t} t, jsonb_populate_record(null::${t}, $1::jsonb) r where ${keyMatch} limit 1`,
                params,
              )
            ).rows[0],
          { readOnly: true },
        );
      }
      if (!flags) return [];
      return candidates.filter((_, i) => flags![`b${i}`]).map((b) => b.id);
    } catch (error) {
      // Typically "permission denied" for a role without grants: that subscriber sees nothing.
      log(
        `realtime: ${channel.identity.role} cannot receive ${change.type} on ${change.schema}.${change.table}: ${(error as Error).message}`,
      );
      return [];
    }
  }

  async function dispatch(change: Change) {
    const table = tables.get(`${change.schema}.${change.table}`);
    if (!table) return;
    let record = change.record ?? null;
    if (change.too_large && change.type !== 'DELETE') {
      const where = table.key.map(
        (k, i) =>
          `${quoteIdent(k)} is not distinct from ($${i + 1}::jsonb #>> '{}')::${table.columns.find((c) => c.name === k)?.sqlType ?? 'text'}`,
      );
      const res = await db.query<{ row: Record<string, unknown> }>(
        `select to_jsonb(t) as row from ${qualified(table.schema, table.table)} t where ${where.join(' and ')}`,
        table.key.map((k) => JSON.stringify(change.key[k] ?? null)),
      );
      record = res.rows[0]?.row ?? null;
      if (!record) return;
    }
    const keyOnly = change.key;
    const data: Record<string, unknown> = {
      schema: change.schema,
      table: change.table,
      commit_timestamp: change.commit_timestamp,
      type: change.type,
      columns: table.columns.map((c) => ({ name: c.name, type: c.type })),
      errors: null,
    };
    if (change.type !== 'DELETE') data.record = record;
    if (change.type !== 'INSERT') data.old_record = keyOnly;
    const evaluated = change.type === 'DELETE' ? (change.old_record ?? keyOnly) : record!;
    for (const client of clients) {
      for (const channel of client.channels.values()) {
        const candidates = channel.bindings.filter((b) => bindingMatches(b, change.type, change.schema, change.table));
        if (candidates.length === 0) continue;
        const ids = await visibleBindings(channel, table, change, evaluated, candidates);
        if (ids.length === 0 || !client.channels.has(channel.topic)) continue;
        send(client, {
          joinRef: null,
          ref: null,
          topic: channel.topic,
          event: 'postgres_changes',
          payload: { ids, data },
        });
      }
    }
  }

  wss.on('connection', (ws: WebSocket, request: IncomingMessage) => {
    const url = new URL(request.url ?? '/', 'http://local');
    const vsn: Vsn = url.searchParams.get('vsn')?.startsWith('2.') ? '2.0.0' : '1.0.0';
    const client: Client = {
      ws,
      vsn,
      token: translateApiKey(url.searchParams.get('apikey'), config),
      channels: new Map(),
    };
    clients.add(client);
    let queue: Promise<void> = Promise.resolve();
    ws.on('message', (data, isBinary) => {
      if (isBinary) return; // binary frames carry user broadcasts only, not emulated locally
      const frame = decodeFrame(data.toString(), vsn);
      if (!frame) return;
      queue = queue
        .then(() => onFrame(client, frame))
        .catch((e) => log(`error: realtime frame: ${(e as Error)?.stack ?? String(e)}`));
    });
    ws.on('close', () => clients.delete(client));
    ws.on('error', () => clients.delete(client));
  });

  return {
    handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer) {
      const vsn = new URL(request.url ?? '/', 'http://local').searchParams.get('vsn');
      if (vsn && !/^[12]\./.test(vsn)) {
        socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
        return;
      }
      wss.handleUpgrade(request, socket, head, (ws) => wss.emit('connection', ws, request));
    },
    async close() {
      for (const client of clients) client.ws.terminate();
      clients.clear();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
      await unlisten().catch(() => {});
      await dispatching.catch(() => {});
    },
  };
}
